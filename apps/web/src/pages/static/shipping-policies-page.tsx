import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ShippingPoliciesPage() {
  usePageTitle("Shipping Policies");
  return (
    <ComingSoon title="Shipping Policies">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
