import type { ColumnDef } from "@tanstack/react-table";
import { type InboxTab, inboxTabs } from "@vaki/contract/admin/inbox-tabs";
import type { AdminOrderSummary } from "@vaki/contract/admin/schemas";
import { orderStatuses } from "@vaki/contract/orders";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { errorMessage } from "../../lib/api-error";
import { formatDateTime, formatRupees, humanise } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useAfterSalesCounts } from "../exchanges/api";
import { ExchangesInbox } from "../exchanges/exchanges-inbox";
import { exchangesTab } from "../exchanges/labels";
import { downloadLabels, downloadManifest, useBulkPack, useBulkShipments, useOrderCounts, useOrders } from "./api";
import { InboxFilters, paiseOf } from "./inbox-filters";
import { InboxTabs } from "./inbox-tabs";

// `view` and `kind` belong to the exchanges tab; they are here so that leaving the tab clears them.
const FILTERS = [
  "tab",
  "q",
  "status",
  "paymentMethod",
  "paymentStatus",
  "from",
  "to",
  "min",
  "max",
  "view",
  "kind",
] as const;
const ORDER_FILTERS = FILTERS.filter((name) => name !== "tab" && name !== "view" && name !== "kind");
const DEFAULT_SORT = { id: "createdAt", desc: true };

const baseColumns: ColumnDef<AdminOrderSummary, unknown>[] = [
  {
    id: "orderNumber",
    header: "Order",
    enableSorting: false,
    cell: ({ row }) => <Link to={`/orders/${row.original.id}`}>#{row.original.orderNumber}</Link>,
  },
  {
    id: "createdAt",
    accessorKey: "createdAt",
    header: "Placed",
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: "customer",
    header: "Customer",
    enableSorting: false,
    cell: ({ row }) => (
      <>
        {row.original.customerName ?? "Guest"}
        <div className="muted">{row.original.email}</div>
      </>
    ),
  },
  {
    id: "status",
    header: "Status",
    enableSorting: false,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  {
    id: "payment",
    header: "Payment",
    enableSorting: false,
    cell: ({ row }) => (
      <>
        <StatusBadge status={row.original.paymentStatus} />
        <div className="muted">
          {row.original.paymentMethod === "CASH_ON_DELIVERY"
            ? "Cash on delivery"
            : row.original.paymentMethod
              ? "Prepaid"
              : "—"}
        </div>
      </>
    ),
  },
  {
    id: "awb",
    header: "AWB",
    enableSorting: false,
    cell: ({ row }) => row.original.awb ?? "—",
  },
  {
    id: "total",
    accessorKey: "total",
    header: "Total",
    meta: { numeric: true },
    cell: ({ row }) => (
      <>
        {formatRupees(row.original.total)}
        {row.original.refundedAmount > 0 ? (
          <div className="muted">Refunded {formatRupees(row.original.refundedAmount)}</div>
        ) : null}
      </>
    ),
  },
];

export function OrdersPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: DEFAULT_SORT });
  const { filters } = list;
  const tab: InboxTab = (inboxTabs as readonly string[]).includes(filters.tab) ? (filters.tab as InboxTab) : "all";
  const exchanges = filters.tab === exchangesTab;
  const filterQuery = useMemo(
    () => ({
      q: filters.q,
      status: filters.status,
      paymentMethod: filters.paymentMethod,
      paymentStatus: filters.paymentStatus,
      from: filters.from,
      to: filters.to,
      minTotal: paiseOf(filters.min),
      maxTotal: paiseOf(filters.max),
    }),
    [filters],
  );
  const query = useMemo(
    () => ({ ...filterQuery, tab: filters.tab || undefined, ...list.sortQuery, cursor: list.cursor }),
    [filterQuery, filters.tab, list.sortQuery, list.cursor],
  );
  const orders = useOrders(query, !exchanges);
  const counts = useOrderCounts(filterQuery);
  const exchangeCounts = useAfterSalesCounts();
  const canPack = useCan("orders:write");
  const canLabel = useCan("shipments:write");
  const bulk = canPack || canLabel;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkMessage, setBulkMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const bulkPack = useBulkPack();
  const bulkShipments = useBulkShipments();
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const columns = useMemo<ColumnDef<AdminOrderSummary, unknown>[]>(
    () =>
      bulk
        ? [
            {
              id: "select",
              header: () => <span className="visually-hidden">Select</span>,
              enableSorting: false,
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  aria-label={`Select order #${row.original.orderNumber}`}
                  checked={selected.has(row.original.id)}
                  onChange={() => toggle(row.original.id)}
                />
              ),
            },
            ...baseColumns,
          ]
        : baseColumns,
    [bulk, selected, toggle],
  );
  const ids = [...selected];
  const filtered = ORDER_FILTERS.some((name) => Boolean(filters[name]));

  return (
    <div className="page">
      <PageHeader
        title="Orders"
        description={
          exchanges
            ? "Size exchanges and defect reports: decide on new ones, follow the rest to the end."
            : "Newest first. Search by order number, e-mail, phone, name or AWB."
        }
      />
      <InboxTabs
        current={exchanges ? exchangesTab : tab}
        counts={counts.data}
        exchangesToDecide={exchangeCounts.data?.to_decide}
        onSelect={(next) => list.setFilters({ tab: next === "all" ? "" : next, view: "", kind: "" })}
      />
      {exchanges ? (
        <ExchangesInbox />
      ) : (
        <>
          <div className="filters">
            <SearchFilter
              id="orders-q"
              label="Search orders"
              value={filters.q}
              placeholder="Order number, e-mail, phone, name, AWB"
              onSearch={(q) => list.setFilters({ q })}
            />
            <div className="field">
              <label htmlFor="orders-status">Status</label>
              <select
                id="orders-status"
                className="select"
                value={filters.status}
                onChange={(event) => list.setFilters({ status: event.target.value })}
              >
                <option value="">All statuses</option>
                {orderStatuses.map((status) => (
                  <option key={status} value={status}>
                    {humanise(status)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <InboxFilters values={filters} onChange={(values) => list.setFilters(values)} />
          {bulk && ids.length > 0 ? (
            <section className="bulk-bar" aria-label="Selected orders">
              <span>{ids.length} selected</span>
              {canPack ? (
                <button
                  type="button"
                  className="button"
                  disabled={bulkPack.isPending}
                  onClick={() =>
                    bulkPack.mutate(ids, {
                      onSuccess: (answer) => {
                        const skipped = answer.skipped.length;
                        setBulkMessage({
                          ok: skipped === 0,
                          text: `${answer.packed.length} marked packed${skipped ? `, ${skipped} left as they were (${answer.skipped[0]?.reason})` : "."}`,
                        });
                        setSelected(new Set());
                      },
                      onError: (error) => setBulkMessage({ ok: false, text: errorMessage(error) }),
                    })
                  }
                >
                  Mark packed
                </button>
              ) : null}
              {canLabel ? (
                <button
                  type="button"
                  className="button"
                  disabled={bulkShipments.isPending}
                  onClick={() =>
                    bulkShipments.mutate(ids, {
                      // The selection stays: its labels and pickup manifest come next.
                      onSuccess: (answer) => {
                        const skipped = answer.skipped.length;
                        const created = `${answer.created.length} ${answer.created.length === 1 ? "shipment" : "shipments"} created`;
                        setBulkMessage({
                          ok: skipped === 0,
                          text: `${created}${skipped ? `, ${skipped} skipped (${answer.skipped[0]?.reason})` : "."}`,
                        });
                      },
                      onError: (error) => setBulkMessage({ ok: false, text: errorMessage(error) }),
                    })
                  }
                >
                  Create shipments
                </button>
              ) : null}
              {canLabel ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() =>
                    downloadLabels(ids).catch((error) => setBulkMessage({ ok: false, text: errorMessage(error) }))
                  }
                >
                  Download labels
                </button>
              ) : null}
              {canLabel ? (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() =>
                    downloadManifest(ids).catch((error) => setBulkMessage({ ok: false, text: errorMessage(error) }))
                  }
                >
                  Pickup manifest
                </button>
              ) : null}
              <button type="button" className="button button--ghost" onClick={() => setSelected(new Set())}>
                Clear selection
              </button>
            </section>
          ) : null}
          {bulkMessage ? (
            <p
              className={`alert ${bulkMessage.ok ? "alert--ok" : "alert--error"}`}
              role={bulkMessage.ok ? "status" : "alert"}
            >
              {bulkMessage.text}
            </p>
          ) : null}
          <DataTable
            caption="Orders"
            columns={columns}
            rows={orders.data?.items}
            getRowId={(row) => row.id}
            isLoading={orders.isLoading}
            error={orders.error}
            onRetry={() => void orders.refetch()}
            emptyTitle={filtered || tab !== "all" ? "No orders match these filters." : "No orders yet."}
            emptyText={
              filtered || tab !== "all"
                ? "Try another tab, search or filter."
                : "Orders appear here as soon as customers place them."
            }
            sorting={list.sorting}
            onSortingChange={list.setSorting}
            hasPrevious={list.hasPrevious}
            nextCursor={orders.data?.nextCursor}
            onPrevious={list.previous}
            onNext={list.next}
          />
        </>
      )}
    </div>
  );
}
