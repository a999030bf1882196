import { useState } from "react";
import { errorMessage } from "../lib/api-error";
import { Dialog, DialogClose } from "./dialog";

/** Asks before a consequential change; stays open with the server's words if it fails. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  dismissLabel = "Cancel",
  danger = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes without doing it ("Cancel" unless that would be ambiguous). */
  dismissLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      {error ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      ) : null}
      <div className="dialog__actions">
        <DialogClose asChild>
          <button type="button" className="button button--secondary">
            {dismissLabel}
          </button>
        </DialogClose>
        <button
          type="button"
          className={danger ? "button button--danger" : "button"}
          onClick={confirm}
          disabled={pending}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
