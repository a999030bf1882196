import type { Order } from "@vaki/contract/orders";
import { useState } from "react";
import { apiDownload } from "../../../lib/api-client";
import { ApiError } from "../../../lib/api-error";

/**
 * "Download invoice": the order's GST invoice as a PDF, once the parcel has its AWB (the invoice
 * is issued then). Fetched with the session's token, then saved through a temporary link.
 */
export function InvoiceDownload({
  order,
  orderSecret,
  describedBy,
}: {
  order: Order;
  orderSecret?: string | undefined;
  /** The id of what names the order (the card's title), as the card's other buttons point at it. */
  describedBy?: string;
}) {
  const [state, setState] = useState<"idle" | "loading" | { error: string }>("idle");
  if (!order.trackingNumber) return null;

  const download = async () => {
    setState("loading");
    try {
      const file = await apiDownload(`/orders/${encodeURIComponent(order.id)}/invoice.pdf`, {
        asGuest: true,
        ...(orderSecret ? { query: { orderSecret } } : {}),
      });
      const url = URL.createObjectURL(file);
      const link = document.createElement("a");
      link.href = url;
      link.download = `invoice-${order.orderNumber}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState("idle");
    } catch (error) {
      setState({
        error: error instanceof ApiError ? error.message : "The invoice could not be downloaded. Try again.",
      });
    }
  };

  return (
    <div className="invoice-download">
      <button
        type="button"
        className="button button--small"
        onClick={download}
        disabled={state === "loading"}
        aria-describedby={describedBy}
      >
        {state === "loading" ? "Preparing invoice…" : "Download invoice"}
      </button>
      {typeof state === "object" ? (
        <p className="invoice-download__error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
