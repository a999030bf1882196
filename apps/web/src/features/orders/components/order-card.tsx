import { type AfterSalesStatus, type AfterSalesSummary, afterSalesKindLabels } from "@vaki/contract/exchanges";
import type { Order } from "@vaki/contract/orders";
import { Info } from "lucide-react";
import { formatOrderAmount } from "../../../lib/money";
import { cancelDisplay } from "../cancellation";
import { formatOrderDate } from "../format-order-date";
import { ordersPageMessages as t } from "../messages";
import {
  type BadgeTone,
  offersTracking,
  orderStatusLabel,
  orderStatusTone,
  paymentLabelForOrders,
  paymentStatusTone,
} from "../order-status";
import { InvoiceDownload } from "./invoice-download";
import { ItemThumb } from "./order-items";
import { StatusBadge } from "./status-badge";

interface OrderCardProps {
  order: Order;
  /** The order's newest exchange or defect request, when it has any. */
  request?: AfterSalesSummary | undefined;
  onViewDetails: (order: Order) => void;
  onTrack: (order: Order) => void;
  onCancel: (order: Order) => void;
}

const THUMBS = 3;

/** Open requests stand out; closed ones stay quiet. */
const requestTones: Record<AfterSalesStatus, BadgeTone> = {
  REQUESTED: "info",
  SIZE_UNAVAILABLE: "warning",
  APPROVED: "primary",
  REFUSED: "secondary",
  WITHDRAWN: "secondary",
  COMPLETED: "success",
};

/** One order of My Orders: number, date, status and payment badges, what was bought, total, actions. */
export function OrderCard({ order, request, onViewDetails, onTrack, onCancel }: OrderCardProps) {
  const titleId = `order-${order.id}-title`;
  const cancel = cancelDisplay(order);
  const [first, ...rest] = order.items;
  const more = order.items.length - THUMBS;

  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__head">
        <div className="order-card__id">
          <h2 className="order-card__number" id={titleId}>
            <span className="visually-hidden">Order </span>
            {order.orderNumber}
          </h2>
          <p className="order-muted">
            <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="order-badges">
          <StatusBadge tone={orderStatusTone(order.status)} prefix="Order status:">
            {orderStatusLabel(order)}
          </StatusBadge>
          <StatusBadge tone={paymentStatusTone(order.paymentStatus)} prefix="Payment:">
            {paymentLabelForOrders(order)}
          </StatusBadge>
          {request ? (
            <StatusBadge tone={requestTones[request.status]} prefix="Request:">
              {`${afterSalesKindLabels[request.kind]}: ${request.statusLabel}${request.open > 1 ? ` (${request.open} open)` : ""}`}
            </StatusBadge>
          ) : null}
        </div>
      </header>

      <div className="order-card__body">
        <ul className="order-card__thumbs" aria-hidden="true">
          {order.items.slice(0, THUMBS).map((item) => (
            <li key={item.id}>
              <ItemThumb item={item} size={72} />
            </li>
          ))}
          {more > 0 ? <li className="order-card__more">+{more}</li> : null}
        </ul>
        <div className="order-card__what">
          <p className="order-card__names">
            {first ? first.productName || first.name : "No items"}
            {rest.length > 0 ? <span className="order-muted"> and {rest.length} more</span> : null}
          </p>
          <p className="order-muted">
            {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
          </p>
        </div>
        <p className="order-card__total">
          <span className="visually-hidden">Total </span>
          {formatOrderAmount(order.total)}
          {order.refundedAmount > 0 ? (
            <span className="order-muted order-card__refunded">Refunded {formatOrderAmount(order.refundedAmount)}</span>
          ) : null}
        </p>
      </div>

      <footer className="order-card__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => onViewDetails(order)}
          aria-describedby={titleId}
        >
          {t.viewDetails}
        </button>
        {offersTracking(order) ? (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => onTrack(order)}
            aria-describedby={titleId}
          >
            {t.trackNow}
          </button>
        ) : null}
        <InvoiceDownload order={order} describedBy={titleId} />
        {cancel.kind === "button" ? (
          <button
            type="button"
            className="button button--small button--ghost-danger"
            onClick={() => onCancel(order)}
            aria-describedby={titleId}
          >
            {t.cancelOrder}
          </button>
        ) : null}
        {cancel.kind === "blocked" ? (
          <p className="order-card__blocked">
            <Info aria-hidden="true" />
            {cancel.reason}
          </p>
        ) : null}
      </footer>
    </article>
  );
}
