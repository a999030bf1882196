import type { AdminAfterSalesRequest } from "@vaki/contract/admin/exchanges";
import {
  afterSalesKindLabels,
  afterSalesMessages,
  replacementLegLabels,
  returnLegLabels,
} from "@vaki/contract/exchanges";
import { Check } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Dialog } from "../../components/dialog";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { formatDateTime, formatRupees } from "../../lib/format";
import { AfterSalesStatus } from "./after-sales-status";
import { useAfterSalesRequest } from "./api";
import { ExchangeActions } from "./exchange-actions";
import { exchangesTab, exchangesTabLabel, requestTitle, sizesOf } from "./labels";

const breadcrumb = (
  <>
    <Link to="/orders">Orders</Link> / <Link to={`/orders?tab=${exchangesTab}`}>{exchangesTabLabel}</Link>
  </>
);

/** One size exchange or defect report (`/exchanges/:id`): who asked, for what, how far it got, and the decisions. */
export function ExchangePage() {
  const { id = "" } = useParams();
  const request = useAfterSalesRequest(Number(id));
  if (request.isPending && request.fetchStatus !== "idle") return <LoadingState label="Loading the request…" />;
  if (!request.data)
    return (
      <div className="page">
        <PageHeader title="Exchange request" breadcrumb={breadcrumb} />
        <div className="panel">
          <ErrorState
            error={request.error ?? new Error(afterSalesMessages.requestNotFound)}
            onRetry={() => void request.refetch()}
          />
        </div>
      </div>
    );
  return <ExchangeView request={request.data} />;
}

function ExchangeView({ request }: { request: AdminAfterSalesRequest }) {
  return (
    <div className="page">
      <PageHeader
        title={requestTitle(request)}
        breadcrumb={breadcrumb}
        description={`Requested ${formatDateTime(request.createdAt)} on order #${request.orderNumber}`}
        actions={<AfterSalesStatus request={request} />}
      />
      <ExchangeActions request={request} />
      <div className="grid-2">
        <section className="panel" aria-labelledby="exchange-customer">
          <h2 id="exchange-customer">Customer and order</h2>
          <dl className="details">
            <dt>Customer</dt>
            <dd>{request.customerName ?? "Guest"}</dd>
            <dt>E-mail</dt>
            <dd>{request.customerEmail ?? "—"}</dd>
            <dt>Delivered to</dt>
            <dd>{request.country ?? "—"}</dd>
            <dt>Order</dt>
            <dd>
              <Link to={`/orders/${request.orderId}`}>#{request.orderNumber}</Link>
            </dd>
            <dt>Kind</dt>
            <dd>{afterSalesKindLabels[request.kind]}</dd>
            <dt>Last change</dt>
            <dd>{formatDateTime(request.updatedAt)}</dd>
          </dl>
        </section>
        <section className="panel" aria-labelledby="exchange-item">
          <h2 id="exchange-item">Item</h2>
          <dl className="details">
            <dt>Product</dt>
            <dd>{request.productName}</dd>
            <dt>SKU</dt>
            <dd className="mono">
              {request.sku}
              {request.toSku ? ` → ${request.toSku}` : ""}
            </dd>
            <dt>{request.kind === "exchange" ? "Sizes" : "Size"}</dt>
            <dd>{request.kind === "exchange" ? sizesOf(request) : (request.fromSize ?? "—")}</dd>
            <dt>Quantity</dt>
            <dd>{request.quantity}</dd>
            <dt>Paid per unit</dt>
            <dd>{formatRupees(request.unitPaid)}</dd>
          </dl>
        </section>
      </div>
      {request.kind === "defect" ? <DefectPanel request={request} /> : null}
      <ProgressPanel request={request} />
    </div>
  );
}

/** What the customer wrote and the photos they sent; a photo opens large in a dialog. */
function DefectPanel({ request }: { request: AdminAfterSalesRequest }) {
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const total = request.photos.length;
  const photo = enlarged === null ? undefined : request.photos[enlarged];
  return (
    <section className="panel" aria-labelledby="exchange-defect">
      <h2 id="exchange-defect">What is wrong</h2>
      <p className="exchange-description">{request.description ?? "—"}</p>
      {total === 0 ? (
        <p className="muted">No photos.</p>
      ) : (
        <ul className="exchange-photos">
          {request.photos.map((item, index) => (
            <li key={item.id}>
              <button type="button" className="exchange-photo" onClick={() => setEnlarged(index)}>
                <img src={item.url} alt="" loading="lazy" />
                <span className="visually-hidden">
                  Enlarge photo {index + 1} of {total}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {photo && enlarged !== null ? (
        <Dialog
          open
          wide
          onOpenChange={(next) => (next ? undefined : setEnlarged(null))}
          title={`Photo ${enlarged + 1} of ${total}`}
        >
          <img
            className="exchange-photo__large"
            src={photo.url}
            alt={`The defect as the customer shows it, ${enlarged + 1} of ${total}`}
          />
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={enlarged === 0}
              onClick={() => setEnlarged(enlarged - 1)}
            >
              Previous photo
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={enlarged === total - 1}
              onClick={() => setEnlarged(enlarged + 1)}
            >
              Next photo
            </button>
            <button type="button" className="button" onClick={() => setEnlarged(null)}>
              Close
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** The two legs (the old piece coming back, the new one going out), the money, and the steps so far. */
function ProgressPanel({ request }: { request: AdminAfterSalesRequest }) {
  return (
    <section className="panel" aria-labelledby="exchange-progress">
      <h2 id="exchange-progress">Progress</h2>
      <div className="grid-2">
        <dl className="details">
          <dt>Status</dt>
          <dd>{request.statusLabel}</dd>
          {request.kind === "exchange" || request.returnStatus ? (
            <>
              <dt>Return</dt>
              <dd>{request.returnStatus ? returnLegLabels[request.returnStatus] : "Not booked yet"}</dd>
              <dt>Return AWB</dt>
              <dd className="mono">{request.returnAwb ?? "—"}</dd>
            </>
          ) : null}
          {request.returnCondition ? (
            <>
              <dt>Checked as</dt>
              <dd>{request.returnCondition === "restock" ? "Back on sale" : "Damaged — written off"}</dd>
            </>
          ) : null}
          {request.resolution !== "refund" ? (
            <>
              <dt>Replacement</dt>
              <dd>{request.replacementStatus ? replacementLegLabels[request.replacementStatus] : "Not shipped yet"}</dd>
              <dt>Replacement AWB</dt>
              <dd className="mono">{request.replacementAwb ?? "—"}</dd>
            </>
          ) : null}
          <dt>Refunded</dt>
          <dd>{formatRupees(request.refundedAmount)}</dd>
          {request.refusalReason ? (
            <>
              <dt>Reason given</dt>
              <dd>{request.refusalReason}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <p>{request.message}</p>
          {request.steps.length > 0 ? (
            <ol className="exchange-steps">
              {request.steps.map((step) => (
                <li key={step.label} className={step.done ? "exchange-step exchange-step--done" : "exchange-step"}>
                  {step.done ? (
                    <Check size={16} aria-hidden="true" className="exchange-step__check" />
                  ) : (
                    <span className="exchange-step__dot" />
                  )}
                  <span>
                    {step.label}
                    <span className="visually-hidden">{step.done ? " (done)" : " (to come)"}</span>
                    {step.at ? <span className="muted"> · {formatDateTime(step.at)}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      </div>
    </section>
  );
}
