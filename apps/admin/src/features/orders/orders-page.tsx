import type { ColumnDef } from "@tanstack/react-table";
import type { AdminOrderSummary } from "@vaki/contract/admin/schemas";
import { orderStatuses } from "@vaki/contract/orders";
import { useMemo } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { formatDateTime, formatRupees, humanise } from "../../lib/format";
import { useOrders } from "./api";

const FILTERS = ["q", "status"] as const;
const DEFAULT_SORT = { id: "createdAt", desc: true };

const columns: ColumnDef<AdminOrderSummary, unknown>[] = [
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
    id: "total",
    accessorKey: "total",
    header: "Total",
    meta: { numeric: true },
    cell: ({ row }) => formatRupees(row.original.total),
  },
];

export function OrdersPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: DEFAULT_SORT });
  const query = useMemo(
    () => ({ q: list.filters.q, status: list.filters.status, ...list.sortQuery, cursor: list.cursor }),
    [list.filters, list.sortQuery, list.cursor],
  );
  const orders = useOrders(query);
  const filtered = Boolean(list.filters.q || list.filters.status);

  return (
    <div className="page">
      <PageHeader title="Orders" description="Newest first. Search by order number, e-mail, phone or AWB." />
      <div className="filters">
        <SearchFilter
          id="orders-q"
          label="Search orders"
          value={list.filters.q}
          placeholder="Order number, e-mail, phone"
          onSearch={(q) => list.setFilters({ q })}
        />
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select
            id="orders-status"
            className="select"
            value={list.filters.status}
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
      <DataTable
        caption="Orders"
        columns={columns}
        rows={orders.data?.items}
        getRowId={(row) => row.id}
        isLoading={orders.isLoading}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        emptyTitle={filtered ? "No orders match these filters." : "No orders yet."}
        emptyText={filtered ? "Try another search or status." : "Orders appear here as soon as customers place them."}
        sorting={list.sorting}
        onSortingChange={list.setSorting}
        hasPrevious={list.hasPrevious}
        nextCursor={orders.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
