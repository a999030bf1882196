import type { ColumnDef } from "@tanstack/react-table";
import {
  type AdminAfterSalesRequest,
  type AdminAfterSalesView,
  adminAfterSalesViewLabels,
  adminAfterSalesViews,
} from "@vaki/contract/admin/exchanges";
import { inboxCountLabel } from "@vaki/contract/admin/inbox-tabs";
import { type AfterSalesKind, afterSalesKindLabels, afterSalesKinds } from "@vaki/contract/exchanges";
import { useMemo } from "react";
import { Link } from "react-router";
import { DataTable } from "../../components/data-table";
import { useListParams } from "../../components/use-list-params";
import { formatDateTime } from "../../lib/format";
import { AfterSalesStatus } from "./after-sales-status";
import { useAfterSalesList } from "./api";
import { nextStep, sizesOf } from "./labels";

const FILTERS = ["view", "kind"] as const;

// Each cell renders one element: on a phone the cell is a two-column line (its label, its value).
const columns: ColumnDef<AdminAfterSalesRequest, unknown>[] = [
  {
    id: "request",
    header: "Request",
    cell: ({ row }) => (
      <span>
        <Link to={`/exchanges/${row.original.id}`}>#{row.original.id}</Link>
      </span>
    ),
  },
  {
    id: "createdAt",
    header: "Requested",
    cell: ({ row }) => <span>{formatDateTime(row.original.createdAt)}</span>,
  },
  {
    id: "order",
    header: "Order",
    cell: ({ row }) => (
      <span>
        <Link to={`/orders/${row.original.orderId}`}>#{row.original.orderNumber}</Link>
      </span>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row }) => (
      <div>
        {row.original.customerName ?? "Guest"}
        {row.original.customerEmail ? <div className="muted">{row.original.customerEmail}</div> : null}
      </div>
    ),
  },
  {
    id: "item",
    header: "Item",
    cell: ({ row }) => (
      <div>
        {row.original.productName}
        {row.original.quantity > 1 ? ` × ${row.original.quantity}` : ""}
        <div className="muted">{sizesOf(row.original)}</div>
      </div>
    ),
  },
  {
    id: "kind",
    header: "Kind",
    cell: ({ row }) => <span>{afterSalesKindLabels[row.original.kind]}</span>,
  },
  {
    id: "status",
    header: "Status",
    cell: ({ row }) => <AfterSalesStatus request={row.original} />,
  },
  {
    id: "next",
    header: "Next step",
    cell: ({ row }) => <span>{nextStep(row.original)}</span>,
  },
];

function isView(value: string): value is AdminAfterSalesView {
  return (adminAfterSalesViews as readonly string[]).includes(value);
}
function isKind(value: string): value is AfterSalesKind {
  return (afterSalesKinds as readonly string[]).includes(value);
}

/**
 * The order inbox's "Exchanges & returns" tab: size exchanges and defect reports under a view
 * (to decide, in progress, closed, all) and a kind, all in the URL so the list can be shared.
 */
export function ExchangesInbox() {
  const list = useListParams({ filters: FILTERS });
  const view: AdminAfterSalesView = isView(list.filters.view) ? list.filters.view : "to_decide";
  const kind = isKind(list.filters.kind) ? list.filters.kind : undefined;
  const query = useMemo(() => ({ view, kind, cursor: list.cursor }), [view, kind, list.cursor]);
  const requests = useAfterSalesList(query);
  const counts = requests.data?.counts;

  return (
    <>
      <nav className="inbox-tabs inbox-tabs--sub" aria-label="Exchange requests">
        <ul>
          {adminAfterSalesViews.map((option) => (
            <li key={option}>
              <button
                type="button"
                className="inbox-tab"
                aria-current={option === view ? "page" : undefined}
                onClick={() => list.setFilters({ view: option === "to_decide" ? "" : option })}
              >
                {adminAfterSalesViewLabels[option]}{" "}
                <span className="inbox-tab__count">{counts ? inboxCountLabel(counts[option] ?? 0) : "…"}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="filters">
        <div className="field exchanges-kind">
          <label htmlFor="exchanges-kind">Kind</label>
          <select
            id="exchanges-kind"
            className="select"
            value={kind ?? ""}
            onChange={(event) => list.setFilters({ kind: event.target.value })}
          >
            <option value="">Exchanges and defects</option>
            {afterSalesKinds.map((option) => (
              <option key={option} value={option}>
                {afterSalesKindLabels[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Exchange and defect requests"
        columns={columns}
        rows={requests.data?.items}
        getRowId={(row) => String(row.id)}
        isLoading={requests.isLoading}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        emptyTitle={view === "to_decide" ? "Nothing to decide." : "No requests here."}
        emptyText={
          view === "to_decide"
            ? "Size exchanges and defect reports wait here for your decision."
            : "Try another view or kind."
        }
        hasPrevious={list.hasPrevious}
        nextCursor={requests.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
        cardsOnPhone
      />
    </>
  );
}
