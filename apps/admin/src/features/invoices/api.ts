import { useQuery } from "@tanstack/react-query";
import type { TaxDocumentList } from "@vaki/contract/invoices";
import { API_BASE, api } from "../../lib/api-client";

/** An order's invoice and credit notes (invoices:read). */
export function useTaxDocuments(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "orders", orderId, "tax-documents"],
    queryFn: ({ signal }) => api<TaxDocumentList>(`/orders/${encodeURIComponent(orderId)}/tax-documents`, { signal }),
    enabled,
  });
}

/** Where a document's PDF downloads from (the staff cookie goes with a plain link). */
export function taxDocumentPdfUrl(orderId: string, documentId: string): string {
  return `${API_BASE}/orders/${encodeURIComponent(orderId)}/tax-documents/${encodeURIComponent(documentId)}/pdf`;
}
