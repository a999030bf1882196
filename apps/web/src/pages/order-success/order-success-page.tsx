import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function OrderSuccessPage() {
  usePageTitle("Order Status");
  return (
    <ComingSoon title="Order Status">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
