import { useMutation } from "@tanstack/react-query";
import type { CheckoutDetails } from "@vaki/contract/checkout";
import { checkoutMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import { ArrowRight, Ban, CircleCheck, CircleX, Clock, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AddressBlock } from "../../features/orders/components/address-block";
import { OrderItemsTable } from "../../features/orders/components/order-items";
import { OrderSummary } from "../../features/orders/components/order-summary";
import { StatusBadge } from "../../features/orders/components/status-badge";
import { TrackingPanel } from "../../features/orders/components/tracking-panel";
import { formatOrderDate } from "../../features/orders/format-order-date";
import { confirmationMessages as t } from "../../features/orders/messages";
import {
  type ConfirmationOutcome,
  confirmationOutcome,
  isPaidOrder,
  isShippableOrder,
  orderCustomerMessage,
  paymentLabelForConfirmation,
  paymentStatusTone,
} from "../../features/orders/order-status";
import { sendConfirmationEmail } from "../../features/orders/orders-api";
import { errorMessage } from "../../lib/api-error";
import { paths } from "../../lib/paths";
import { toast } from "../../lib/toast-store";
import { openCart } from "../../lib/ui-store";

/** The heading of each outcome, as the server reports it. */
export const outcomeHeadings: Record<ConfirmationOutcome, string> = {
  confirmed: t.confirmedTitle,
  failed: t.failedTitle,
  pending: t.pendingTitle,
  cancelled: t.cancelledTitle,
};

const icons: Record<ConfirmationOutcome, ReactNode> = {
  confirmed: <CircleCheck aria-hidden="true" />,
  failed: <CircleX aria-hidden="true" />,
  pending: <Clock aria-hidden="true" />,
  cancelled: <Ban aria-hidden="true" />,
};

/** How the order was paid, from the payment's own type when the checkout details are known. */
export function paymentMethodOf(order: Pick<Order, "paymentStatus">, details?: CheckoutDetails): string | null {
  const type = details?.paymentDetails.paymentType;
  if (type === "CASH_ON_DELIVERY" || order.paymentStatus.startsWith("COD_")) return "Cash on Delivery";
  if (
    type === "PREPAID" ||
    ["SUCCESS", "COMPLETED", "PAID", "REFUND_PROCESSING", "REFUNDED"].includes(order.paymentStatus)
  )
    return "Online payment";
  return null;
}

interface OrderViewProps {
  order: Order;
  details: CheckoutDetails | undefined;
  orderSecret: string | null;
  loggedIn: boolean;
}

/** The success view (R-ORD-2): heading, status message, payment badge, information, contact, address, items, summary. */
export function OrderView({ order, details, orderSecret, loggedIn }: OrderViewProps) {
  const outcome = confirmationOutcome(order);
  const method = paymentMethodOf(order, details);
  const paymentBadge = (
    <StatusBadge tone={paymentStatusTone(order.paymentStatus)} prefix="Payment status:">
      {paymentLabelForConfirmation(order.paymentStatus)}
    </StatusBadge>
  );

  return (
    <div className="confirm-page">
      <section className={`confirm-hero confirm-hero--${outcome}`} aria-labelledby="confirm-title">
        <div className="moon confirm-hero__moon" aria-hidden="true" />
        <div className="confirm-hero__inner">
          <span className="confirm-hero__icon">{icons[outcome]}</span>
          <p className="confirm-hero__eyebrow">Order {order.orderNumber}</p>
          <h1 className="confirm-hero__title" id="confirm-title">
            {outcomeHeadings[outcome]}
          </h1>
          <p className="confirm-hero__message">{orderCustomerMessage(order)}</p>
          <div className="confirm-hero__badge">{paymentBadge}</div>
          <div className="confirm-actions">
            {outcome === "failed" ? (
              <button type="button" className="button button--primary" onClick={openCart}>
                {t.backToCart}
                <ArrowRight aria-hidden="true" />
              </button>
            ) : null}
            <Link to={paths.allProducts} className={outcome === "failed" ? "button" : "button button--primary"}>
              {t.continueShopping}
              {outcome === "failed" ? null : <ArrowRight aria-hidden="true" />}
            </Link>
            {loggedIn ? (
              <Link to={paths.orders} className="button">
                {t.viewOrders}
              </Link>
            ) : null}
          </div>
        </div>
      </section>

      <div className="confirm-grid">
        <div className="confirm-main">
          <section className="confirm-card" aria-labelledby="confirm-items">
            <h2 className="confirm-card__title" id="confirm-items">
              {t.items} ({order.itemCount})
            </h2>
            <OrderItemsTable items={order.items} />
          </section>

          {isShippableOrder(order) ? (
            <section className="confirm-card" aria-labelledby="confirm-tracking">
              <h2 className="confirm-card__title" id="confirm-tracking">
                Track your order
              </h2>
              <TrackingPanel order={order} orderSecret={orderSecret} withOrderMessage={false} />
            </section>
          ) : null}
        </div>

        <div className="confirm-side">
          <section className="confirm-card" aria-labelledby="confirm-information">
            <h2 className="confirm-card__title" id="confirm-information">
              {t.orderInformation}
            </h2>
            <dl className="order-facts order-facts--stacked">
              <div>
                <dt>Order number</dt>
                <dd>{order.orderNumber}</dd>
              </div>
              <div>
                <dt>Order date</dt>
                <dd>{formatOrderDate(order.createdAt)}</dd>
              </div>
              {method ? (
                <div>
                  <dt>Payment method</dt>
                  <dd>{method}</dd>
                </div>
              ) : null}
              <div>
                <dt>Payment status</dt>
                <dd>{paymentBadge}</dd>
              </div>
            </dl>
          </section>

          <section className="confirm-card" aria-labelledby="confirm-contact">
            <h2 className="confirm-card__title" id="confirm-contact">
              {t.contactInformation}
            </h2>
            {order.contactEmail || order.contactPhone ? (
              <dl className="order-facts order-facts--stacked">
                {order.contactEmail ? (
                  <div>
                    <dt>Email</dt>
                    <dd>{order.contactEmail}</dd>
                  </div>
                ) : null}
                {order.contactPhone ? (
                  <div>
                    <dt>Phone</dt>
                    <dd>{order.contactPhone}</dd>
                  </div>
                ) : null}
              </dl>
            ) : (
              <p className="order-muted">Not provided yet</p>
            )}
            {order.contactEmail && isPaidOrder(order.paymentStatus) ? (
              <ResendEmailButton orderId={order.id} orderSecret={orderSecret} />
            ) : null}
          </section>

          <section className="confirm-card" aria-labelledby="confirm-address">
            <h2 className="confirm-card__title" id="confirm-address">
              {t.shippingAddress}
            </h2>
            <AddressBlock address={order.shippingAddress ?? details?.orderDetails.shippingAddress} />
          </section>

          <section className="confirm-card" aria-labelledby="confirm-summary">
            <h2 className="confirm-card__title" id="confirm-summary">
              {t.orderSummary}
            </h2>
            <OrderSummary order={order} />
          </section>
        </div>
      </div>
    </div>
  );
}

function ResendEmailButton({ orderId, orderSecret }: { orderId: string; orderSecret: string | null }) {
  const resend = useMutation({
    mutationFn: () => sendConfirmationEmail(orderId, orderSecret),
    onSuccess: () => toast.success(checkoutMessages.mailSent),
    onError: (error) => toast.error(errorMessage(error, "An error occurred")),
  });
  return (
    <button
      type="button"
      className="button button--small confirm-card__action"
      onClick={() => {
        if (!resend.isPending) resend.mutate();
      }}
      aria-disabled={resend.isPending || undefined}
    >
      <Mail aria-hidden="true" />
      {t.resendEmail}
    </button>
  );
}
