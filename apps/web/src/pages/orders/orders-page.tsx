import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function OrdersPage() {
  usePageTitle("My Orders");
  return (
    <ComingSoon title="My Orders">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
