import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function TermsOfServicePage() {
  usePageTitle("Terms of Service");
  return (
    <ComingSoon title="Terms of Service">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
