import { backInStockMessages } from "@vaki/contract/back-in-stock";
import { Link, useSearchParams } from "react-router";
import { FormMessage } from "../../components/form-field";
import { useStopBackInStockAlerts } from "../../features/back-in-stock/back-in-stock-api";
import { errorMessage } from "../../lib/api-error";
import { paths } from "../../lib/paths";
import { usePageTitle } from "../../lib/use-page-title";
import "./unsubscribe-page.css";

/**
 * The back-in-stock e-mail's link. A button, not the visit, stops the alerts: mail scanners open
 * links on their own and must not unsubscribe anyone.
 */
export function BackInStockUnsubscribePage() {
  usePageTitle("Back-in-stock alerts");
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const stop = useStopBackInStockAlerts();
  return (
    <div className="stock-alerts">
      <h1 className="stock-alerts__title">Back-in-stock alerts</h1>
      {stop.isSuccess ? (
        <FormMessage tone="success">{backInStockMessages.unsubscribed}</FormMessage>
      ) : (
        <>
          <p>Stop every back-in-stock e-mail still waiting for the address this link was sent to.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={!token}
            aria-disabled={stop.isPending || undefined}
            onClick={() => stop.mutate(token)}
          >
            Stop back-in-stock alerts
          </button>
          {stop.isError || !token ? (
            <FormMessage tone="error">
              {token ? errorMessage(stop.error, backInStockMessages.unknownLink) : backInStockMessages.unknownLink}
            </FormMessage>
          ) : null}
        </>
      )}
      <Link to={paths.allProducts} className="button">
        Browse All Products
      </Link>
    </div>
  );
}
