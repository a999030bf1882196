import { type AdminAfterSalesRequest, refuseAfterSalesSchema } from "@vaki/contract/admin/exchanges";
import { afterSalesMessages as am, type ReturnCondition } from "@vaki/contract/exchanges";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useAfterSalesAction } from "./api";
import { exchangeTexts, requestTitle } from "./labels";

type Notice = { ok: boolean; text: string };
type Open = "approve" | "refuse" | "size_unavailable" | "receive" | "ship_replacement" | null;

/**
 * The decisions on a request: each button only when the request's `actions` allow it and the
 * person's role holds returns:write (the server refuses the rest with 403 anyway).
 */
export function ExchangeActions({ request }: { request: AdminAfterSalesRequest }) {
  const canAct = useCan("returns:write");
  const action = useAfterSalesAction(request.id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const allowed = (name: AdminAfterSalesRequest["actions"][number]) => canAct && request.actions.includes(name);
  const done = (text: string) => setNotice({ ok: true, text });
  const title = requestTitle(request);

  const buttons = [
    allowed("approve") ? (
      <button key="approve" type="button" className="button" onClick={() => setOpen("approve")}>
        Approve
      </button>
    ) : null,
    allowed("ship_replacement") ? (
      <button key="ship" type="button" className="button" onClick={() => setOpen("ship_replacement")}>
        Ship replacement now
      </button>
    ) : null,
    allowed("receive") ? (
      <button key="receive" type="button" className="button" onClick={() => setOpen("receive")}>
        Receive return
      </button>
    ) : null,
    allowed("size_unavailable") ? (
      <button key="size" type="button" className="button button--secondary" onClick={() => setOpen("size_unavailable")}>
        Size not available
      </button>
    ) : null,
    allowed("refuse") ? (
      <button key="refuse" type="button" className="button button--danger" onClick={() => setOpen("refuse")}>
        Refuse
      </button>
    ) : null,
  ].filter(Boolean);
  if (buttons.length === 0 && !notice) return null;

  const close = (next: boolean) => (next ? undefined : setOpen(null));
  return (
    <section className="panel" aria-labelledby="exchange-actions">
      <h2 id="exchange-actions">Actions</h2>
      {notice ? (
        <p className={`alert ${notice.ok ? "alert--ok" : "alert--error"}`} role={notice.ok ? "status" : "alert"}>
          {notice.text}
        </p>
      ) : null}
      {buttons.length > 0 ? <div className="action-row">{buttons}</div> : null}

      {open === "approve" && request.kind === "defect" ? (
        <ApproveDefectDialog request={request} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      <ConfirmDialog
        open={open === "approve" && request.kind === "exchange"}
        onOpenChange={close}
        title={`Approve ${title}?`}
        description={`${exchangeTexts.approveExchange} Size ${request.toSize ?? "—"} goes out in place of size ${request.fromSize ?? "—"}.`}
        confirmLabel="Approve and book pickup"
        onConfirm={async () => {
          const answer = await action.mutateAsync({ kind: "approve", body: {} });
          done(answer.returnAwb ? am.approvedPickup(answer.returnAwb) : am.approved);
        }}
      />
      {open === "refuse" ? <RefuseDialog request={request} onClose={() => setOpen(null)} onDone={done} /> : null}
      <ConfirmDialog
        open={open === "size_unavailable"}
        onOpenChange={close}
        title={request.toSize ? `Size ${request.toSize} not available?` : "Size not available?"}
        description={exchangeTexts.sizeUnavailable}
        confirmLabel="Ask the customer to choose"
        onConfirm={async () => {
          await action.mutateAsync({ kind: "size-unavailable" });
          done(am.markedUnavailable);
        }}
      />
      {open === "receive" ? <ReceiveDialog request={request} onClose={() => setOpen(null)} onDone={done} /> : null}
      <ConfirmDialog
        open={open === "ship_replacement"}
        onOpenChange={close}
        title="Ship the replacement now?"
        description={
          request.kind === "exchange"
            ? `Size ${request.toSize ?? "—"} ships to the customer now, without waiting for the old piece to be picked up.`
            : "A replacement piece ships to the customer now."
        }
        confirmLabel="Ship replacement now"
        onConfirm={async () => {
          const answer = await action.mutateAsync({ kind: "ship-replacement" });
          done(answer.replacementAwb ? am.replacementShipped(answer.replacementAwb) : am.approved);
        }}
      />
    </section>
  );
}

interface DialogProps {
  request: AdminAfterSalesRequest;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** A defect is settled by a refund of the line (with a credit note) or a replacement piece. */
function ApproveDefectDialog({ request, onClose, onDone }: DialogProps) {
  const action = useAfterSalesAction(request.id);
  // The server offers a refund ("refund" in actions); the role must also hold orders:refund.
  const mayRefund = useCan("orders:refund");
  const refundable = mayRefund && request.actions.includes("refund");
  const [resolution, setResolution] = useState<"refund" | "replace" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amount = request.unitPaid * request.quantity;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!resolution) {
      setError(am.resolutionRequired);
      return;
    }
    setError(null);
    await action
      .mutateAsync({ kind: "approve", body: { resolution } })
      .then(() => {
        onDone(am.approved);
        onClose();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Approve ${requestTitle(request)}`}
      description={`${request.productName}${request.fromSize ? `, size ${request.fromSize}` : ""}. The customer is e-mailed the decision.`}
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        <fieldset className="fieldset" aria-describedby={error ? "approve-resolution-error" : undefined}>
          <legend>Settle the defect by</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="resolution"
              value="refund"
              checked={resolution === "refund"}
              disabled={!refundable}
              onChange={() => setResolution("refund")}
              aria-describedby="approve-refund-hint"
            />{" "}
            Refund the item
          </label>
          <p id="approve-refund-hint" className="field__hint">
            {refundable
              ? `${formatRupees(amount)} back to the customer as paid, with a credit note.`
              : mayRefund
                ? exchangeTexts.refundNotOffered
                : exchangeTexts.refundNotAllowed}
          </p>
          <label className="checkbox">
            <input
              type="radio"
              name="resolution"
              value="replace"
              checked={resolution === "replace"}
              onChange={() => setResolution("replace")}
            />{" "}
            Send a replacement
          </label>
          {error ? (
            <p id="approve-resolution-error" className="field__error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button type="submit" className="button" disabled={action.isPending}>
            Approve
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The reason goes to the customer in the refusal e-mail and in My Orders. */
function RefuseDialog({ request, onClose, onDone }: DialogProps) {
  const action = useAfterSalesAction(request.id);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = refuseAfterSalesSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? am.reasonRequired);
      return;
    }
    setError(undefined);
    await action
      .mutateAsync({ kind: "refuse", body: parsed.data })
      .then(() => {
        onDone(am.refused);
        onClose();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Refuse ${requestTitle(request)}`}
      description="The customer reads your reason in the e-mail and in My Orders."
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        <Field id="refuse-reason" label="Reason for the customer" error={error}>
          {(aria) => (
            <textarea
              className="input"
              rows={3}
              maxLength={500}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
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
          <button type="submit" className="button button--danger" disabled={action.isPending}>
            Refuse request
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The returned piece after the check: back on sale (restocked) or written off as damaged. */
function ReceiveDialog({ request, onClose, onDone }: DialogProps) {
  const action = useAfterSalesAction(request.id);
  const [condition, setCondition] = useState<ReturnCondition | null>(null);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!condition) {
      setError(exchangeTexts.conditionRequired);
      return;
    }
    setError(null);
    await action
      .mutateAsync({ kind: "receive", body: { condition, ...(note.trim() ? { note: note.trim() } : {}) } })
      .then(() => {
        onDone(am.received);
        onClose();
      })
      .catch(() => undefined);
  }

  const piece = `${request.productName}${request.fromSize ? `, size ${request.fromSize}` : ""}${request.sku ? ` (SKU ${request.sku})` : ""}`;
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={`Receive the return of ${requestTitle(request)}`}
      description={`${piece}${request.quantity > 1 ? ` × ${request.quantity}` : ""}. Check it before it goes back on sale.`}
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={action.error ? errorMessage(action.error) : null} />
        <fieldset className="fieldset" aria-describedby={error ? "receive-condition-error" : undefined}>
          <legend>Condition</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="condition"
              value="restock"
              checked={condition === "restock"}
              onChange={() => setCondition("restock")}
            />{" "}
            Back on sale
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="condition"
              value="damaged"
              checked={condition === "damaged"}
              onChange={() => setCondition("damaged")}
            />{" "}
            Damaged — write off
          </label>
          {error ? (
            <p id="receive-condition-error" className="field__error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <Field id="receive-note" label="Note (optional)" hint="What you found when you checked the piece.">
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
            Receive return
          </button>
        </div>
      </form>
    </Dialog>
  );
}
