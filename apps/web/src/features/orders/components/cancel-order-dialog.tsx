import type { Order } from "@vaki/contract/orders";
import { Modal } from "../../../components/modal";
import { formatOrderAmount } from "../../../lib/money";
import { orderDialogMessages as t } from "../messages";

interface CancelOrderDialogProps {
  order: Order | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (order: Order) => void;
  cancelling: boolean;
}

/** 'Cancel Order' confirmation (R-ORD-2): refunds return within 5-7 business days. */
export function CancelOrderDialog({ order, onOpenChange, onConfirm, cancelling }: CancelOrderDialogProps) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={(open) => {
        if (!cancelling) onOpenChange(open);
      }}
      title={t.cancelTitle}
      description={order ? t.cancelQuestion(order.orderNumber) : undefined}
      footer={
        order ? (
          <div className="order-dialog__actions">
            <button type="button" className="button button--small" onClick={() => onOpenChange(false)}>
              {t.keepOrder}
            </button>
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => {
                if (!cancelling) onConfirm(order);
              }}
              aria-disabled={cancelling || undefined}
            >
              {cancelling ? t.cancelling : t.confirmCancel}
            </button>
          </div>
        ) : null
      }
    >
      {order ? (
        <div className="order-dialog">
          <p>
            {order.itemCount} {order.itemCount === 1 ? "item" : "items"} · {formatOrderAmount(order.total)}
          </p>
          <p className="order-muted">{t.cancelRefund}</p>
        </div>
      ) : null}
    </Modal>
  );
}
