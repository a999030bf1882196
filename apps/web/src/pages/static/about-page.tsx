import { ComingSoon } from "../../components/coming-soon";
import { COMMUNITY_NAME, SHOP_NAME } from "../../lib/brand";
import { usePageTitle } from "../../lib/use-page-title";

export function AboutPage() {
  usePageTitle("About Us");
  return (
    <ComingSoon title={`About ${SHOP_NAME}`} secondary={{ to: "/vakiverse", label: "Enter the Vakiverse" }}>
      <p>
        Streetwear and characters, made in India for the night owls. The story of {SHOP_NAME} and {COMMUNITY_NAME} is
        being written.
      </p>
    </ComingSoon>
  );
}
