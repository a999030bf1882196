import type { ColumnDef } from "@tanstack/react-table";
import type { CodOrderToConfirm, PaymentToReview } from "@vaki/contract/admin/cod";
import { MessageCircle, Phone } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { formatDateTime, formatRupees } from "../../lib/format";
import { useMe } from "../auth/api";
import { useCodDecision, useCodOrders, usePaymentsToReview, useResolvePayment } from "./api";

/** wa.me wants the number in international form, digits only. */
export function whatsAppLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}`;
}

type Pending = { decision: "confirm" | "cancel"; order: CodOrderToConfirm } | null;

/**
 * Cash-on-delivery orders the shop confirms by hand (larger ones, or an unverified phone): call or
 * message the shopper, then confirm (the shipment is booked) or cancel (the stock goes back on
 * sale). Payments kept after an amount mismatch are decided below, for those who may refund.
 */
export function CodPage() {
  const me = useMe();
  const canWrite = me.permissions.includes("orders:write");
  const canRefund = me.permissions.includes("orders:refund");
  const orders = useCodOrders();
  const decide = useCodDecision();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);

  const columns = useMemo<ColumnDef<CodOrderToConfirm, unknown>[]>(
    () => [
      {
        id: "orderNumber",
        header: "Order",
        cell: ({ row }) => (
          <>
            <Link to={`/orders/${row.original.id}`}>#{row.original.orderNumber}</Link>
            <div className="muted">{formatDateTime(row.original.createdAt)}</div>
          </>
        ),
      },
      {
        id: "customer",
        header: "Customer",
        cell: ({ row }) => {
          const { phone, customerName, email } = row.original;
          return (
            <>
              {customerName ?? "—"}
              {email ? <div className="muted">{email}</div> : null}
              {phone ? (
                <div className="contact-links">
                  <a href={`tel:${phone}`} aria-label={`Call ${customerName ?? "the customer"} on ${phone}`}>
                    <Phone size={14} aria-hidden="true" />
                    <span className="mono">{phone}</span>
                  </a>
                  <a
                    href={whatsAppLink(phone)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Message ${customerName ?? "the customer"} on WhatsApp`}
                  >
                    <MessageCircle size={14} aria-hidden="true" />
                    WhatsApp
                  </a>
                </div>
              ) : null}
            </>
          );
        },
      },
      {
        id: "total",
        header: "Amount",
        meta: { numeric: true },
        cell: ({ row }) => formatRupees(row.original.total),
      },
      {
        id: "phoneVerified",
        header: "Phone verified",
        cell: ({ row }) =>
          row.original.phoneVerified ? (
            <span className="badge badge--ok">Verified</span>
          ) : (
            <span className="badge badge--warn">Not verified</span>
          ),
      },
      ...(canWrite
        ? [
            {
              id: "actions",
              header: () => <span className="visually-hidden">Actions</span>,
              cell: ({ row }) => (
                <div className="form-row form-row--nowrap">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Confirm order #${row.original.orderNumber}`}
                    onClick={() => setPending({ decision: "confirm", order: row.original })}
                  >
                    Confirm
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={`Cancel order #${row.original.orderNumber}`}
                    onClick={() => setPending({ decision: "cancel", order: row.original })}
                  >
                    Cancel order
                  </button>
                </div>
              ),
            } satisfies ColumnDef<CodOrderToConfirm, unknown>,
          ]
        : []),
    ],
    [canWrite],
  );

  const order = pending?.order;
  const confirming = pending?.decision === "confirm";

  return (
    <div className="page">
      <PageHeader
        title="COD to confirm"
        description="Cash-on-delivery orders waiting for a call: confirm to book the shipment, or cancel to put the stock back on sale. Unconfirmed orders are cancelled when their hold runs out."
      />
      {done ? (
        <p className="alert alert--ok" role="status">
          {done}
        </p>
      ) : null}
      <DataTable
        caption="COD orders to confirm"
        columns={columns}
        rows={orders.data?.items}
        getRowId={(row) => row.id}
        isLoading={orders.isLoading}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        emptyTitle="No cash-on-delivery orders are waiting."
        emptyText="Orders with a verified phone under the auto-confirm value are confirmed on their own."
        hasPrevious={false}
        nextCursor={null}
        onPrevious={() => undefined}
        onNext={() => undefined}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={order ? `${confirming ? "Confirm" : "Cancel"} order #${order.orderNumber}?` : ""}
        description={
          confirming
            ? "Its stock is sold and the courier shipment is booked now. The shopper gets the confirmation e-mail."
            : "The order is cancelled and its stock goes back on sale. The shopper is told by e-mail; nothing was charged."
        }
        confirmLabel={confirming ? "Confirm order" : "Cancel order"}
        dismissLabel={confirming ? "Not now" : "Keep order"}
        danger={!confirming}
        onConfirm={async () => {
          if (!pending) return;
          const answer = await decide.mutateAsync({ id: pending.order.id, decision: pending.decision });
          setDone(
            pending.decision === "confirm"
              ? `Order #${answer.orderNumber} confirmed: its shipment is being booked.`
              : `Order #${answer.orderNumber} cancelled.`,
          );
        }}
      />
      {canRefund ? <PaymentsToReview /> : null}
    </div>
  );
}

/** Payments the gateway reported for another amount than the order's, kept for a person (MISMATCHED_PAYMENT=keep). */
function PaymentsToReview() {
  const payments = usePaymentsToReview(true);
  const resolve = useResolvePayment();
  const [pending, setPending] = useState<{ payment: PaymentToReview; decision: "refund" | "keep" } | null>(null);

  const columns = useMemo<ColumnDef<PaymentToReview, unknown>[]>(
    () => [
      {
        id: "order",
        header: "Order",
        cell: ({ row }) => <Link to={`/orders/${row.original.orderId}`}>Open order</Link>,
      },
      { id: "flaggedAt", header: "Flagged", cell: ({ row }) => formatDateTime(row.original.flaggedAt) },
      {
        id: "orderAmount",
        header: "Order total",
        meta: { numeric: true },
        cell: ({ row }) => formatRupees(row.original.orderAmount),
      },
      {
        id: "gatewayAmount",
        header: "Paid",
        meta: { numeric: true },
        cell: ({ row }) => (row.original.gatewayAmount === null ? "—" : formatRupees(row.original.gatewayAmount)),
      },
      { id: "reason", header: "Why", cell: ({ row }) => row.original.reason },
      {
        id: "actions",
        header: () => <span className="visually-hidden">Actions</span>,
        cell: ({ row }) => (
          <div className="form-row form-row--nowrap">
            <button
              type="button"
              className="button button--small"
              aria-label={`Refund the payment flagged ${formatDateTime(row.original.flaggedAt)}`}
              onClick={() => setPending({ payment: row.original, decision: "refund" })}
            >
              Refund
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={`Keep the payment flagged ${formatDateTime(row.original.flaggedAt)}`}
              onClick={() => setPending({ payment: row.original, decision: "keep" })}
            >
              Keep
            </button>
          </div>
        ),
      },
    ],
    [],
  );

  const payment = pending?.payment;
  const refunding = pending?.decision === "refund";
  const paid = payment ? formatRupees(payment.gatewayAmount ?? payment.orderAmount) : "";

  return (
    <section className="page-section" aria-labelledby="payments-review">
      <div className="page-header__text">
        <h2 id="payments-review">Payments with the wrong amount</h2>
        <p className="page-header__description">
          The gateway took a different amount than the order's total, so the order was not confirmed. Refund the
          payment, or keep it and settle with the shopper yourself.
        </p>
      </div>
      <DataTable
        caption="Payments with the wrong amount"
        columns={columns}
        rows={payments.data?.items}
        getRowId={(row) => row.paymentId}
        isLoading={payments.isLoading}
        error={payments.error}
        onRetry={() => void payments.refetch()}
        emptyTitle="No payment is waiting for a decision."
        hasPrevious={false}
        nextCursor={null}
        onPrevious={() => undefined}
        onNext={() => undefined}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={refunding ? `Refund ${paid}?` : `Keep ${paid}?`}
        description={
          refunding
            ? "The whole amount the gateway took goes back to the shopper (5-7 business days)."
            : "Nothing goes back automatically: settle with the shopper yourself."
        }
        confirmLabel={refunding ? "Refund" : "Keep payment"}
        danger={refunding}
        onConfirm={async () => {
          if (!pending) return;
          await resolve.mutateAsync({ paymentId: pending.payment.paymentId, decision: pending.decision });
        }}
      />
    </section>
  );
}
