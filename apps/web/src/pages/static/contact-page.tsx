import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ContactPage() {
  usePageTitle("Contact Us");
  return (
    <ComingSoon title="Contact Us">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
