import { usePageTitle } from "../../lib/use-page-title";
import { OrderOutcome } from "../order-confirmation/order-confirmation-page";

/**
 * /order-success: where the payment page returns a Buy Now when the shop's own return address
 * is not used (R-ORD-2). Same outcome views as the confirmation page; the
 * query carries orderId, oid and ost.
 */
export function OrderSuccessPage() {
  usePageTitle("Order Status", "Your order, its payment and its way to you.");
  return <OrderOutcome />;
}
