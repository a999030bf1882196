import { useParams, useSearchParams } from "react-router";
import { useGuestOrderSession } from "../../features/orders/hooks/use-guest-order-session";
import { type ConfirmationParams, useOrderConfirmation } from "../../features/orders/hooks/use-order-confirmation";
import { usePageTitle } from "../../lib/use-page-title";
import { ConfirmationError, ConfirmationLoading, UnauthorisedView } from "./confirmation-states";
import { OrderView } from "./order-view";
import { PaymentOnlyView } from "./payment-only-view";
import "./order-confirmation.css";

/** The order to show: path or `orderId` query, the checkout id `oid`, the secret `orderSecret` or `secret`. */
function useConfirmationParams(): ConfirmationParams {
  const { orderId: fromPath } = useParams();
  const [query] = useSearchParams();
  return {
    orderId: fromPath || query.get("orderId") || null,
    checkoutId: query.get("oid") || null,
    orderSecret: query.get("orderSecret") || query.get("secret") || null,
  };
}

/**
 * How an order and its payment stand, as the server says (R-ORD-2, R-ORD-4 "Order
 * confirmation flow"). `ost` in the query is ignored: the shopper could have typed it.
 */
export function OrderOutcome() {
  const params = useConfirmationParams();
  const { view, retry, loggedIn } = useOrderConfirmation(params);
  const sessionOrderId = view.kind === "order" ? view.order.id : params.orderId;
  useGuestOrderSession(sessionOrderId, !loggedIn);

  switch (view.kind) {
    case "loading":
      return <ConfirmationLoading text={view.text} />;
    case "error":
      return <ConfirmationError title={view.title} message={view.message} onRetry={retry} />;
    case "unauthorised":
      return <UnauthorisedView loggedIn={loggedIn} />;
    case "payment-only":
      return <PaymentOnlyView details={view.details} onRetry={retry} />;
    case "order":
      return <OrderView order={view.order} details={view.details} orderSecret={view.orderSecret} loggedIn={loggedIn} />;
  }
}

/** /order-confirmation/{orderId} and /order-confirmation (query oid, ost, orderId, orderSecret or secret). */
export function OrderConfirmationPage() {
  usePageTitle("Order Confirmation", "Your order, its payment and its way to you.");
  return <OrderOutcome />;
}
