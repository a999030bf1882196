import { useQuery } from "@tanstack/react-query";
import type { OrderTracking } from "@vaki/contract/checkout";
import { fulfilmentMessages } from "@vaki/contract/messages";
import type { Order } from "@vaki/contract/orders";
import { ExternalLink, RefreshCw } from "lucide-react";
import { formatOrderDate, formatOrderDay } from "../format-order-date";
import { fulfilmentMessage } from "../fulfilment-messages";
import { orderDialogMessages as t } from "../messages";
import { orderCustomerMessage } from "../order-status";
import { orderTrackingQuery } from "../orders-api";
import { OrderTimeline } from "./order-timeline";

type TrackedOrder = Pick<Order, "id" | "status" | "paymentStatus" | "timeline" | "trackingNumber" | "courierName"> & {
  message?: string;
};

interface TrackingPanelProps {
  order: TrackedOrder;
  orderSecret?: string | null;
  /** Show the order's own message while the courier has nothing to say (false where the page already shows it). */
  withOrderMessage?: boolean;
}

type Activity = OrderTracking["tracking_data"]["shipment_track_activities"][number];

function activityTime(activity: Activity): number {
  const time = Date.parse(activity.date.replace(" ", "T"));
  return Number.isNaN(time) ? 0 : time;
}

/** The courier's scans, newest first (whatever order the courier sent them in). */
export function newestFirst(activities: readonly Activity[]): Activity[] {
  return [...activities].sort((a, b) => activityTime(b) - activityTime(a));
}

/** The courier's current status in words, from the freshest thing the answer says. */
function currentCourierStatus(tracking: OrderTracking | undefined): string | null {
  const data = tracking?.tracking_data;
  if (!data) return null;
  return (
    data.shipment_track[0]?.current_status ||
    newestFirst(data.shipment_track_activities)[0]?.["sr-status-label"] ||
    null
  );
}

/**
 * Tracking of one order (R-ORD-2 "Tracking offers Retry and Check for
 * Updates"): the progress timeline, the courier, the AWB and the scans, newest first.
 */
export function TrackingPanel({ order, orderSecret, withOrderMessage = true }: TrackingPanelProps) {
  const tracking = useQuery(orderTrackingQuery(order.id, orderSecret));
  const data = tracking.data?.tracking_data;
  const courierStatus = currentCourierStatus(tracking.data);
  const shipment = data?.shipment_track[0];
  const courierName = tracking.data?.courierName || shipment?.courier_name || order.courierName;
  const awb = tracking.data?.awb || shipment?.awb_code || order.trackingNumber;
  const activities = data ? newestFirst(data.shipment_track_activities) : [];
  const status = tracking.data?.status ?? order.status;
  const courierMessage = courierStatus && status !== "CANCELLED" ? fulfilmentMessage(courierStatus) : null;
  const now = courierMessage
    ? { title: courierStatus, message: courierMessage }
    : withOrderMessage
      ? { title: tracking.data?.statusLabel ?? null, message: orderCustomerMessage(order) }
      : null;

  return (
    <div className="tracking-panel">
      <OrderTimeline timeline={tracking.data?.timeline ?? order.timeline} status={status} />

      {now ? (
        <div className="tracking-panel__now">
          {now.title ? <p className="tracking-panel__status">{now.title}</p> : null}
          <p className="tracking-panel__message">{now.message}</p>
        </div>
      ) : null}

      {tracking.isPending ? (
        <p role="status" className="order-muted">
          {t.trackingLoading}
        </p>
      ) : null}

      {tracking.isError ? (
        <div role="alert" className="order-alert">
          <p>{t.trackingFailed}</p>
          <button type="button" className="button button--small" onClick={() => void tracking.refetch()}>
            {t.retry}
          </button>
        </div>
      ) : null}

      {courierName || awb || data?.etd ? (
        <dl className="order-facts">
          {courierName ? (
            <div>
              <dt>Courier</dt>
              <dd>{courierName}</dd>
            </div>
          ) : null}
          {awb ? (
            <div>
              <dt>AWB</dt>
              <dd className="order-facts__code">{awb}</dd>
            </div>
          ) : null}
          {data?.etd ? (
            <div>
              <dt>Expected delivery</dt>
              <dd>{formatOrderDay(data.etd)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {data && data.track_status === 0 && activities.length === 0 && status !== "CANCELLED" ? (
        <p className="order-muted">{fulfilmentMessages.noTrackingYet}</p>
      ) : null}

      {activities.length > 0 ? (
        <section className="tracking-activities" aria-label="Courier updates, newest first">
          <h3 className="tracking-activities__title">Courier updates</h3>
          <ol className="tracking-activities__list">
            {activities.map((activity) => (
              <li
                key={`${activity.date}|${activity["sr-status"]}|${activity.activity}|${activity.location}`}
                className="tracking-activities__item"
              >
                <time dateTime={activity.date}>{formatOrderDate(activity.date)}</time>
                <p className="tracking-activities__activity">{activity.activity || activity["sr-status-label"]}</p>
                {activity.location ? <p className="order-muted">{activity.location}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="tracking-panel__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            if (!tracking.isFetching) void tracking.refetch();
          }}
          aria-disabled={tracking.isFetching || undefined}
        >
          <RefreshCw aria-hidden="true" className={tracking.isFetching ? "spin" : undefined} />
          {tracking.isFetching ? t.checking : t.checkForUpdates}
        </button>
        {data?.track_url ? (
          <a className="button button--small" href={data.track_url} target="_blank" rel="noopener noreferrer">
            Courier's page
            <ExternalLink aria-hidden="true" />
          </a>
        ) : null}
      </div>
    </div>
  );
}
