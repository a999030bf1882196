import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ProductPage() {
  usePageTitle("Product");
  return (
    <ComingSoon title="Product details" secondary={{ to: "/products", label: "All products" }}>
      <p>Sizes, fits and the story behind every piece will live here.</p>
    </ComingSoon>
  );
}
