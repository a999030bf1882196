import type { Order } from "@vaki/contract/orders";
import { formatOrderAmount } from "../../../lib/money";

interface OrderSummaryProps {
  order: Pick<Order, "subtotal" | "discountAmount" | "promoCode" | "shippingAmount" | "total"> & {
    taxAmount?: number;
    tax?: number;
    /** Given back by the shop's refunds (My Orders shows it under the total). */
    refundedAmount?: number;
  };
}

/**
 * Subtotal, discount with its code, shipping (free), tax added on top when any, and the total —
 * in ₹ with 2 decimals; the GST the prices include is said under the total.
 */
export function OrderSummary({ order }: OrderSummaryProps) {
  const tax = order.tax ?? 0;
  const includedGst = order.taxAmount ?? 0;
  return (
    <dl className="order-summary">
      <div className="order-summary__row">
        <dt>Subtotal</dt>
        <dd>{formatOrderAmount(order.subtotal)}</dd>
      </div>
      {order.discountAmount > 0 ? (
        <div className="order-summary__row order-summary__row--discount">
          <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ""}</dt>
          <dd>-{formatOrderAmount(order.discountAmount)}</dd>
        </div>
      ) : null}
      <div className="order-summary__row">
        <dt>Shipping</dt>
        <dd>{order.shippingAmount > 0 ? formatOrderAmount(order.shippingAmount) : "Free"}</dd>
      </div>
      {tax > 0 ? (
        <div className="order-summary__row">
          <dt>Tax</dt>
          <dd>{formatOrderAmount(tax)}</dd>
        </div>
      ) : null}
      <div className="order-summary__row order-summary__row--total">
        <dt>Total</dt>
        <dd>{formatOrderAmount(order.total)}</dd>
      </div>
      {order.refundedAmount ? (
        <div className="order-summary__row order-summary__row--discount">
          <dt>Refunded</dt>
          <dd>-{formatOrderAmount(order.refundedAmount)}</dd>
        </div>
      ) : null}
      {includedGst > 0 ? (
        <div className="order-summary__row order-summary__row--note">
          <dt>Includes GST</dt>
          <dd>{formatOrderAmount(includedGst)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
