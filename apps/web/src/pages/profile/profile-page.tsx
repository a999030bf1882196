import { ComingSoon } from "../../components/coming-soon";
import { usePageTitle } from "../../lib/use-page-title";

export function ProfilePage() {
  usePageTitle("Profile");
  return (
    <ComingSoon title="Profile">
      <p>This page is being built.</p>
    </ComingSoon>
  );
}
