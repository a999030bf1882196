import { StatusPanel } from "../../components/status-panel";
import { usePageTitle } from "../../lib/use-page-title";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <StatusPanel
      eyebrow="Error 404"
      title="Lost in the Vakiverse"
      actions={[
        { to: "/", label: "Take me home", primary: true },
        { to: "/products", label: "Shop all" },
      ]}
    >
      <p>This page drifted off into the night. It may have moved, or it never existed.</p>
    </StatusPanel>
  );
}
