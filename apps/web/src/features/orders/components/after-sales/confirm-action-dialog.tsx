import { Modal } from "../../../../components/modal";

interface ConfirmActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  question: string;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  danger?: boolean;
}

/** A yes/no question before a step that cannot be undone (withdrawing, taking the refund). */
export function ConfirmActionDialog({
  open,
  onOpenChange,
  title,
  question,
  keepLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  danger = false,
}: ConfirmActionDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={question}
      footer={
        <div className="order-dialog__actions">
          <button type="button" className="button button--small" onClick={() => onOpenChange(false)}>
            {keepLabel}
          </button>
          <button
            type="button"
            className={`button button--small ${danger ? "button--danger" : "button--primary"}`}
            onClick={() => {
              if (!busy) onConfirm();
            }}
            aria-disabled={busy || undefined}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      }
    >
      {null}
    </Modal>
  );
}
