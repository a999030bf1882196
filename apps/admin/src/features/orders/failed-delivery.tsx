import {
  addIndiaDays,
  failedDeliveryMessages as fm,
  indiaDayOf,
  reattemptRequestSchema,
  reattemptWindowDays,
} from "@vaki/contract/admin/failed-delivery";
import type { AdminOrderDetail } from "@vaki/contract/admin/schemas";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage, isApiError } from "../../lib/api-error";
import { formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useFailedDeliveryAction } from "./failed-delivery-api";

type Notice = { ok: boolean; text: string };

/**
 * A failed delivery on the order page: re-attempt (a day and the phone the courier calls) or
 * return to origin while the courier says Undelivered; receive the return once the parcel is
 * back (how many units of each line passed the check). Each only when the server's `actions`
 * allow it and the person's role may.
 */
export function FailedDeliveryActions({ order }: { order: AdminOrderDetail }) {
  const canShip = useCan("shipments:write");
  const canReceive = useCan("returns:write");
  const action = useFailedDeliveryAction(order.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState<"reattempt" | "return" | "receive" | null>(null);
  const available = order.actions;
  const showReattempt = canShip && available?.reattempt === true;
  const showReturn = canShip && available?.returnToOrigin === true;
  const showReceive = canReceive && available?.receiveReturn === true;
  if (!showReattempt && !showReturn && !showReceive && !notice) return null;

  return (
    <section className="panel" aria-labelledby="failed-delivery">
      <h2 id="failed-delivery">{showReceive ? "Returned parcel" : "Failed delivery"}</h2>
      {notice ? (
        <p className={`alert ${notice.ok ? "alert--ok" : "alert--error"}`} role={notice.ok ? "status" : "alert"}>
          {notice.text}
        </p>
      ) : null}
      {showReattempt || showReturn ? (
        <p className="muted">
          The courier could not deliver this parcel. Ask for another attempt, or have it returned.
        </p>
      ) : null}
      <div className="action-row">
        {showReattempt ? (
          <button type="button" className="button" onClick={() => setOpen("reattempt")}>
            Re-attempt delivery
          </button>
        ) : null}
        {showReturn ? (
          <button type="button" className="button button--danger" onClick={() => setOpen("return")}>
            Return to origin
          </button>
        ) : null}
        {showReceive ? (
          <button type="button" className="button" onClick={() => setOpen("receive")}>
            Receive return
          </button>
        ) : null}
      </div>
      {open === "reattempt" ? (
        <ReattemptDialog order={order} onClose={() => setOpen(null)} onDone={(text) => setNotice({ ok: true, text })} />
      ) : null}
      <ConfirmDialog
        open={open === "return"}
        onOpenChange={(next) => setOpen(next ? "return" : null)}
        title={`Return order #${order.orderNumber} to origin?`}
        description="The courier brings the parcel back to the warehouse. This cannot be undone; when it arrives, receive it here to restock and close the order."
        confirmLabel="Return to origin"
        dismissLabel="Keep trying"
        danger
        onConfirm={async () => {
          await action.mutateAsync({ kind: "return-to-origin" });
          setNotice({ ok: true, text: fm.returnRequested });
        }}
      />
      {open === "receive" ? (
        <ReceiveReturnDialog
          order={order}
          onClose={() => setOpen(null)}
          onDone={(text) => setNotice({ ok: true, text })}
        />
      ) : null}
    </section>
  );
}

/** The day (today to a week ahead, India) and the phone for the courier's next attempt. */
export function ReattemptDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const action = useFailedDeliveryAction(order.id);
  const today = indiaDayOf(new Date());
  const lastDay = addIndiaDays(today, reattemptWindowDays);
  const [date, setDate] = useState(addIndiaDays(today, 1));
  const [phone, setPhone] = useState(order.shippingAddress?.phone ?? order.phone ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = reattemptRequestSchema.safeParse({ date, phone });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    } else if (date < today || date > lastDay) found.date = fm.dateOutOfRange;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    await action
      .mutateAsync({ kind: "reattempt", body: parsed.data })
      .then(() => {
        onDone(fm.reattemptRequested(date));
        onClose();
      })
      .catch((error) => {
        if (isApiError(error)) setErrors(firstFieldErrors(error.fieldErrors));
      });
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Re-attempt delivery of #${order.orderNumber}`}
      description="The courier tries again on the day you choose and calls the customer on this number."
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        <Field id="reattempt-date" label="Delivery day" hint={`From today to ${lastDay}.`} error={errors.date}>
          {(aria) => (
            <input
              className="input"
              type="date"
              min={today}
              max={lastDay}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              {...aria}
            />
          )}
        </Field>
        <Field id="reattempt-phone" label="Customer's phone" error={errors.phone}>
          {(aria) => (
            <input
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              {...aria}
            />
          )}
        </Field>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={action.isPending}>
            Request re-attempt
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Per line, how many units passed the check (back on sale); the rest are written off as damaged. */
export function ReceiveReturnDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const action = useFailedDeliveryAction(order.id);
  const [passed, setPassed] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, String(line.quantity)])),
  );
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<number, string>>({});
  const prepaid = (order.actions?.refundable ?? 0) > 0 && order.actions?.refundMethod === "gateway";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<number, string> = {};
    const lines = order.lines.map((line) => {
      const units = Number(passed[line.id]);
      if (!Number.isInteger(units) || units < 0 || units > line.quantity)
        found[line.id] = fm.tooManyUnits(line.quantity);
      return { itemId: line.id, restock: units };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await action
      .mutateAsync({ kind: "receive-return", body: { lines, ...(note.trim() ? { note: note.trim() } : {}) } })
      .then(() => {
        onDone(prepaid ? fm.returnReceivedRefunded : fm.returnReceived);
        onClose();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      wide
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Receive the return of #${order.orderNumber}`}
      description={
        prepaid
          ? `Units that pass the check go back on sale; the rest are written off as damaged. The order is cancelled and ${formatRupees(order.actions?.refundable ?? 0)} is refunded through the payment gateway.`
          : "Units that pass the check go back on sale; the rest are written off as damaged. The order is cancelled; cash on delivery was never collected, so nothing is refunded."
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        {order.lines.map((line) => {
          const label = [line.name, line.size, line.color].filter(Boolean).join(" · ");
          return (
            <Field
              key={line.id}
              id={`return-line-${line.id}`}
              label={`${label}: units that passed the check`}
              hint={`${line.quantity} came back. SKU ${line.sku}.`}
              error={errors[line.id]}
            >
              {(aria) => (
                <input
                  className="input"
                  type="number"
                  min={0}
                  max={line.quantity}
                  step={1}
                  inputMode="numeric"
                  value={passed[line.id] ?? ""}
                  onChange={(event) => setPassed((current) => ({ ...current, [line.id]: event.target.value }))}
                  {...aria}
                />
              )}
            </Field>
          );
        })}
        <Field id="return-note" label="Note (optional)" hint="What was wrong with any unit written off.">
          {(aria) => (
            <textarea
              className="input"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              {...aria}
            />
          )}
        </Field>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={action.isPending}>
            Receive and restock
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function firstFieldErrors(fieldErrors: Record<string, string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}
