import type { TimelineEntry } from "@vaki/contract/orders";
import { Check, X } from "lucide-react";
import { formatOrderDate } from "../format-order-date";
import "../orders.css";
import "../orders-details.css";

interface OrderTimelineProps {
  /** The server's timeline (order or tracking answer): Created → Processing → Shipped → Delivered (+ Cancelled). */
  timeline: readonly TimelineEntry[];
  /** The order's status: a cancelled order ends its timeline with a Cancelled step. */
  status?: string;
  /** When the order was cancelled, if known. */
  cancelledAt?: string | undefined;
}

interface Step {
  step: TimelineEntry["step"];
  state: "done" | "current" | "upcoming" | "cancelled";
  at?: string | undefined;
}

/**
 * The steps to draw: the server's steps in order; a cancelled order shows the steps it reached,
 * then Cancelled (from the server's Cancelled step, or from the order's status when the server's
 * timeline predates that step).
 */
export function timelineSteps(timeline: readonly TimelineEntry[], status?: string, cancelledAt?: string): Step[] {
  const cancelEntry = timeline.find((entry) => entry.step === "Cancelled");
  const cancelled = status === "CANCELLED" || (cancelEntry?.done ?? false);
  const progress = timeline.filter((entry) => entry.step !== "Cancelled");
  const lastDone = progress.reduce((last, entry, index) => (entry.done ? index : last), -1);
  if (cancelled) {
    return [
      ...progress
        .filter((entry) => entry.done)
        .map((entry): Step => ({ step: entry.step, state: "done", at: entry.at })),
      { step: "Cancelled", state: "cancelled", at: cancelEntry?.at ?? cancelledAt },
    ];
  }
  return progress.map((entry, index) => ({
    step: entry.step,
    state: index < lastDone ? "done" : index === lastDone ? "current" : "upcoming",
    at: entry.done ? entry.at : undefined,
  }));
}

const stateText: Record<Step["state"], string> = {
  done: "done",
  current: "current step",
  upcoming: "not yet",
  cancelled: "cancelled",
};

/** The order progress timeline (R-ORD-4): vertical on phones, across on wide screens. */
export function OrderTimeline({ timeline, status, cancelledAt }: OrderTimelineProps) {
  const steps = timelineSteps(timeline, status, cancelledAt);
  return (
    <ol className="order-timeline" aria-label="Order progress">
      {steps.map((step) => (
        <li
          key={step.step}
          className={`order-timeline__step order-timeline__step--${step.state}`}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span className="order-timeline__marker" aria-hidden="true">
            {step.state === "cancelled" ? <X /> : step.state === "upcoming" ? null : <Check />}
          </span>
          <span className="order-timeline__text">
            <span className="order-timeline__label">
              {step.step}
              <span className="visually-hidden"> ({stateText[step.state]})</span>
            </span>
            {step.at ? (
              <time className="order-timeline__time" dateTime={step.at}>
                {formatOrderDate(step.at)}
              </time>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
