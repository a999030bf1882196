import { Modal } from "../../../components/modal";
import { cartPanelMessages as t } from "../cart-messages";

interface ClearCartDialogProps {
  open: boolean;
  itemCount: number;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** R-STORE-4: clearing the cart asks first, with the spec's exact words. */
export function ClearCartDialog({ open, itemCount, busy, onOpenChange, onConfirm }: ClearCartDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t.clearTitle}
      description={t.clearConfirm(itemCount)}
      className="clear-cart-dialog"
      // After clearing, the Clear Cart button is gone: focus goes back into the cart panel.
      returnFocusTo={() => document.querySelector<HTMLElement>(".cart-panel")}
      footer={
        <div className="clear-cart-dialog__actions">
          <button type="button" className="button button--small" onClick={() => onOpenChange(false)}>
            {t.keepItems}
          </button>
          <button
            type="button"
            className="button button--small button--danger"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {t.confirmClear}
          </button>
        </div>
      }
    >
      {null}
    </Modal>
  );
}
