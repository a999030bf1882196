import type { AdminAfterSalesRequest } from "@vaki/contract/admin/exchanges";
import { afterSalesStatusLabels, replacementLegLabels, returnLegLabels } from "@vaki/contract/exchanges";
import { statusBadgeClass } from "./labels";

/** A request's status as a badge, with where its return and replacement legs stand under it. */
export function AfterSalesStatus({
  request,
}: {
  request: Pick<AdminAfterSalesRequest, "status" | "returnStatus" | "replacementStatus">;
}) {
  const legs = [
    request.returnStatus ? returnLegLabels[request.returnStatus] : null,
    request.replacementStatus ? replacementLegLabels[request.replacementStatus] : null,
  ].filter(Boolean);
  return (
    <div>
      <span className={statusBadgeClass(request.status)}>{afterSalesStatusLabels[request.status]}</span>
      {legs.length > 0 ? <div className="muted">{legs.join(" · ")}</div> : null}
    </div>
  );
}
