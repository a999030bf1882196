import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ProductListPage() {
  usePageTitle("All Products");
  return (
    <ComingSoon title="All Products">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
