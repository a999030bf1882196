import { zodResolver } from "@hookform/resolvers/zod";
import { isStrongStaffPassword, newStaffPasswordSchema } from "@vaki/contract/admin/new-password";
import { roleLabels } from "@vaki/contract/admin/permissions";
import {
  adminMessages,
  presentedStaffPasswordSchema,
  type SetupInspectAnswer,
  type SetupStartAnswer,
  staffEmailSchema,
  staffNameSchema,
  totpCodeSchema,
} from "@vaki/contract/admin/schemas";
import { Check, Copy, Download } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { usePageTitle } from "../../lib/use-page-title";
import { AuthCard } from "./auth-card";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { useSetupConfirm, useSetupLink, useSetupStart } from "./setup-api";

type Step = "account" | "authenticator" | "recovery";
const stepNames: Record<Step, string> = {
  account: "Your details",
  authenticator: "Authenticator app",
  recovery: "Recovery codes",
};

/**
 * Setting up from a link (the first owner's, an invitation, or a two-factor reset): details and
 * password, then the authenticator app (QR code and the secret as text) confirmed with a code,
 * then the 10 recovery codes, shown only this once.
 */
export function SetupPage() {
  usePageTitle("Set up your account");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const link = useSetupLink(token);
  const [enrolment, setEnrolment] = useState<SetupStartAnswer | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const step: Step = recoveryCodes ? "recovery" : enrolment ? "authenticator" : "account";

  let body: React.ReactNode;
  if (!token) body = <FormError error={adminMessages.linkUnknown} />;
  else if (link.isPending) body = <p role="status">Checking your link…</p>;
  else if (link.isError) body = <FormError error={errorMessage(link.error)} />;
  else if (recoveryCodes) body = <RecoveryCodesStep codes={recoveryCodes} />;
  else if (enrolment) body = <AuthenticatorStep token={token} enrolment={enrolment} onDone={setRecoveryCodes} />;
  else body = <AccountStep token={token} link={link.data} onStarted={setEnrolment} />;

  return (
    <AuthCard wide>
      <h1>Set up your account</h1>
      {link.data ? (
        <ol className="steps" aria-label="Steps">
          {(["account", "authenticator", "recovery"] as const).map((name) => (
            <li key={name} aria-current={name === step ? "step" : undefined}>
              {name === "account" && link.data.kind === "reset-two-factor" ? "Your password" : stepNames[name]}
            </li>
          ))}
        </ol>
      ) : null}
      {body}
    </AuthCard>
  );
}

function AccountStep({
  token,
  link,
  onStarted,
}: {
  token: string;
  link: SetupInspectAnswer;
  onStarted: (answer: SetupStartAnswer) => void;
}) {
  if (link.kind === "reset-two-factor") return <ResetStep token={token} link={link} onStarted={onStarted} />;
  return <NewAccountStep token={token} link={link} onStarted={onStarted} />;
}

function NewAccountStep({
  token,
  link,
  onStarted,
}: {
  token: string;
  link: SetupInspectAnswer;
  onStarted: (answer: SetupStartAnswer) => void;
}) {
  const start = useSetupStart();
  const askEmail = link.email === null;
  // The person's own name and e-mail make a password easier to guess: the meter counts them.
  const schema = z
    .object({
      name: staffNameSchema,
      email: askEmail ? staffEmailSchema : z.string().optional(),
      password: newStaffPasswordSchema,
    })
    .refine((values) => isStrongStaffPassword(values.password, [values.name, values.email ?? link.email ?? ""]), {
      path: ["password"],
      message: adminMessages.passwordWeak,
    });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: link.name ?? "", email: "", password: "" },
  });
  const { errors } = form.formState;
  const [name, email, password] = form.watch(["name", "email", "password"]);

  const submit = form.handleSubmit((values) =>
    start.mutate(
      { token, name: values.name, password: values.password, ...(askEmail ? { email: values.email } : {}) },
      { onSuccess: onStarted },
    ),
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">
        {link.kind === "setup"
          ? "You are creating the shop owner's account."
          : `You have been invited as ${roleLabels[link.role]}${link.email ? ` (${link.email})` : ""}.`}
      </p>
      <FormError error={start.error ? errorMessage(start.error) : null} />
      <Field id="setup-name" label="Your name" error={errors.name?.message}>
        {(aria) => <input className="input" autoComplete="name" {...aria} {...form.register("name")} />}
      </Field>
      {askEmail ? (
        <Field id="setup-email" label="E-mail" error={errors.email?.message} hint="You sign in with it.">
          {(aria) => (
            <input className="input" type="email" autoComplete="username" {...aria} {...form.register("email")} />
          )}
        </Field>
      ) : null}
      <Field
        id="setup-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 12 characters. A few unrelated words make a strong one."
      >
        {(aria) => (
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            {...aria}
            {...form.register("password")}
          />
        )}
      </Field>
      <PasswordStrengthMeter password={password ?? ""} userInputs={[name ?? "", email ?? "", link.email ?? ""]} />
      <button type="submit" className="button" disabled={start.isPending}>
        Continue
      </button>
    </form>
  );
}

const resetSchema = z.object({ password: presentedStaffPasswordSchema });

function ResetStep({
  token,
  link,
  onStarted,
}: {
  token: string;
  link: SetupInspectAnswer;
  onStarted: (answer: SetupStartAnswer) => void;
}) {
  const start = useSetupStart();
  const form = useForm<z.infer<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: "" },
  });
  const submit = form.handleSubmit((values) =>
    start.mutate({ token, password: values.password }, { onSuccess: onStarted }),
  );
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">
        Your two-factor sign-in was reset{link.email ? ` for ${link.email}` : ""}. Enter your password to set up your
        authenticator app again.
      </p>
      <FormError error={start.error ? errorMessage(start.error) : null} />
      <Field id="reset-password" label="Password" error={form.formState.errors.password?.message}>
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
      <button type="submit" className="button" disabled={start.isPending}>
        Continue
      </button>
    </form>
  );
}

const codeSchema = z.object({ code: totpCodeSchema });

function AuthenticatorStep({
  token,
  enrolment,
  onDone,
}: {
  token: string;
  enrolment: SetupStartAnswer;
  onDone: (codes: string[]) => void;
}) {
  const confirm = useSetupConfirm();
  const form = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: "" },
  });
  const submit = form.handleSubmit((values) =>
    confirm.mutate({ token, code: values.code }, { onSuccess: (answer) => onDone(answer.recoveryCodes) }),
  );
  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`;

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>{adminMessages.setupStarted}</p>
      <img className="qr" src={qrSource} alt="QR code to add this account to your authenticator app" />
      <div className="field">
        <p className="field__label">Or type this key into the app</p>
        <code className="secret" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </div>
      <FormError error={confirm.error ? errorMessage(confirm.error) : null} />
      <Field id="setup-code" label="6-digit code from the app" error={form.formState.errors.code?.message}>
        {(aria) => (
          <input
            className="input input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...aria}
            {...form.register("code")}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={confirm.isPending}>
        Confirm code
      </button>
    </form>
  );
}

function RecoveryCodesStep({ codes }: { codes: string[] }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `VAKI admin recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

  return (
    <div className="form">
      <p className="alert alert--ok" role="status">
        {adminMessages.setupComplete}
      </p>
      <p>
        Save these recovery codes somewhere safe. If you lose your phone, each one signs you in once instead of a code.
        <strong> They are shown only now.</strong>
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="form-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {copied ? "Copied" : "Copy codes"}
        </button>
        <a className="button button--secondary" href={download} download="vaki-admin-recovery-codes.txt">
          <Download size={16} aria-hidden="true" />
          Download codes
        </a>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} />I have saved these
        codes
      </label>
      <button type="button" className="button" disabled={!saved} onClick={() => navigate("/", { replace: true })}>
        Continue to the admin
      </button>
    </div>
  );
}
