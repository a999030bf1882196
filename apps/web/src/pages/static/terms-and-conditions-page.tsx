import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function TermsAndConditionsPage() {
  usePageTitle("Terms & Conditions");
  return (
    <ComingSoon title="Terms & Conditions">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
