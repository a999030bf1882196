import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@vaki/contract/zod";
import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { FormField, PasswordField } from "../../../components/form-field";
import { loginMessages as t } from "../auth-messages";
import { useLogin } from "../hooks/use-session-actions";

/** R-ORD-5 — email/phone and password are required; the server checks the rest. */
export const loginFormSchema = z.object({
  emailOrPhone: z.string().trim().min(1, t.identifierRequired),
  password: z.string().min(1, t.passwordRequired),
});
type LoginFormValues = z.infer<typeof loginFormSchema>;

interface LoginFormProps {
  onForgot: () => void;
  onCreateAccount: () => void;
  onLoggedIn: () => void;
}

/** The LOGIN view: email or phone, password with show/hide, links to the other views. */
export function LoginForm({ onForgot, onCreateAccount, onLoggedIn }: LoginFormProps) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { emailOrPhone: "", password: "" },
  });

  // Each view starts on its first field (also after switching views inside the open modal).
  useEffect(() => setFocus("emailOrPhone"), [setFocus]);

  // mutateAsync, not mutate's callbacks: the form unmounts as soon as the session exists.
  const submit = handleSubmit(async (values) => {
    if (login.isPending) return;
    try {
      await login.mutateAsync(values);
    } catch {
      return; // the hook toasts the failure
    }
    onLoggedIn();
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label="Email or Phone"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailOrPhone?.message}
        {...register("emailOrPhone")}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="login-modal__forgot">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot your password?
        </button>
      </div>
      <button type="submit" className="button button--primary auth-form__submit" disabled={login.isPending}>
        {login.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
        Login
      </button>
      <div className="login-modal__switch">
        <span className="login-modal__switch-text">New to the shop?</span>
        <button type="button" className="button auth-form__secondary" onClick={onCreateAccount}>
          Create New Account
        </button>
      </div>
    </form>
  );
}
