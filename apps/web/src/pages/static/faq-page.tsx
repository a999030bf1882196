import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function FaqPage() {
  usePageTitle("FAQ");
  return (
    <ComingSoon title="FAQ">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
