import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ProductsPage() {
  usePageTitle("All Products");
  return (
    <ComingSoon title="All products" secondary={{ to: "/vakiverse", label: "Enter the Vakiverse" }}>
      <p>Tees, hoodies, cargos and collectibles are being racked up. The full drop lands here soon.</p>
    </ComingSoon>
  );
}
