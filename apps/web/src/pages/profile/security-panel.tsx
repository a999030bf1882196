import { LoaderCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FormMessage, PasswordField } from "../../components/form-field";
import { loginMessages, profileMessages as t } from "../../features/accounts/auth-messages";
import { type ChangePasswordInput, useChangePassword } from "../../features/accounts/profile-api";
import { isApiError } from "../../lib/api-error";
import { toast } from "../../lib/toast-store";
import { passwordChangeProblem } from "./profile-rules";

const EMPTY: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };
type FieldErrors = Partial<Record<keyof ChangePasswordInput, string>>;

/** The Security tab: change the password (R-ORD-2, R-ORD-5, R-ORD-8). */
export function SecurityPanel() {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordInput>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const bind = (name: keyof ChangePasswordInput) => ({
    name,
    value: values[name],
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((previous) => ({ ...previous, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setFieldErrors({});
    const rule = passwordChangeProblem(values);
    setProblem(rule);
    if (rule) return;
    change.mutate(values, {
      onSuccess: () => {
        toast.success(t.passwordChanged);
        setValues(EMPTY);
      },
      onError: (error) => {
        toast.error(t.passwordChangeFailed);
        const fields = isApiError(error) ? error.fieldErrors : {};
        const mapped: FieldErrors = {
          currentPassword: fields.currentPassword?.[0] ?? fields.oldPassword?.[0],
          newPassword: fields.newPassword?.[0] ?? fields.password?.[0],
          confirmPassword: fields.confirmPassword?.[0],
        };
        setFieldErrors(mapped);
        if (!mapped.currentPassword && !mapped.newPassword && !mapped.confirmPassword && isApiError(error)) {
          setProblem(error.message);
        }
      },
    });
  }

  return (
    <section className="profile-card" aria-labelledby="security-title">
      <h2 id="security-title" className="profile-card__title">
        Your Password
      </h2>
      <p className="profile-card__muted">
        Changing your password signs you out on your other devices. This one stays logged in.
      </p>
      <form className="auth-form security-form" onSubmit={submit} noValidate>
        {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
        <PasswordField label="Current Password" autoComplete="current-password" {...bind("currentPassword")} />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          hint={loginMessages.passwordHint}
          {...bind("newPassword")}
        />
        <PasswordField label="Confirm New Password" autoComplete="new-password" {...bind("confirmPassword")} />
        <button type="submit" className="button button--primary security-form__submit" disabled={change.isPending}>
          {change.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : null}
          Change Password
        </button>
      </form>
    </section>
  );
}
