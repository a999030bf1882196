import { zodResolver } from "@hookform/resolvers/zod";
import { adminMessages, type LoginRequest, loginRequestSchema, signInCodeSchema } from "@vaki/contract/admin/schemas";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { usePageTitle } from "../../lib/use-page-title";
import { useLogin, useVerify } from "./api";
import { AuthCard } from "./auth-card";

const notices: Record<string, string> = {
  "signed-out": adminMessages.signedOut,
  "signed-out-everywhere": adminMessages.signedOutEverywhere,
  ended: adminMessages.sessionEnded,
};

/** Only paths inside the admin: a `next` pointing elsewhere is ignored. */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/";
}

const codeFormSchema = z.object({ code: signInCodeSchema });
type CodeForm = z.input<typeof codeFormSchema>;

/** Sign-in: e-mail and password, then the authenticator's code or a recovery code. */
export function SignInPage() {
  usePageTitle("Sign in");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  const notice = notices[searchParams.get("notice") ?? ""];

  return (
    <AuthCard>
      <h1>Sign in</h1>
      {notice && !challenge ? (
        <p className={searchParams.get("notice") === "ended" ? "alert alert--info" : "alert alert--ok"} role="status">
          {notice}
        </p>
      ) : null}
      {challenge ? (
        <CodeStep
          challengeToken={challenge}
          onRestart={() => setChallenge(null)}
          onSignedIn={() => navigate(safeNext(searchParams.get("next")), { replace: true })}
        />
      ) : (
        <PasswordStep onChallenge={setChallenge} />
      )}
    </AuthCard>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (token: string) => void }) {
  const login = useLogin();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: (answer) => onChallenge(answer.challengeToken) }),
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FormError error={login.error ? errorMessage(login.error) : null} />
      <Field id="email" label="E-mail" error={errors.email?.message}>
        {(aria) => (
          <input className="input" type="email" autoComplete="username" {...aria} {...form.register("email")} />
        )}
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        {(aria) => (
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            {...aria}
            {...form.register("password")}
          />
        )}
      </Field>
      <button type="submit" className="button button--block" disabled={login.isPending}>
        Continue
      </button>
    </form>
  );
}

function CodeStep({
  challengeToken,
  onRestart,
  onSignedIn,
}: {
  challengeToken: string;
  onRestart: () => void;
  onSignedIn: () => void;
}) {
  const verify = useVerify();
  const [recovery, setRecovery] = useState(false);
  const form = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    verify.mutate({ challengeToken, code: values.code }, { onSuccess: onSignedIn }),
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up your account. Each works once."
          : adminMessages.signInStarted}
      </p>
      <FormError error={verify.error ? errorMessage(verify.error) : null} />
      <Field
        id="code"
        label={recovery ? "Recovery code" : "6-digit code"}
        error={errors.code?.message}
        hint={recovery ? "Like abcde-12345" : undefined}
      >
        {(aria) => (
          <input
            className="input input--code"
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            maxLength={recovery ? 11 : 7}
            {...aria}
            {...form.register("code")}
          />
        )}
      </Field>
      <button type="submit" className="button button--block" disabled={verify.isPending}>
        Sign in
      </button>
      <div className="form-row form-row--spread">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setRecovery(!recovery);
            form.reset({ code: "" });
            verify.reset();
          }}
        >
          {recovery ? "Use the code from your app" : "Use a recovery code"}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}
