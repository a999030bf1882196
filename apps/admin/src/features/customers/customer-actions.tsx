import {
  type AdminCustomerProfile,
  customerBlockRequestSchema,
  customerLimits,
  customerMessages,
} from "@vaki/contract/admin/customers";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { useCan } from "../auth/require-permission";
import { downloadCustomerData, useCustomerBlock, useEraseCustomer } from "./api";

/**
 * The owner's actions on one customer, each shown only with its permission (the server checks
 * again): block or unblock sign-in (a reason), the DPDP export and erase (both ask for step-up
 * through the api client; erase asks the owner to type the e-mail).
 */
export function CustomerActions({ customer }: { customer: AdminCustomerProfile }) {
  const canWrite = useCan("customers:write");
  const canExport = useCan("customers:export");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [blockOpen, setBlockOpen] = useState(false);
  const [eraseOpen, setEraseOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const blocked = customer.blockedAt !== null;

  if (!canWrite && !canExport) return null;

  async function exportData() {
    setExporting(true);
    setMessage(null);
    try {
      await downloadCustomerData(customer.id);
      setMessage({ ok: true, text: customerMessages.exported });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="customer-actions">
      <h2 id="customer-actions">Actions</h2>
      {message ? (
        <p className={`alert ${message.ok ? "alert--ok" : "alert--error"}`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
      <div className="action-row">
        {canWrite ? (
          <button
            type="button"
            className={blocked ? "button" : "button button--secondary"}
            onClick={() => {
              setMessage(null);
              setBlockOpen(true);
            }}
          >
            {blocked ? "Unblock sign-in" : "Block sign-in"}
          </button>
        ) : null}
        {canExport ? (
          <button type="button" className="button button--secondary" onClick={exportData} disabled={exporting}>
            Export data
          </button>
        ) : null}
        {canWrite ? (
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              setMessage(null);
              setEraseOpen(true);
            }}
          >
            Erase personal data
          </button>
        ) : null}
      </div>
      {blockOpen ? (
        <BlockDialog
          customer={customer}
          onClose={() => setBlockOpen(false)}
          onDone={(text) => setMessage({ ok: true, text })}
        />
      ) : null}
      {eraseOpen ? <EraseDialog customer={customer} onClose={() => setEraseOpen(false)} /> : null}
    </section>
  );
}

function BlockDialog({
  customer,
  onClose,
  onDone,
}: {
  customer: AdminCustomerProfile;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const block = customer.blockedAt === null;
  const mutation = useCustomerBlock(customer.id);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const label = block ? "Block sign-in" : "Unblock sign-in";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = customerBlockRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? customerMessages.reasonRequired);
      return;
    }
    setError(undefined);
    await mutation
      .mutateAsync({ block, reason: parsed.data.reason })
      .then(() => {
        onDone(block ? customerMessages.blocked : customerMessages.unblocked);
        onClose();
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`${label} for ${customer.name}?`}
      description={
        block
          ? "They are signed out everywhere at once and cannot sign in until you unblock them. Guest checkout with their e-mail still works."
          : "They can sign in again with their password."
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={mutation.error ? errorMessage(mutation.error) : null} />
        <Field id="block-reason" label="Reason" hint="Kept in the audit log." error={error}>
          {(aria) => (
            <textarea
              className="input"
              maxLength={customerLimits.reasonMax}
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
          <button type="submit" className={block ? "button button--danger" : "button"} disabled={mutation.isPending}>
            {label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function EraseDialog({ customer, onClose }: { customer: AdminCustomerProfile; onClose: () => void }) {
  const erase = useEraseCustomer(customer.id);
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === customer.email.toLowerCase();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!matches) return;
    await erase
      .mutateAsync(typed.trim())
      .then(() => {
        onClose();
        // The customer no longer exists: back to the list, which shows what happened.
        void navigate("/customers", { state: { notice: customerMessages.erased } });
      })
      .catch(() => undefined);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Erase the personal data of ${customer.name}?`}
      description="Their account, sessions, saved addresses, cart, wishlist, notify-me requests and Club membership are deleted. Their orders stay for tax law, with the name, e-mail, phone and addresses replaced (state and country are kept). This cannot be undone."
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={erase.error ? errorMessage(erase.error) : null} />
        <Field id="erase-email" label="Type the customer's e-mail to confirm" hint={customer.email}>
          {(aria) => (
            <input
              className="input"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              {...aria}
            />
          )}
        </Field>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Keep their data
            </button>
          </DialogClose>
          <button type="submit" className="button button--danger" disabled={!matches || erase.isPending}>
            Erase personal data
          </button>
        </div>
      </form>
    </Dialog>
  );
}
