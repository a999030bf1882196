import type { ColumnDef } from "@tanstack/react-table";
import type { AdminCustomerSummary } from "@vaki/contract/admin/schemas";
import { useMemo } from "react";
import { Link, useLocation } from "react-router";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { formatDate } from "../../lib/format";
import { useCustomers } from "./api";

const FILTERS = ["q"] as const;

const columns: ColumnDef<AdminCustomerSummary, unknown>[] = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }) => <Link to={`/customers/${row.original.id}`}>{row.original.name}</Link>,
  },
  { id: "email", header: "E-mail", cell: ({ row }) => row.original.email },
  { id: "phone", header: "Phone", cell: ({ row }) => row.original.phone ?? "—" },
  { id: "orders", header: "Orders", meta: { numeric: true }, cell: ({ row }) => row.original.ordersCount },
  { id: "createdAt", header: "Joined", cell: ({ row }) => formatDate(row.original.createdAt) },
];

export function CustomersPage() {
  const list = useListParams({ filters: FILTERS });
  const query = useMemo(() => ({ q: list.filters.q, cursor: list.cursor }), [list.filters, list.cursor]);
  const customers = useCustomers(query);
  // Set by the customer page after an erasure (that customer's page no longer exists).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;

  return (
    <div className="page">
      <PageHeader title="Customers" description="Newest first. Search by name, e-mail or phone." />
      {notice ? (
        <p className="alert alert--ok" role="status">
          {notice}
        </p>
      ) : null}
      <div className="filters">
        <SearchFilter
          id="customers-q"
          label="Search customers"
          value={list.filters.q}
          placeholder="Name, e-mail or phone"
          onSearch={(q) => list.setFilters({ q })}
        />
      </div>
      <DataTable
        caption="Customers"
        columns={columns}
        rows={customers.data?.items}
        getRowId={(row) => row.id}
        isLoading={customers.isLoading}
        error={customers.error}
        onRetry={() => void customers.refetch()}
        emptyTitle={list.filters.q ? "No customers match this search." : "No customers yet."}
        hasPrevious={list.hasPrevious}
        nextCursor={customers.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
