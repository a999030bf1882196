import type { Order } from "@vaki/contract/orders";
import { Modal } from "../../../components/modal";
import { orderDialogMessages as t } from "../messages";
import { TrackingPanel } from "./tracking-panel";

interface TrackOrderDialogProps {
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Track Order' (R-ORD-2): the timeline, the courier and its scans, Retry and Check for Updates. */
export function TrackOrderDialog({ order, onOpenChange }: TrackOrderDialogProps) {
  return (
    <Modal
      open={order !== null}
      onOpenChange={onOpenChange}
      title={t.trackTitle}
      description={order ? `Order ${order.orderNumber}` : undefined}
      size="wide"
    >
      {order ? <TrackingPanel order={order} /> : null}
    </Modal>
  );
}
