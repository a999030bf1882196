import { type AfterSalesRequest, afterSalesMessages, type LineAfterSales } from "@vaki/contract/exchanges";
import type { OrderItem } from "@vaki/contract/orders";
import { lazy, Suspense, useId, useState } from "react";
import { afterSalesText as t } from "../../after-sales-messages";
import { formatShortDay, formatShortDayTime } from "../../format-order-date";
import { useRequestExchange } from "../../hooks/use-after-sales";
import { RequestCard } from "./request-card";

// The forms load when first opened: most visits to an order never open them.
const ExchangeSizeDialog = lazy(async () => ({
  default: (await import("./exchange-size-dialog")).ExchangeSizeDialog,
}));
const DefectReportDialog = lazy(async () => ({
  default: (await import("./defect-report-dialog")).DefectReportDialog,
}));

interface LineAfterSalesProps {
  orderId: string;
  item: OrderItem;
  line: LineAfterSales | undefined;
  /** The requests made for this line, newest first. */
  requests: readonly AfterSalesRequest[];
}

/**
 * What one delivered line allows: "Exchange size" (India) or "Report a defect" (abroad) with the
 * window's end, or why neither (in small muted type); and the line's requests as cards.
 */
export function LineAfterSalesPanel({ orderId, item, line, requests }: LineAfterSalesProps) {
  const closesId = useId();
  const [open, setOpen] = useState<"exchange" | "defect" | null>(null);
  const requestExchange = useRequestExchange(orderId);
  const productName = item.productName || item.name;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <div className="after-sales-line" data-testid={`after-sales-line-${item.id}`}>
      {requests.map((request) => (
        <RequestCard key={request.id} orderId={orderId} request={request} line={line} />
      ))}

      {line?.offer ? (
        <div className="after-sales-line__offer">
          <button
            type="button"
            className="button button--small"
            onClick={() => setOpen(line.offer)}
            aria-describedby={line.closesAt ? closesId : undefined}
          >
            {line.offer === "exchange" ? afterSalesMessages.exchangeButton : afterSalesMessages.defectButton}
          </button>
          {line.closesAt ? (
            <p className="order-muted after-sales-line__note" id={closesId}>
              {line.offer === "exchange"
                ? t.exchangeUntil(formatShortDay(line.closesAt))
                : t.reportBy(formatShortDayTime(line.closesAt))}
            </p>
          ) : null}
        </div>
      ) : line?.reason ? (
        <p className="order-muted after-sales-line__note">{line.reason}</p>
      ) : null}

      {open === "exchange" && line ? (
        <Suspense fallback={null}>
          <ExchangeSizeDialog
            open
            onOpenChange={close}
            title={afterSalesMessages.exchangeButton}
            productName={productName}
            currentSize={item.size}
            sizes={line.sizes}
            units={line.units}
            submitLabel={t.requestExchange}
            onSubmit={(choice) => requestExchange.mutateAsync({ itemId: item.id, ...choice })}
          />
        </Suspense>
      ) : null}
      {open === "defect" && line ? (
        <Suspense fallback={null}>
          <DefectReportDialog
            open
            onOpenChange={close}
            orderId={orderId}
            itemId={item.id}
            productName={productName}
            units={line.units}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
