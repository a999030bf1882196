import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { z } from "@vaki/contract/zod";
import { LoaderCircle, MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { FormField, FormMessage } from "../../../components/form-field";
import { requestPasswordReset } from "../auth-api";
import { loginMessages as t } from "../auth-messages";
import { forgotPasswordErrorMessage } from "../forgot-password-error";

/** R-ORD-5 — one required field, email or mobile. */
export const forgotFormSchema = z.object({ emailOrMobile: z.string().trim().min(1, t.forgotIdentifierRequired) });
type ForgotFormValues = z.infer<typeof forgotFormSchema>;

/** The FORGOT PASSWORD view: asks for a reset link (sent by e-mail, valid 24 hours). */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const request = useMutation({ mutationKey: ["auth", "forgot-password"], mutationFn: requestPasswordReset });
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ForgotFormValues>({ resolver: zodResolver(forgotFormSchema), defaultValues: { emailOrMobile: "" } });

  // Each view starts on its first field (also after switching views inside the open modal).
  useEffect(() => setFocus("emailOrMobile"), [setFocus]);
  const backRef = useRef<HTMLButtonElement>(null);
  // The form leaves when the link is sent: keep focus in the dialog, on the way back.
  useEffect(() => {
    if (request.isSuccess) backRef.current?.focus();
  }, [request.isSuccess]);

  const submit = handleSubmit((values) => {
    if (!request.isPending) request.mutate(values.emailOrMobile);
  });

  if (request.isSuccess) {
    return (
      <div className="auth-form">
        <FormMessage tone="success">
          <p className="login-modal__sent">
            <MailCheck aria-hidden="true" />
            {t.resetLinkSent}
          </p>
          {request.data.sentTo ? <p className="login-modal__sent-to">Sent to {request.data.sentTo}</p> : null}
        </FormMessage>
        <button ref={backRef} type="button" className="button auth-form__submit" onClick={onBackToLogin}>
          Back to Login
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p className="login-modal__intro">
        Enter the email or mobile number of your account and we&apos;ll send you a link to set a new password.
      </p>
      {request.isError ? <FormMessage tone="error">{forgotPasswordErrorMessage(request.error)}</FormMessage> : null}
      <FormField
        label="Email or Mobile"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.emailOrMobile?.message}
        {...register("emailOrMobile")}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={request.isPending}>
        {request.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
        Send Reset Link
      </button>
      <button type="button" className="link-button login-modal__back" onClick={onBackToLogin}>
        Back to Login
      </button>
    </form>
  );
}
