import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function VakiversePage() {
  usePageTitle("Vakiverse");
  return (
    <ComingSoon title="The Vakiverse" secondary={{ to: "/products", label: "Shop all" }}>
      <p>Meet the characters behind the drops. Their stories, their fits, their worlds — loading soon.</p>
    </ComingSoon>
  );
}
