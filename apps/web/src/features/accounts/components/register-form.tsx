import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors } from "@vaki/contract/envelope";
import { z } from "@vaki/contract/zod";
import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField, FormMessage, PasswordField } from "../../../components/form-field";
import { isApiError } from "../../../lib/api-error";
import { toast } from "../../../lib/toast-store";
import { registerFieldLabels, loginMessages as t } from "../auth-messages";
import { serverWords, useRegister } from "../hooks/use-session-actions";

/**
 * R-ORD-5 — full name, email and password are required, mobile optional.
 * Format and password strength are the server's call: its field errors are listed with labels.
 */
export const registerFormSchema = z.object({
  name: z.string().trim().min(1, t.nameRequired),
  email: z.string().trim().min(1, t.emailRequired),
  mobile: z.string().trim(),
  password: z.string().min(1, t.passwordRequired),
});
type RegisterFormValues = z.infer<typeof registerFormSchema>;

interface ServerFieldError {
  field: string;
  label: string;
  message: string;
}

/** The server's field errors in form order, each with its label (spec: 'Full Name', 'Email', 'Mobile Number', 'Password'). */
export function listFieldErrors(fieldErrors: FieldErrors): ServerFieldError[] {
  const order = Object.keys(registerFieldLabels);
  return Object.entries(fieldErrors)
    .filter(([, messages]) => messages.length > 0)
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
    .map(([field, messages]) => ({ field, label: registerFieldLabels[field] ?? field, message: messages.join(" ") }));
}

interface RegisterFormProps {
  onBackToLogin: () => void;
  onRegistered: () => void;
}

/** The CREATE NEW ACCOUNT view. A new customer is logged in at once. */
export function RegisterForm({ onBackToLogin, onRegistered }: RegisterFormProps) {
  const signUp = useRegister();
  const [serverErrors, setServerErrors] = useState<ServerFieldError[]>([]);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: "", email: "", mobile: "", password: "" },
  });

  // Each view starts on its first field (also after switching views inside the open modal).
  useEffect(() => setFocus("name"), [setFocus]);

  // mutateAsync, not mutate's callbacks: the form unmounts as soon as the new session exists.
  const submit = handleSubmit(async (values) => {
    if (signUp.isPending) return;
    setServerErrors([]);
    try {
      await signUp.mutateAsync({
        name: values.name,
        email: values.email,
        password: values.password,
        mobile: values.mobile || undefined,
      });
    } catch (error) {
      const listed = isApiError(error) ? listFieldErrors(error.fieldErrors) : [];
      if (listed.length > 0) {
        setServerErrors(listed);
        toast.error(t.fixValidationErrors);
      } else {
        // R-SHOP-4: the server's message (the spec's toast had an undefined variable).
        toast.error(serverWords(error) ?? t.registrationFailed);
      }
      return;
    }
    toast.success(t.registered);
    onRegistered();
  });

  const listed = (field: string) => serverErrors.some((error) => error.field === field);
  // A field the server refused is marked invalid too (its reason is in the list above).
  const refused = (field: string) => (listed(field) ? { "aria-invalid": true as const } : {});
  const passwordListed = listed("password");

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {serverErrors.length > 0 ? (
        <FormMessage tone="error">
          <p>Please check these fields:</p>
          <ul>
            {serverErrors.map((error) => (
              <li key={error.field}>
                <strong>{error.label}:</strong> {error.message}
              </li>
            ))}
          </ul>
        </FormMessage>
      ) : null}
      <FormField
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...refused("name")}
        {...register("name")}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.email?.message}
        {...refused("email")}
        {...register("email")}
      />
      <FormField
        label="Mobile Number (optional)"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={errors.mobile?.message}
        {...refused("mobile")}
        {...register("mobile")}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={passwordListed ? undefined : t.passwordHint}
        error={errors.password?.message}
        {...refused("password")}
        {...register("password")}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={signUp.isPending}>
        {signUp.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
        Create Account
      </button>
      <button type="button" className="link-button login-modal__back" onClick={onBackToLogin}>
        Back to Login
      </button>
    </form>
  );
}
