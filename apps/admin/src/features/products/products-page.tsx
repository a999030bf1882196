import type { ColumnDef } from "@tanstack/react-table";
import { type AdminProductSummary, productStatuses } from "@vaki/contract/admin/schemas";
import { useMemo } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { formatDate, formatRupees, humanise } from "../../lib/format";
import { useProducts } from "./api";

const FILTERS = ["q", "status"] as const;
const DEFAULT_SORT = { id: "name", desc: false };

const columns: ColumnDef<AdminProductSummary, unknown>[] = [
  {
    id: "name",
    accessorKey: "name",
    header: "Product",
    cell: ({ row }) => (
      <div className="cell-with-thumb">
        {row.original.imageUrl ? (
          <img className="thumb" src={row.original.imageUrl} alt="" />
        ) : (
          <span className="thumb" />
        )}
        <Link to={`/products/${row.original.id}`}>{row.original.name}</Link>
      </div>
    ),
  },
  {
    id: "status",
    header: "Status",
    enableSorting: false,
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  },
  {
    id: "stock",
    header: "Stock",
    enableSorting: false,
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.stock > 0 ? row.original.stock : <span className="badge badge--danger">Out of stock</span>,
  },
  {
    id: "price",
    accessorKey: "price",
    header: "Price",
    meta: { numeric: true },
    cell: ({ row }) => formatRupees(row.original.price),
  },
  { id: "createdAt", accessorKey: "createdAt", header: "Added", cell: ({ row }) => formatDate(row.original.createdAt) },
];

export function ProductsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: DEFAULT_SORT });
  const query = useMemo(
    () => ({ q: list.filters.q, status: list.filters.status, ...list.sortQuery, cursor: list.cursor }),
    [list.filters, list.sortQuery, list.cursor],
  );
  const products = useProducts(query);
  const filtered = Boolean(list.filters.q || list.filters.status);

  return (
    <div className="page">
      <PageHeader title="Products" description="Search by name or SKU." />
      <div className="filters">
        <SearchFilter
          id="products-q"
          label="Search products"
          value={list.filters.q}
          placeholder="Name or SKU"
          onSearch={(q) => list.setFilters({ q })}
        />
        <div className="field">
          <label htmlFor="products-status">Status</label>
          <select
            id="products-status"
            className="select"
            value={list.filters.status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            <option value="">All</option>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {humanise(status)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        caption="Products"
        columns={columns}
        rows={products.data?.items}
        getRowId={(row) => String(row.id)}
        isLoading={products.isLoading}
        error={products.error}
        onRetry={() => void products.refetch()}
        emptyTitle={filtered ? "No products match these filters." : "No products yet."}
        emptyText={filtered ? "Try another search or status." : undefined}
        sorting={list.sorting}
        onSortingChange={list.setSorting}
        hasPrevious={list.hasPrevious}
        nextCursor={products.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
