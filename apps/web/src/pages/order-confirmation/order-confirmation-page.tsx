import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function OrderConfirmationPage() {
  usePageTitle("Order Confirmation");
  return (
    <ComingSoon title="Order Confirmation">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
