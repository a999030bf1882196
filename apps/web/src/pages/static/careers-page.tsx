import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function CareersPage() {
  usePageTitle("Careers");
  return (
    <ComingSoon title="Careers">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
