import type { AdminAfterSalesRequest } from "@vaki/contract/admin/exchanges";
import type { AfterSalesStatus } from "@vaki/contract/exchanges";

/** The inbox tab's address in the order inbox (`/orders?tab=exchanges`). */
export const exchangesTab = "exchanges";
export const exchangesTabLabel = "Exchanges & returns";

/** Texts of the staff's dialogs that the contract does not already hold. */
export const exchangeTexts = {
  approveExchange: "Books a reverse pickup from the customer.",
  sizeUnavailable: "The customer is asked to choose another size or a refund.",
  conditionRequired: "Choose whether the piece goes back on sale or is written off",
  refundNotAllowed: "Your role cannot refund; ask an owner or operations.",
  refundNotOffered: "This request cannot be refunded from here.",
} as const;

/** "Exchange request #12" or "Defect report #12": the detail page's title. */
export function requestTitle(request: Pick<AdminAfterSalesRequest, "id" | "kind">): string {
  return `${request.kind === "exchange" ? "Exchange request" : "Defect report"} #${request.id}`;
}

/** The sizes as one line: "M → L" for an exchange, "M · defect" for a report. */
export function sizesOf(request: Pick<AdminAfterSalesRequest, "kind" | "fromSize" | "toSize">): string {
  if (request.kind === "defect") return request.fromSize ? `Size ${request.fromSize} · defect` : "Defect";
  return `${request.fromSize ?? "—"} → ${request.toSize ?? "—"}`;
}

const tones: Record<AfterSalesStatus, "ok" | "warn" | "danger" | "info" | undefined> = {
  REQUESTED: "warn",
  SIZE_UNAVAILABLE: "warn",
  APPROVED: "info",
  REFUSED: "danger",
  WITHDRAWN: undefined,
  COMPLETED: "ok",
};

export function statusBadgeClass(status: AfterSalesStatus): string {
  const tone = tones[status];
  return tone ? `badge badge--${tone}` : "badge";
}

/** What the shop (or the customer, or the courier) does next, as the inbox's "Next step" reads. */
export function nextStep(request: AdminAfterSalesRequest): string {
  const { status, returnStatus, replacementStatus, resolution, actions } = request;
  if (actions.includes("approve")) return "Approve or refuse";
  if (status === "SIZE_UNAVAILABLE") return "Waiting for the customer to choose";
  if (status !== "APPROVED") return "—";
  if (actions.includes("receive")) return "Receive the return";
  if (actions.includes("ship_replacement")) return "Ship the replacement";
  if (returnStatus === "PICKUP_BOOKED") return "Waiting for the courier's pickup";
  if (returnStatus === "PICKED_UP" || returnStatus === "AT_WAREHOUSE") return "On its way back";
  if (replacementStatus === "SHIPPED") return "Replacement on its way";
  if (resolution === "refund") return "Refund in progress";
  return "Waiting";
}
