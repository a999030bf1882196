import { isRouteErrorResponse, useRouteError } from "react-router";
import { StatusPanel } from "../components/status-panel";
import { usePageTitle } from "../lib/use-page-title";

export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle("Something went wrong");
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;

  return (
    <StatusPanel
      eyebrow="Glitch in the Vakiverse"
      title="Something broke"
      actions={[
        { to: "/", label: "Back home", primary: true },
        { to: "/products", label: "Browse products" },
      ]}
    >
      <p>This page hit a snag. Try again in a moment — your cart is safe.</p>
      {detail ? <p className="status-panel__detail">{detail}</p> : null}
    </StatusPanel>
  );
}
