import { useParams } from "react-router";
import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";
import { categoryNameFromSlug } from "./category-name";

export function CategoryPage() {
  const { categoryId = "" } = useParams();
  const name = categoryNameFromSlug(categoryId) || "Collection";
  usePageTitle(name);
  return (
    <ComingSoon title={name} secondary={{ to: "/products", label: "All products" }}>
      <p>This collection is still in the studio. Check back for the drop.</p>
    </ComingSoon>
  );
}
