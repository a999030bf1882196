import {
  type AfterSalesRequest,
  type AfterSalesStatus,
  afterSalesKindLabels,
  type LineAfterSales,
} from "@vaki/contract/exchanges";
import { Check } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { errorMessage } from "../../../../lib/api-error";
import { toast } from "../../../../lib/toast-store";
import { afterSalesText as t } from "../../after-sales-messages";
import { formatShortDayTime } from "../../format-order-date";
import { useChooseAfterSales, useWithdrawAfterSales } from "../../hooks/use-after-sales";
import type { BadgeTone } from "../../order-status";
import { StatusBadge } from "../status-badge";
import { ConfirmActionDialog } from "./confirm-action-dialog";
import { RequestPhoto } from "./request-photo";

const ExchangeSizeDialog = lazy(async () => ({
  default: (await import("./exchange-size-dialog")).ExchangeSizeDialog,
}));

const statusTones: Record<AfterSalesStatus, BadgeTone> = {
  REQUESTED: "info",
  SIZE_UNAVAILABLE: "warning",
  APPROVED: "primary",
  REFUSED: "danger",
  WITHDRAWN: "secondary",
  COMPLETED: "success",
};

interface RequestCardProps {
  orderId: string;
  request: AfterSalesRequest;
  /** The line's offer: the sizes to choose from when the held one is gone. */
  line: LineAfterSales | undefined;
}

/**
 * A request under its order line: kind and status, the server's one-line summary, the steps as a
 * small progress list, the refusal reason, AWBs, a defect's photos, and what the customer may do.
 */
export function RequestCard({ orderId, request, line }: RequestCardProps) {
  const titleId = useId();
  const [open, setOpen] = useState<"withdraw" | "size" | "refund" | null>(null);
  const withdraw = useWithdrawAfterSales(orderId);
  const choose = useChooseAfterSales(orderId);
  const close = () => setOpen(null);
  const sizes = t.sizes(request.fromSize, request.toSize);
  const waitingForChoice = request.status === "SIZE_UNAVAILABLE";

  return (
    <section className="after-sales-card" aria-labelledby={titleId} data-testid={`after-sales-request-${request.id}`}>
      <header className="after-sales-card__head">
        <h4 className="after-sales-card__kind" id={titleId}>
          {afterSalesKindLabels[request.kind]}
        </h4>
        <StatusBadge tone={statusTones[request.status]} prefix="Request status:">
          {request.statusLabel}
        </StatusBadge>
      </header>
      {sizes ? <p className="order-muted">{sizes}</p> : null}
      <p className="after-sales-card__message">{request.message}</p>

      {request.status === "REFUSED" && request.refusalReason ? (
        <p className="after-sales-card__refusal">
          <strong>{t.refusedBecause}: </strong>
          {request.refusalReason}
        </p>
      ) : null}

      {request.steps.length > 0 ? (
        <ol className="after-sales-steps" aria-label={t.progress}>
          {request.steps.map((step) => (
            <li
              key={step.label}
              className={`after-sales-steps__step${step.done ? " after-sales-steps__step--done" : ""}`}
            >
              <span className="after-sales-steps__mark" aria-hidden="true">
                {step.done ? <Check /> : null}
              </span>
              <span className="after-sales-steps__label">
                {step.label}
                <span className="visually-hidden">{step.done ? " (done)" : " (to come)"}</span>
              </span>
              {step.done && step.at ? (
                <time className="after-sales-steps__at" dateTime={step.at}>
                  {formatShortDayTime(step.at)}
                </time>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}

      {request.returnAwb || request.replacementAwb ? (
        <dl className="after-sales-card__awbs">
          {request.returnAwb ? (
            <div>
              <dt>{t.pickupAwb}</dt>
              <dd className="order-facts__code">{request.returnAwb}</dd>
            </div>
          ) : null}
          {request.replacementAwb ? (
            <div>
              <dt>{t.replacementAwb}</dt>
              <dd className="order-facts__code">{request.replacementAwb}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {request.kind === "defect" && request.photos.length > 0 ? (
        <ul className="after-sales-card__photos" aria-label={t.photosOfReport}>
          {request.photos.map((photo, index) => (
            <li key={photo.id}>
              <RequestPhoto url={photo.url} index={index + 1} />
            </li>
          ))}
        </ul>
      ) : null}

      {waitingForChoice || request.withdrawable ? (
        <div className="after-sales-card__actions">
          {waitingForChoice ? (
            <>
              <button
                type="button"
                className="button button--small button--primary"
                onClick={() => setOpen("size")}
                aria-describedby={titleId}
              >
                {t.chooseAnotherSize}
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => setOpen("refund")}
                aria-describedby={titleId}
              >
                {t.refundInstead}
              </button>
            </>
          ) : null}
          {request.withdrawable ? (
            <button
              type="button"
              className="button button--small button--ghost-danger"
              onClick={() => setOpen("withdraw")}
              aria-describedby={titleId}
            >
              {t.withdraw}
            </button>
          ) : null}
        </div>
      ) : null}

      <ConfirmActionDialog
        open={open === "withdraw"}
        onOpenChange={(next) => !next && close()}
        title={t.withdrawTitle}
        question={t.withdrawQuestion}
        keepLabel={t.keepRequest}
        confirmLabel={t.withdraw}
        busyLabel={t.withdrawing}
        busy={withdraw.isPending}
        danger
        onConfirm={() => withdraw.mutate(request.id, { onSettled: close })}
      />
      <ConfirmActionDialog
        open={open === "refund"}
        onOpenChange={(next) => !next && close()}
        title={t.refundTitle}
        question={t.refundQuestion}
        keepLabel={t.keepWaiting}
        confirmLabel={t.confirmRefund}
        busyLabel={t.sending}
        busy={choose.isPending}
        onConfirm={() =>
          choose.mutate(
            { requestId: request.id, choice: { refund: true } },
            { onError: (error) => toast.error(errorMessage(error, t.actionFailed)), onSettled: close },
          )
        }
      />
      {open === "size" ? (
        <Suspense fallback={null}>
          <ExchangeSizeDialog
            open
            onOpenChange={(next) => !next && close()}
            title={t.chooseAnotherSize}
            productName={request.productName}
            currentSize={request.fromSize}
            sizes={line?.sizes ?? []}
            units={1}
            submitLabel={t.confirmSize}
            onSubmit={({ variantId }) => choose.mutateAsync({ requestId: request.id, choice: { variantId } })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
