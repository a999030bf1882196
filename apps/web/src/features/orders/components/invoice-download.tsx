import { useQuery } from "@tanstack/react-query";
import { type TaxDocumentList, taxDocumentListSchema } from "@vaki/contract/invoices";
import type { Order } from "@vaki/contract/orders";
import { useState } from "react";
import { apiDownload, apiGet } from "../../../lib/api-client";
import { ApiError } from "../../../lib/api-error";

type OrderAccess = { order: Order; orderSecret?: string | undefined };

/** Fetches one of the order's tax documents (the invoice without `documentId`) and saves it. */
async function saveDocument({ order, orderSecret }: OrderAccess, fileName: string, documentId?: string) {
  const file = await apiDownload(`/orders/${encodeURIComponent(order.id)}/invoice.pdf`, {
    asGuest: true,
    query: { ...(orderSecret ? { orderSecret } : {}), ...(documentId ? { document: documentId } : {}) },
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One "Download …" button with its own pending and error state. */
function DocumentButton({
  label,
  pendingLabel,
  failure,
  save,
  describedBy,
}: {
  label: string;
  pendingLabel: string;
  failure: string;
  save: () => Promise<void>;
  describedBy?: string | undefined;
}) {
  const [state, setState] = useState<"idle" | "loading" | { error: string }>("idle");
  const download = async () => {
    setState("loading");
    try {
      await save();
      setState("idle");
    } catch (error) {
      setState({ error: error instanceof ApiError ? error.message : failure });
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--small"
        onClick={download}
        disabled={state === "loading"}
        aria-describedby={describedBy}
      >
        {state === "loading" ? pendingLabel : label}
      </button>
      {typeof state === "object" ? (
        <p className="invoice-download__error" role="alert">
          {state.error}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Download invoice": the order's GST invoice as a PDF, once the parcel has its AWB (the invoice
 * is issued then), and "Download credit note …" for each refund made after it (issue 29).
 * Fetched with the session's token, then saved through a temporary link.
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
  const access = { order, orderSecret };
  // Only an order with a refund can have a credit note: the others never ask.
  const documents = useQuery({
    queryKey: ["orders", order.id, "tax-documents", order.refundedAmount],
    queryFn: async () =>
      taxDocumentListSchema.parse(
        await apiGet<TaxDocumentList>(`/orders/${encodeURIComponent(order.id)}/tax-documents`, {
          asGuest: true,
          ...(orderSecret ? { query: { orderSecret } } : {}),
        }),
      ),
    enabled: Boolean(order.trackingNumber) && order.refundedAmount > 0,
    staleTime: 60_000,
  });
  if (!order.trackingNumber) return null;
  const creditNotes = documents.data?.documents.filter((document) => document.kind === "credit_note") ?? [];

  return (
    <div className="invoice-download">
      <DocumentButton
        label="Download invoice"
        pendingLabel="Preparing invoice…"
        failure="The invoice could not be downloaded. Try again."
        save={() => saveDocument(access, `invoice-${order.orderNumber}.pdf`)}
        describedBy={describedBy}
      />
      {creditNotes.map((note) => (
        <DocumentButton
          key={note.id}
          label={`Download credit note ${note.number}`}
          pendingLabel="Preparing credit note…"
          failure="The credit note could not be downloaded. Try again."
          save={() => saveDocument(access, `credit-note-${note.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`, note.id)}
          describedBy={describedBy}
        />
      ))}
    </div>
  );
}
