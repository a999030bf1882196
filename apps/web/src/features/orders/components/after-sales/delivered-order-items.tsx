import type { Order } from "@vaki/contract/orders";
import { afterSalesText as t } from "../../after-sales-messages";
import { useOrderAfterSales } from "../../hooks/use-after-sales";
import { OrderItemList } from "../order-items";
import { LineAfterSalesPanel } from "./line-after-sales";
import "../../exchanges.css";

/**
 * A delivered order's lines, each with its exchange or defect offer (or why there is none) and its
 * requests (issue 29). While the offers load, or if they cannot, the lines show as they always do.
 */
export function DeliveredOrderItems({ order }: { order: Order }) {
  const afterSales = useOrderAfterSales(order.id);
  const data = afterSales.data;

  return (
    <>
      <OrderItemList
        items={order.items}
        renderBelow={
          data
            ? (item) => (
                <LineAfterSalesPanel
                  orderId={order.id}
                  item={item}
                  line={data.lines.find((line) => line.itemId === item.id)}
                  requests={data.requests.filter((request) => request.itemId === item.id)}
                />
              )
            : undefined
        }
      />
      {afterSales.isPending ? (
        <p className="order-muted after-sales-state" role="status">
          {t.loading}
        </p>
      ) : null}
      {afterSales.isError ? (
        <div className="after-sales-state" role="alert">
          <p className="order-muted">{t.loadFailed}</p>
          <button type="button" className="button button--small" onClick={() => void afterSales.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : null}
    </>
  );
}
