import { Link } from "react-router";
import { ErrorState } from "../../components/states";
import { isApiError } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { AfterSalesStatus } from "./after-sales-status";
import { useOrderAfterSales } from "./api";
import { exchangesTabLabel, nextStep, requestTitle, sizesOf } from "./labels";

/** The order page's "Exchanges & returns": the order's requests, each opening its page; nothing when there are none. */
export function OrderExchanges({ orderId }: { orderId: string }) {
  const requests = useOrderAfterSales(orderId);
  // A 404 is an order without requests (or a server without the feature): no section, as with none.
  if (requests.isPending || (isApiError(requests.error) && requests.error.status === 404)) return null;
  if (requests.isError)
    return (
      <section className="panel" aria-labelledby="order-exchanges">
        <h2 id="order-exchanges">{exchangesTabLabel}</h2>
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      </section>
    );
  if (requests.data.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="order-exchanges">
      <h2 id="order-exchanges">{exchangesTabLabel}</h2>
      <ul className="notes">
        {requests.data.map((request) => (
          <li key={request.id} className="order-exchange">
            <div>
              <Link to={`/exchanges/${request.id}`}>{requestTitle(request)}</Link>
              <p className="muted">
                {request.productName} · {sizesOf(request)} · {formatDateTime(request.createdAt)}
              </p>
              {nextStep(request) === "—" ? null : <p className="muted">Next: {nextStep(request)}</p>}
            </div>
            <AfterSalesStatus request={request} />
          </li>
        ))}
      </ul>
    </section>
  );
}
