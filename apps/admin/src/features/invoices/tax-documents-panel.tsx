import { taxDocumentLabels } from "@vaki/contract/invoices";
import { Download } from "lucide-react";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { formatDateTime, formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { taxDocumentPdfUrl, useTaxDocuments } from "./api";

/** The order's GST invoice and credit notes, each downloadable (invoices:read; hidden otherwise). */
export function TaxDocumentsPanel({ orderId }: { orderId: string }) {
  const canRead = useCan("invoices:read");
  const documents = useTaxDocuments(orderId, canRead);
  if (!canRead) return null;
  return (
    <section className="panel" aria-labelledby="order-tax-documents">
      <h2 id="order-tax-documents">Invoices</h2>
      {documents.isPending ? (
        <LoadingState label="Loading the invoices…" />
      ) : documents.isError ? (
        <ErrorState error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.documents.length === 0 ? (
        <EmptyState title="No invoice yet.">It is issued when the parcel gets its AWB.</EmptyState>
      ) : (
        <ul className="tax-documents">
          {documents.data.documents.map((document) => (
            <li key={document.id}>
              <div>
                <strong>{taxDocumentLabels[document.kind]}</strong> <span className="mono">{document.number}</span>
                <p className="muted">
                  {formatDateTime(document.issuedAt)} · {formatRupees(document.total)} (GST{" "}
                  {formatRupees(document.taxAmount)})
                </p>
              </div>
              <a
                className="button button--secondary button--small"
                href={taxDocumentPdfUrl(orderId, document.id)}
                download
              >
                <Download size={16} aria-hidden="true" /> Download {document.number}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
