import type { ColumnDef } from "@tanstack/react-table";
import type { BackInStockDemand, DemandAvailability } from "@vaki/contract/admin/back-in-stock";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { useListParams } from "../../components/use-list-params";
import { formatDateTime } from "../../lib/format";
import { useBackInStockDemand } from "./api";

const NO_FILTERS = [] as const;

const availability: Record<DemandAvailability, { label: string; tone: string }> = {
  "sold-out": { label: "Sold out", tone: "badge--danger" },
  restocked: { label: "Back in stock: e-mails going out", tone: "badge--ok" },
  "not-on-sale": { label: "Not on sale: no e-mails", tone: "badge--warn" },
};

/** "Acid Lime, size M"; a one-size variant shows its colour alone. */
export function variantLabel(row: Pick<BackInStockDemand, "color" | "size">): string {
  return [row.color, row.size ? `size ${row.size}` : null].filter(Boolean).join(", ") || "One variant";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const columns: ColumnDef<BackInStockDemand, unknown>[] = [
  {
    id: "product",
    header: "Product",
    cell: ({ row }) => (
      <div className="demand-product">
        <Link to={`/products/${row.original.productId}`}>{row.original.productName}</Link>
        <div>{variantLabel(row.original)}</div>
        <div className="muted mono">{row.original.sku}</div>
        {row.original.productStatus !== "active" ? <StatusBadge status={row.original.productStatus} /> : null}
      </div>
    ),
  },
  {
    id: "waiting",
    header: "Waiting",
    meta: { numeric: true },
    cell: ({ row }) => <span className="demand-count">{row.original.waiting}</span>,
  },
  {
    id: "stock",
    header: "Stock",
    meta: { numeric: true },
    cell: ({ row }) => {
      const state = availability[row.original.availability];
      return (
        <span className="stock-cell demand-stock">
          {row.original.stock}
          <span className={`badge ${state.tone}`}>{state.label}</span>
        </span>
      );
    },
  },
  {
    id: "requested",
    header: "Asked",
    cell: ({ row }) => (
      <div className="demand-when">
        <div>
          <span className="muted">First </span>
          {formatDateTime(row.original.oldestRequestAt)}
        </div>
        <div>
          <span className="muted">Latest </span>
          {formatDateTime(row.original.newestRequestAt)}
        </div>
      </div>
    ),
  },
  {
    id: "notified",
    header: "Already e-mailed",
    meta: { numeric: true },
    cell: ({ row }) => row.original.notified,
  },
];

/**
 * Back-in-stock demand (issue 30): per variant, the shoppers still waiting for a sold-out size,
 * most wanted first, so the owner knows what to restock. Restocking is done on the product's page.
 */
export function BackInStockPage() {
  const list = useListParams({ filters: NO_FILTERS });
  const demand = useBackInStockDemand(list.cursor);
  const totals = demand.data?.totals;

  return (
    <div className="page">
      <PageHeader
        title="Back in stock"
        breadcrumb={<Link to="/products">Products</Link>}
        description="Sold-out sizes shoppers asked to hear about, most wanted first. Restock one on its product's page and each waiting shopper gets one e-mail."
      />
      {totals && totals.waiting > 0 ? (
        <p className="demand-summary">
          <strong>{plural(totals.waiting, "request", "requests")}</strong> waiting for{" "}
          {plural(totals.variants, "variant", "variants")}
        </p>
      ) : null}
      <DataTable
        caption="Back-in-stock requests per variant"
        columns={columns}
        rows={demand.data?.items}
        getRowId={(row) => String(row.variantId)}
        isLoading={demand.isLoading}
        error={demand.error}
        onRetry={() => void demand.refetch()}
        emptyTitle="No one is waiting for a restock"
        emptyText="When a shopper asks to be told about a sold-out size, it shows here."
        hasPrevious={list.hasPrevious}
        nextCursor={demand.data?.nextCursor}
        onPrevious={list.previous}
        onNext={list.next}
      />
    </div>
  );
}
