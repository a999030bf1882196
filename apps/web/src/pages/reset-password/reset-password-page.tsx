import { useQuery } from "@tanstack/react-query";
import { CircleCheck, KeyRound, Link2Off } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { verifyResetToken } from "../../features/accounts/auth-api";
import { resetPageMessages as t } from "../../features/accounts/auth-messages";
import { openLoginAt } from "../../features/accounts/login-modal-store";
import { isApiError } from "../../lib/api-error";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import { ResetPasswordForm } from "./reset-password-form";
import "../../features/accounts/components/auth-forms.css";
import "./reset-password.css";

/** Why the token check failed, in the server's words for a dead link (invalid, expired, used). */
function verifyProblem(error: unknown): string {
  if (isApiError(error) && [400, 404, 410].includes(error.status) && error.message) return error.message;
  return t.verifyFailed;
}

/**
 * Reset password (R-ORD-2 "Reset password page", R-ORD-4, R-ORD-8): checks the link's
 * token (?fpt=), then asks for the new password twice; a dead link offers a new one.
 */
export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  const [params] = useSearchParams();
  const token = params.get("fpt")?.trim() || null;
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const verify = useQuery({
    queryKey: ["reset-token", token],
    queryFn: ({ signal }) => verifyResetToken(token ?? "", signal),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (done) return <SuccessPanel />;
  if (!token) return <LinkIssue message={t.noToken} />;
  if (linkProblem) return <LinkIssue message={linkProblem} />;
  if (verify.isPending) {
    return (
      <ResetCard icon={<KeyRound aria-hidden="true" />} title="Reset Password">
        <div className="reset-page__verifying" role="status">
          <span className="reset-page__spinner" aria-hidden="true" />
          <p>{t.verifying}</p>
        </div>
      </ResetCard>
    );
  }
  if (verify.isError) return <LinkIssue message={verifyProblem(verify.error)} />;

  return (
    <ResetCard
      icon={<KeyRound aria-hidden="true" />}
      title="Set a New Password"
      intro="Choose a new password for your account. You'll use it the next time you log in."
    >
      <ResetPasswordForm token={token} onReset={() => setDone(true)} onLinkProblem={setLinkProblem} />
    </ResetCard>
  );
}

function ResetCard({
  icon,
  title,
  intro,
  tone = "default",
  children,
}: {
  icon: ReactNode;
  title: string;
  intro?: ReactNode;
  tone?: "default" | "error" | "success";
  children: ReactNode;
}) {
  return (
    <div className="reset-page">
      <div className="moon reset-page__moon" aria-hidden="true" />
      <section className={`reset-card reset-card--${tone}`} aria-labelledby="reset-title">
        <span className="reset-card__icon">{icon}</span>
        <h1 id="reset-title" className="reset-card__title">
          {title}
        </h1>
        {intro ? <p className="reset-card__intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** A missing, invalid, expired or used link: home, or a new link from the login modal's forgot view. */
function LinkIssue({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <ResetCard icon={<Link2Off aria-hidden="true" />} title={t.linkIssue} tone="error">
      <p className="reset-card__message" role="alert">
        {message}
      </p>
      <div className="reset-card__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            await navigate(paths.home);
            openLoginAt("forgot");
          }}
        >
          Request New Reset Link
        </button>
        <Link to={paths.home} className="button">
          Go to Home
        </Link>
      </div>
    </ResetCard>
  );
}

function SuccessPanel() {
  return (
    <ResetCard icon={<CircleCheck aria-hidden="true" />} title="You're All Set" tone="success">
      <p className="reset-card__message" role="status">
        {t.succeeded}
      </p>
      <div className="reset-card__actions">
        <Link to={paths.home} className="button button--primary" onClick={() => openLoginAt("login")}>
          Login
        </Link>
        <Link to={paths.home} className="button">
          Go to Home
        </Link>
      </div>
    </ResetCard>
  );
}
