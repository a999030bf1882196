import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import { Link, useParams } from "react-router";
import { AddressBlock } from "../../components/address";
import { StatusBadge } from "../../components/badges";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { Timeline } from "../../components/timeline";
import { formatDateTime, formatRupees, humanise } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { OrderExchanges } from "../exchanges/order-exchanges";
import { TaxDocumentsPanel } from "../invoices/tax-documents-panel";
import { AddNoteForm } from "./add-note-form";
import { useOrder } from "./api";
import { FailedDeliveryActions } from "./failed-delivery";
import { OrderActions } from "./order-actions";

export function OrderPage() {
  const { id = "" } = useParams();
  const order = useOrder(id);
  if (order.isPending) return <LoadingState label="Loading the order…" />;
  if (order.isError)
    return (
      <div className="page">
        <PageHeader title="Order" breadcrumb={<Link to="/orders">Orders</Link>} />
        <div className="panel">
          <ErrorState error={order.error} onRetry={() => void order.refetch()} />
        </div>
      </div>
    );
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: AdminOrderDetail }) {
  const canNote = useCan("orders:note");
  const canSeeCustomer = useCan("customers:read");
  return (
    <div className="page">
      <PageHeader
        title={`Order #${order.orderNumber}`}
        breadcrumb={<Link to="/orders">Orders</Link>}
        description={`Placed ${formatDateTime(order.createdAt)}`}
        actions={
          <>
            <StatusBadge status={order.status} />
            <StatusBadge status={order.paymentStatus} />
          </>
        }
      />
      <OrderActions order={order} />
      <FailedDeliveryActions order={order} />
      <section className="panel" aria-labelledby="order-lines">
        <h2 id="order-lines">Items</h2>
        <TableScroller label={"Items"}>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Size / colour</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    <div className="cell-with-thumb">
                      {line.imageUrl ? <img className="thumb" src={line.imageUrl} alt="" /> : null}
                      <Link to={`/products/${line.productId}`}>{line.name}</Link>
                    </div>
                  </td>
                  <td className="mono">{line.sku}</td>
                  <td>{[line.size, line.color].filter(Boolean).join(" / ") || "—"}</td>
                  <td className="num">{formatRupees(line.unitPrice)}</td>
                  <td className="num">{line.quantity}</td>
                  <td className="num">{formatRupees(line.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
        <dl className="details totals">
          <dt>Subtotal</dt>
          <dd>{formatRupees(order.totals.subtotal)}</dd>
          {order.totals.discount ? (
            <>
              <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ""}</dt>
              <dd>−{formatRupees(order.totals.discount)}</dd>
            </>
          ) : null}
          <dt>Shipping</dt>
          <dd>{formatRupees(order.totals.shipping)}</dd>
          <dt>Tax</dt>
          <dd>{formatRupees(order.totals.tax)}</dd>
          <dt>
            <strong>Total</strong>
          </dt>
          <dd>
            <strong>{formatRupees(order.totals.total)}</strong>
          </dd>
          {order.refundedAmount > 0 ? (
            <>
              <dt>Refunded</dt>
              <dd>−{formatRupees(order.refundedAmount)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <OrderExchanges orderId={order.id} />

      <div className="grid-3">
        <section className="panel" aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <dl className="details">
            <dt>Name</dt>
            <dd>
              {order.customer && canSeeCustomer ? (
                <Link to={`/customers/${order.customer.id}`}>{order.customer.name}</Link>
              ) : (
                (order.customer?.name ?? order.shippingAddress?.fullName ?? "Guest")
              )}
            </dd>
            <dt>E-mail</dt>
            <dd>{order.email ?? order.customer?.email ?? "—"}</dd>
            <dt>Phone</dt>
            <dd>{order.phone ?? "—"}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="order-shipping-address">
          <h2 id="order-shipping-address">Shipping address</h2>
          <AddressBlock address={order.shippingAddress} />
          {order.shippingMethod ? <p className="muted">{humanise(order.shippingMethod)}</p> : null}
        </section>
        <section className="panel" aria-labelledby="order-billing-address">
          <h2 id="order-billing-address">Billing address</h2>
          <AddressBlock address={order.billingAddress} />
        </section>
      </div>

      <div className="grid-2">
        <section className="panel" aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          {order.payments.length === 0 ? (
            <EmptyState title="No payment yet." />
          ) : (
            order.payments.map((payment) => (
              <dl className="details" key={payment.id}>
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={payment.status} />
                </dd>
                <dt>Amount</dt>
                <dd>{formatRupees(payment.amount)}</dd>
                <dt>Method</dt>
                <dd>{payment.method === "CASH_ON_DELIVERY" ? "Cash on delivery" : payment.method ? "Prepaid" : "—"}</dd>
                <dt>Provider</dt>
                <dd>
                  {payment.provider}
                  {payment.paymentId ? <span className="mono muted"> {payment.paymentId}</span> : null}
                </dd>
                {payment.refundId ? (
                  <>
                    <dt>Refund</dt>
                    <dd className="mono">{payment.refundId}</dd>
                  </>
                ) : null}
                {payment.reviewReason ? (
                  <>
                    <dt>Review</dt>
                    <dd>{payment.reviewReason}</dd>
                  </>
                ) : null}
                <dt>Created</dt>
                <dd>{formatDateTime(payment.createdAt)}</dd>
              </dl>
            ))
          )}
        </section>
        {order.refunds.length > 0 ? (
          <section className="panel" aria-labelledby="order-refunds">
            <h2 id="order-refunds">Refunds</h2>
            <ul className="notes">
              {order.refunds.map((refund) => (
                <li key={refund.id}>
                  <p>
                    {formatRupees(refund.amount)} ·{" "}
                    {refund.method === "gateway" ? "Payment gateway" : refund.method.toUpperCase()} ·{" "}
                    {humanise(refund.status)}
                  </p>
                  <p className="muted">
                    {refund.reason}
                    {refund.reference ? <span className="mono"> · {refund.reference}</span> : null} ·{" "}
                    {formatDateTime(refund.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="panel" aria-labelledby="order-shipments">
          <h2 id="order-shipments">Shipments</h2>
          {order.packedAt ? <p className="muted">Packed {formatDateTime(order.packedAt)}</p> : null}
          {order.shipments.length === 0 ? (
            <EmptyState title="Not shipped yet." />
          ) : (
            order.shipments.map((shipment) => (
              <dl className="details" key={`${shipment.provider}-${shipment.createdAt}`}>
                <dt>Courier</dt>
                <dd>{shipment.courierName ?? shipment.provider}</dd>
                <dt>AWB</dt>
                <dd className="mono" data-testid="shipment-awb">
                  {shipment.awb ?? "—"}
                </dd>
                <dt>Created</dt>
                <dd>{formatDateTime(shipment.createdAt)}</dd>
                {shipment.pickupRequestedAt ? (
                  <>
                    <dt>Pickup asked</dt>
                    <dd>{formatDateTime(shipment.pickupRequestedAt)}</dd>
                  </>
                ) : null}
                {shipment.cancelledAt ? (
                  <>
                    <dt>Cancelled</dt>
                    <dd>{formatDateTime(shipment.cancelledAt)}</dd>
                  </>
                ) : null}
              </dl>
            ))
          )}
        </section>
      </div>

      <TaxDocumentsPanel orderId={order.id} />

      <div className="grid-2">
        <section className="panel" aria-labelledby="order-timeline">
          <h2 id="order-timeline">Timeline</h2>
          <Timeline items={order.timeline} />
        </section>
        <section className="panel" aria-labelledby="order-notes">
          <h2 id="order-notes">Notes</h2>
          {order.notes.length === 0 ? (
            <p className="muted">No notes yet.</p>
          ) : (
            <ul className="notes">
              {order.notes.map((note) => (
                <li key={note.id}>
                  <p>{note.text}</p>
                  <p className="muted">
                    {note.author?.name ?? "Someone"} · {formatDateTime(note.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {canNote ? <AddNoteForm orderId={order.id} /> : null}
        </section>
      </div>
    </div>
  );
}
