import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { z } from "@vaki/contract/zod";
import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { FormMessage, PasswordField } from "../../components/form-field";
import { resetPassword } from "../../features/accounts/auth-api";
import { loginMessages, resetPageMessages as t } from "../../features/accounts/auth-messages";
import { isApiError } from "../../lib/api-error";

/**
 * Both fields required, and the confirmation must match the new password (R-SHOP-5: the spec's
 * page forgot to compare them). Strength is the server's rule.
 */
export const resetFormSchema = z
  .object({
    password: z.string().min(1, t.newPasswordRequired),
    confirmPassword: z.string().min(1, t.confirmRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: t.passwordsDoNotMatch,
  });
type ResetFormValues = z.infer<typeof resetFormSchema>;

interface ResetPasswordFormProps {
  token: string;
  onReset: () => void;
  /** The link died while the form was open (404 invalid, 410 expired or used). */
  onLinkProblem: (message: string) => void;
}

export function ResetPasswordForm({ token, onReset, onLinkProblem }: ResetPasswordFormProps) {
  const reset = useMutation({ mutationKey: ["auth", "reset-password"], mutationFn: resetPassword });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });

  useEffect(() => setFocus("password"), [setFocus]);

  const submit = handleSubmit(async (values) => {
    if (reset.isPending) return;
    try {
      await reset.mutateAsync({ token, ...values });
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 410)) {
        onLinkProblem(error.message || t.invalidToken);
        return;
      }
      const passwordError = isApiError(error) ? error.fieldErrors.password?.[0] : undefined;
      if (passwordError) setError("password", { message: passwordError }, { shouldFocus: true });
      return;
    }
    onReset();
  });

  const formError =
    reset.isError && !(isApiError(reset.error) && reset.error.fieldErrors.password?.length)
      ? isApiError(reset.error) && reset.error.status > 0 && reset.error.status < 500
        ? reset.error.message
        : t.resetFailed
      : null;

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        hint={loginMessages.passwordHint}
        error={errors.password?.message}
        {...register("password")}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={reset.isPending}>
        {reset.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
        {reset.isPending ? "Resetting Password..." : "Reset Password"}
      </button>
    </form>
  );
}
