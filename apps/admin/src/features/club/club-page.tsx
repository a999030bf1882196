import type { ColumnDef } from "@tanstack/react-table";
import { type ClubMember, customerMessages } from "@vaki/contract/admin/customers";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { downloadClubCsv, useClub } from "./api";

const FILTERS = ["q"] as const;

/** The Club's members, newest first; the CSV (customers:export) is audited by the server. */
export function ClubPage() {
  const list = useListParams({ filters: FILTERS });
  const query = useMemo(() => ({ q: list.filters.q, cursor: list.cursor }), [list.filters, list.cursor]);
  const members = useClub(query);
  const canExport = useCan("customers:export");
  const canOpenCustomers = useCan("customers:read");
  const [downloading, setDownloading] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const columns = useMemo<ColumnDef<ClubMember, unknown>[]>(
    () => [
      { id: "name", header: "Name", cell: ({ row }) => row.original.name },
      { id: "email", header: "E-mail", cell: ({ row }) => row.original.email },
      { id: "phone", header: "Phone", cell: ({ row }) => row.original.phone },
      { id: "joinedAt", header: "Joined", cell: ({ row }) => formatDate(row.original.joinedAt) },
      {
        id: "account",
        header: "Account",
        cell: ({ row }) =>
          row.original.customerId && canOpenCustomers ? (
            <Link to={`/customers/${row.original.customerId}`} aria-label={`Customer account of ${row.original.name}`}>
              Open customer
            </Link>
          ) : (
            "—"
          ),
      },
    ],
    [canOpenCustomers],
  );

  async function download() {
    setDownloading(true);
    setMessage(null);
    try {
      await downloadClubCsv(list.filters.q || undefined);
      setMessage({ ok: true, text: customerMessages.clubExported });
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="page">
      <PageHeader
        title="Club"
        description="Members newest first. Search by name, e-mail or phone."
        actions={
          canExport ? (
            <button type="button" className="button button--secondary" onClick={download} disabled={downloading}>
              Download CSV
            </button>
          ) : null
        }
      />
      {message ? (
        <p className={`alert ${message.ok ? "alert--ok" : "alert--error"}`} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
      <div className="filters">
        <SearchFilter
          id="club-q"
          label="Search members"
          value={list.filters.q}
          placeholder="Name, e-mail or phone"
          onSearch={(q) => list.setFilters({ q })}
        />
      </div>
      <DataTable
        caption="Club members"
        columns={columns}
        rows={members.data?.items}
        getRowId={(row) => String(row.id)}
        isLoading={members.isLoading}
        error={members.error}
        onRetry={() => void members.refetch()}
        emptyTitle={list.filters.q ? "No members match this search." : "No members yet."}
        hasPrevious={list.hasPrevious}
        nextCursor={members.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
