import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function PrivacyPolicyPage() {
  usePageTitle("Privacy Policy");
  return (
    <ComingSoon title="Privacy Policy">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
