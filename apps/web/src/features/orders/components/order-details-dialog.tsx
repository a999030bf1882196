import type { Order } from "@vaki/contract/orders";
import { lazy, Suspense } from "react";
import { Modal } from "../../../components/modal";
import { formatOrderDate } from "../format-order-date";
import { orderDialogMessages as t } from "../messages";
import { orderStatusLabel, orderStatusTone, paymentLabelForOrders, paymentStatusTone } from "../order-status";
import { AddressBlock } from "./address-block";
import { OrderItemList } from "./order-items";
import { OrderSummary } from "./order-summary";
import { StatusBadge } from "./status-badge";

// Exchanges and defect reports (issue 29) load only when a delivered order is opened.
const DeliveredOrderItems = lazy(async () => ({
  default: (await import("./after-sales/delivered-order-items")).DeliveredOrderItems,
}));

interface OrderDetailsDialogProps {
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Order Details' (R-ORD-2): items with Size and Color, addresses, totals in ₹ and dates. */
export function OrderDetailsDialog({ order, onOpenChange }: OrderDetailsDialogProps) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={onOpenChange}
      title={t.detailsTitle}
      description={order ? `Order ${order.orderNumber}` : undefined}
      size="wide"
    >
      {order ? (
        <div className="order-dialog">
          <div className="order-badges">
            <StatusBadge tone={orderStatusTone(order.status)} prefix="Order status:">
              {orderStatusLabel(order)}
            </StatusBadge>
            <StatusBadge tone={paymentStatusTone(order.paymentStatus)} prefix="Payment:">
              {paymentLabelForOrders(order)}
            </StatusBadge>
          </div>

          <dl className="order-facts">
            <div>
              <dt>Order number</dt>
              <dd>{order.orderNumber}</dd>
            </div>
            <div>
              <dt>Placed on</dt>
              <dd>{formatOrderDate(order.createdAt)}</dd>
            </div>
            <div>
              <dt>Last updated</dt>
              <dd>{formatOrderDate(order.updatedAt)}</dd>
            </div>
            {order.contactEmail || order.contactPhone ? (
              <div>
                <dt>Contact</dt>
                <dd>{[order.contactEmail, order.contactPhone].filter(Boolean).join(" · ")}</dd>
              </div>
            ) : null}
          </dl>

          <section aria-labelledby="order-details-items">
            <h3 className="order-section-title" id="order-details-items">
              Items ({order.itemCount})
            </h3>
            {order.status === "DELIVERED" ? (
              <Suspense fallback={<OrderItemList items={order.items} />}>
                <DeliveredOrderItems order={order} />
              </Suspense>
            ) : (
              <OrderItemList items={order.items} />
            )}
          </section>

          <div className="order-dialog__addresses">
            <section aria-labelledby="order-details-shipping">
              <h3 className="order-section-title" id="order-details-shipping">
                Shipping address
              </h3>
              <AddressBlock address={order.shippingAddress} />
            </section>
            <section aria-labelledby="order-details-billing">
              <h3 className="order-section-title" id="order-details-billing">
                Billing address
              </h3>
              <AddressBlock address={order.billingAddress ?? order.shippingAddress} />
            </section>
          </div>

          <section aria-labelledby="order-details-summary">
            <h3 className="order-section-title" id="order-details-summary">
              Summary
            </h3>
            <OrderSummary order={order} />
          </section>
        </div>
      ) : null}
    </Modal>
  );
}
