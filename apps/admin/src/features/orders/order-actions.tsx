import type { OrderActionsAvailable, RefundMethod } from "@vaki/contract/admin/inbox";
import { inboxMessages } from "@vaki/contract/admin/inbox";
import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { downloadLabel, useOrderAction } from "./api";
import { OrderAddressesDialog } from "./order-addresses-dialog";

/**
 * The buttons of the order's actions: each only when the order's state allows it (the server's
 * `actions`) and the person's role may (the server refuses the rest with 403 anyway).
 */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const action = useOrderAction(order.id);
  const canWrite = useCan("orders:write");
  const canShip = useCan("shipments:write");
  const canRefund = useCan("orders:refund");
  const canResend = useCan("mail:resend");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [refundOpen, setRefundOpen] = useState(false);
  const [addressesOpen, setAddressesOpen] = useState(false);
  const available: OrderActionsAvailable | null = order.actions;
  if (!available) return null;

  const run = (kind: "pack" | "shipment" | "resend-confirmation", done: string) =>
    action.mutate(
      { kind },
      {
        onSuccess: () => setMessage({ ok: true, text: done }),
        onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
      },
    );
  const buttons = [
    canWrite && available.pack ? (
      <button
        key="pack"
        type="button"
        className="button"
        disabled={action.isPending}
        onClick={() => run("pack", inboxMessages.packed)}
      >
        Mark packed
      </button>
    ) : null,
    canShip && available.ship ? (
      <button
        key="ship"
        type="button"
        className="button"
        disabled={action.isPending}
        onClick={() => run("shipment", inboxMessages.shipmentCreated)}
      >
        Create shipment
      </button>
    ) : null,
    canShip && available.label ? (
      <button
        key="label"
        type="button"
        className="button button--secondary"
        onClick={() =>
          downloadLabel(order.id, order.orderNumber).catch((error) =>
            setMessage({ ok: false, text: errorMessage(error) }),
          )
        }
      >
        Download label
      </button>
    ) : null,
    canWrite && available.editAddresses ? (
      <button key="addresses" type="button" className="button button--secondary" onClick={() => setAddressesOpen(true)}>
        Edit addresses
      </button>
    ) : null,
    canRefund && available.refundable > 0 ? (
      <button key="refund" type="button" className="button button--secondary" onClick={() => setRefundOpen(true)}>
        Refund
      </button>
    ) : null,
    canResend && available.resendConfirmation ? (
      <button
        key="resend"
        type="button"
        className="button button--secondary"
        disabled={action.isPending}
        onClick={() => run("resend-confirmation", inboxMessages.confirmationResent)}
      >
        Resend confirmation e-mail
      </button>
    ) : null,
    canWrite && available.cancel ? (
      <button key="cancel" type="button" className="button button--danger" onClick={() => setCancelOpen(true)}>
        Cancel order
      </button>
    ) : null,
  ].filter(Boolean);

  if (buttons.length === 0 && !message) return null;
  return (
    <section className="panel" aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      {message ? (
        <p className={`alert ${message.ok ? "alert--ok" : "alert--error"}`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
      <div className="action-row">{buttons}</div>
      <ConfirmDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title={`Cancel order #${order.orderNumber}?`}
        description="The stock goes back on sale, any payment is refunded in full, the courier shipment is cancelled and the customer is e-mailed."
        confirmLabel="Cancel order"
        dismissLabel="Keep order"
        danger
        onConfirm={async () => {
          await action.mutateAsync({ kind: "cancel" });
          setMessage({ ok: true, text: inboxMessages.cancelled });
        }}
      />
      {addressesOpen ? (
        <OrderAddressesDialog
          order={order}
          onClose={() => setAddressesOpen(false)}
          onDone={(text) => setMessage({ ok: true, text })}
        />
      ) : null}
      {refundOpen ? (
        <RefundDialog
          order={order}
          available={available}
          onClose={() => setRefundOpen(false)}
          onDone={(text) => setMessage({ ok: true, text })}
        />
      ) : null}
    </section>
  );
}

function RefundDialog({
  order,
  available,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  available: OrderActionsAvailable;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const action = useOrderAction(order.id);
  const transfer = available.refundMethod === "transfer";
  const [rupees, setRupees] = useState("");
  const [reason, setReason] = useState("");
  const [method, setMethod] = useState<RefundMethod>("upi");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Lines with units left to refund; without any, only "By amount" makes sense.
  const lines = (available.refundLines ?? []).flatMap((left) => {
    const line = order.lines.find((candidate) => candidate.id === left.orderItemId);
    return line && left.quantity > 0 ? [{ ...left, line }] : [];
  });
  // By amount first, as before; "By line" is one click away when lines are left.
  const [mode, setMode] = useState<"lines" | "amount">("amount");
  const [units, setUnits] = useState<Record<number, string>>({});
  const chosen = lines
    .map((left) => ({ orderItemId: left.orderItemId, quantity: Number(units[left.orderItemId] || 0) }))
    .filter((line) => line.quantity > 0);
  // What the server will compute, for the person to see before refunding (it caps at what is left).
  const estimate = Math.min(
    available.refundable,
    chosen.reduce(
      (sum, line) =>
        sum + line.quantity * (lines.find((left) => left.orderItemId === line.orderItemId)?.paidPerUnit ?? 0),
      0,
    ),
  );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const amount = Math.round(Number(rupees) * 100);
    const found: Record<string, string> = {};
    if (mode === "amount") {
      if (!Number.isFinite(amount) || amount <= 0) found.amount = inboxMessages.refundAmountRequired;
      else if (amount > available.refundable)
        found.amount = inboxMessages.refundTooLarge(formatRupees(available.refundable));
    } else {
      for (const left of lines) {
        const wanted = Number(units[left.orderItemId] || 0);
        if (!Number.isInteger(wanted) || wanted < 0 || wanted > left.quantity) {
          found[`line-${left.orderItemId}`] = inboxMessages.refundLineTooMany(left.quantity);
        }
      }
      if (chosen.length === 0 && Object.keys(found).length === 0) found.lines = inboxMessages.refundUnitsRequired;
    }
    if (!reason.trim()) found.reason = inboxMessages.refundReasonRequired;
    if (transfer && !reference.trim()) found.reference = inboxMessages.referenceRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await action
      .mutateAsync({
        kind: "refunds",
        body: {
          ...(mode === "amount" ? { amount } : { lines: chosen }),
          reason: reason.trim(),
          ...(transfer ? { method, reference: reference.trim() } : {}),
        },
      })
      .then(() => {
        onDone(inboxMessages.refunded);
        onClose();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Refund order #${order.orderNumber}`}
      description={`Up to ${formatRupees(available.refundable)} can be refunded${
        transfer ? ". Cash on delivery: record the bank or UPI transfer you made." : " through the payment gateway."
      } Above Rs 10,000 you confirm your password and code.`}
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        {lines.length > 0 ? (
          <fieldset className="fieldset">
            <legend>Refund</legend>
            <label className="checkbox">
              <input type="radio" name="refund-mode" checked={mode === "lines"} onChange={() => setMode("lines")} /> By
              line
            </label>
            <label className="checkbox">
              <input type="radio" name="refund-mode" checked={mode === "amount"} onChange={() => setMode("amount")} />{" "}
              By amount
            </label>
          </fieldset>
        ) : null}
        {mode === "lines" ? (
          <>
            {lines.map((left) => (
              <Field
                key={left.orderItemId}
                id={`refund-line-${left.orderItemId}`}
                label={`${left.line.name}${left.line.size ? ` (${left.line.size})` : ""}: units to refund`}
                hint={`Up to ${left.quantity}, ${formatRupees(left.paidPerUnit)} each as paid.`}
                error={errors[`line-${left.orderItemId}`]}
              >
                {(aria) => (
                  <input
                    className="input"
                    type="number"
                    min={0}
                    max={left.quantity}
                    step={1}
                    inputMode="numeric"
                    value={units[left.orderItemId] ?? ""}
                    onChange={(event) => setUnits({ ...units, [left.orderItemId]: event.target.value })}
                    {...aria}
                  />
                )}
              </Field>
            ))}
            {errors.lines ? <p className="field__error">{errors.lines}</p> : null}
            <p className="field__hint" aria-live="polite">
              Refund about {formatRupees(estimate)}
            </p>
          </>
        ) : (
          <Field id="refund-amount" label="Amount (Rs)" error={errors.amount}>
            {(aria) => (
              <input
                className="input"
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={rupees}
                onChange={(event) => setRupees(event.target.value)}
                {...aria}
              />
            )}
          </Field>
        )}
        <Field id="refund-reason" label="Reason" error={errors.reason}>
          {(aria) => (
            <input className="input" value={reason} onChange={(event) => setReason(event.target.value)} {...aria} />
          )}
        </Field>
        {transfer ? (
          <>
            <Field id="refund-method" label="Paid back by">
              {(aria) => (
                <select
                  className="select"
                  value={method}
                  onChange={(event) => setMethod(event.target.value as RefundMethod)}
                  {...aria}
                >
                  <option value="upi">UPI</option>
                  <option value="bank">Bank transfer</option>
                </select>
              )}
            </Field>
            <Field id="refund-reference" label="Transfer reference" error={errors.reference}>
              {(aria) => (
                <input
                  className="input"
                  value={reference}
                  onChange={(event) => setReference(event.target.value)}
                  {...aria}
                />
              )}
            </Field>
          </>
        ) : null}
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={action.isPending}>
            Refund
          </button>
        </div>
      </form>
    </Dialog>
  );
}
