import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ResetPasswordPage() {
  usePageTitle("Reset Password");
  return (
    <ComingSoon title="Reset Password">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
