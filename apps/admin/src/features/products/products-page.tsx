import type { ColumnDef } from "@tanstack/react-table";
import {
  type BulkCategoryAction,
  catalogueMessages as cm,
  type ProductStatusValue,
} from "@vaki/contract/admin/catalogue";
import { type AdminProductSummary, productStatuses, productStockFilters } from "@vaki/contract/admin/schemas";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { DataTable } from "../../components/data-table";
import { PageHeader } from "../../components/page-header";
import { SearchFilter } from "../../components/search-filter";
import { useListParams } from "../../components/use-list-params";
import { errorMessage } from "../../lib/api-error";
import { formatDate, formatRupees, humanise } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useCategories } from "../categories/api";
import { downloadProductsCsv, useBulkFeatured, useBulkStatus, useProducts } from "./api";
import { BulkCategoryDialog, categoryLabel, splitCategories } from "./bulk-category-dialog";
import { CsvImportDialog } from "./csv-import-dialog";

const FILTERS = ["q", "status", "stock", "category", "character"] as const;
const stockFilterLabels: Record<(typeof productStockFilters)[number], string> = {
  in: "In stock",
  low: "Low stock",
  out: "Out of stock",
};
const DEFAULT_SORT = { id: "name", desc: false };

const baseColumns: ColumnDef<AdminProductSummary, unknown>[] = [
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
    cell: ({ row }) => (
      <span className="stock-cell">
        {row.original.stock > 0 ? row.original.stock : null}
        {row.original.stock <= 0 ? (
          <span className="badge badge--danger">Out of stock</span>
        ) : row.original.outVariants > 0 ? (
          <span className="badge badge--danger">{row.original.outVariants} out</span>
        ) : null}
        {row.original.stock > 0 && row.original.lowVariants > 0 ? (
          <span className="badge badge--warn">{row.original.lowVariants} low</span>
        ) : null}
      </span>
    ),
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
  const filters = useMemo(
    () => ({
      q: list.filters.q,
      status: list.filters.status,
      stock: list.filters.stock,
      category: list.filters.category,
      character: list.filters.character,
    }),
    [list.filters],
  );
  const query = useMemo(
    () => ({ ...filters, ...list.sortQuery, cursor: list.cursor }),
    [filters, list.sortQuery, list.cursor],
  );
  const products = useProducts(query);
  const filtered = Object.values(filters).some(Boolean);
  const categories = useCategories();
  const allCategories = categories.data ?? [];
  const { categories: plainCategories, characters } = splitCategories(allCategories);
  const canWrite = useCan("products:write");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<ProductStatusValue | null>(null);
  const [categoryAction, setCategoryAction] = useState<BulkCategoryAction | null>(null);
  const [featuring, setFeaturing] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const bulkStatus = useBulkStatus();
  const bulkFeatured = useBulkFeatured();
  const pageIds = products.data?.items.map((item) => item.id) ?? [];
  const allChosen = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const columns = useMemo<ColumnDef<AdminProductSummary, unknown>[]>(() => {
    if (!canWrite) return baseColumns;
    const toggle = (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
    return [
      {
        id: "select",
        enableSorting: false,
        header: () => (
          <input
            type="checkbox"
            aria-label="Choose every product on this page"
            checked={allChosen}
            onChange={() => setSelected(allChosen ? new Set() : new Set(pageIds))}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Choose ${row.original.name}`}
            checked={selected.has(row.original.id)}
            onChange={() => toggle(row.original.id)}
          />
        ),
      },
      ...baseColumns,
    ];
  }, [canWrite, selected, allChosen, pageIds]);
  const count = selected.size;
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      await downloadProductsCsv(filters);
    } catch (failure) {
      setExportError(errorMessage(failure));
    } finally {
      setExporting(false);
    }
  }
  const noun = count === 1 ? "product" : "products";

  return (
    <div className="page">
      <PageHeader
        title="Products"
        description="Search by name or SKU. Export CSV takes the products these filters show."
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={exporting}
              onClick={() => void exportCsv()}
            >
              {exporting ? "Exporting…" : "Export CSV"}
            </button>
            {canWrite ? (
              <Link className="button" to="/products/new">
                New product
              </Link>
            ) : null}
            {canWrite ? (
              <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
                Import CSV
              </button>
            ) : null}
            <Link className="button button--secondary" to="/back-in-stock">
              Back-in-stock requests
            </Link>
          </>
        }
      />
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
        <div className="field">
          <label htmlFor="products-stock">Stock</label>
          <select
            id="products-stock"
            className="select"
            value={list.filters.stock}
            onChange={(event) => list.setFilters({ stock: event.target.value })}
          >
            <option value="">All</option>
            {productStockFilters.map((level) => (
              <option key={level} value={level}>
                {stockFilterLabels[level]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="products-category">Category</label>
          <select
            id="products-category"
            className="select"
            value={list.filters.category}
            onChange={(event) => list.setFilters({ category: event.target.value })}
          >
            <option value="">All</option>
            {plainCategories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {categoryLabel(category, allCategories)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="products-character">Character</label>
          <select
            id="products-character"
            className="select"
            value={list.filters.character}
            onChange={(event) => list.setFilters({ character: event.target.value })}
          >
            <option value="">All</option>
            {characters.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice ? (
        <p className="alert alert--ok" role="status">
          {notice}
        </p>
      ) : null}
      {exportError ? (
        <p className="alert alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      {canWrite ? <CsvImportDialog open={importing} onOpenChange={setImporting} /> : null}
      {canWrite && count > 0 ? (
        <section className="bulk-bar" aria-label="Bulk actions">
          <span>
            {count} {noun} chosen
          </span>
          <button type="button" className="button button--secondary" onClick={() => setBulk("active")}>
            Activate
          </button>
          <button type="button" className="button button--secondary" onClick={() => setBulk("archived")}>
            Archive
          </button>
          <button type="button" className="button button--secondary" onClick={() => setCategoryAction("add")}>
            Add to category
          </button>
          <button type="button" className="button button--secondary" onClick={() => setCategoryAction("remove")}>
            Remove from category
          </button>
          <button type="button" className="button button--secondary" onClick={() => setFeaturing(true)}>
            Mark featured
          </button>
          <button type="button" className="button button--secondary" onClick={() => setFeaturing(false)}>
            Unmark featured
          </button>
          <button type="button" className="button button--secondary" onClick={() => setSelected(new Set())}>
            Clear choice
          </button>
        </section>
      ) : null}
      <ConfirmDialog
        open={bulk !== null}
        onOpenChange={(open) => {
          if (!open) setBulk(null);
        }}
        title={bulk === "archived" ? `Archive ${count} ${noun}?` : `Activate ${count} ${noun}?`}
        description={
          bulk === "archived"
            ? `${count} ${noun} will leave the shop. You can activate them again later.`
            : `${count} ${noun} will be on sale in the shop within a few seconds.`
        }
        confirmLabel={bulk === "archived" ? `Archive ${count} ${noun}` : `Activate ${count} ${noun}`}
        danger={bulk === "archived"}
        onConfirm={async () => {
          if (!bulk) return;
          const answer = await bulkStatus.mutateAsync({ ids: [...selected], status: bulk });
          setNotice(cm.bulkDone(answer.changed, bulk));
          setSelected(new Set());
        }}
      />
      {canWrite ? (
        <BulkCategoryDialog
          action={categoryAction}
          ids={[...selected]}
          onClose={() => setCategoryAction(null)}
          onDone={(message) => {
            setNotice(message);
            setSelected(new Set());
          }}
        />
      ) : null}
      <ConfirmDialog
        open={featuring !== null}
        onOpenChange={(open) => {
          if (!open) setFeaturing(null);
        }}
        title={featuring ? `Mark ${count} ${noun} featured?` : `Unmark ${count} ${noun} featured?`}
        description={
          featuring
            ? `${count} ${noun} will show among the shop's featured products.`
            : `${count} ${noun} will no longer show among the shop's featured products.`
        }
        confirmLabel={featuring ? `Mark ${count} ${noun} featured` : `Unmark ${count} ${noun} featured`}
        onConfirm={async () => {
          if (featuring === null) return;
          const answer = await bulkFeatured.mutateAsync({ ids: [...selected], featured: featuring });
          setNotice(cm.bulkFeaturedDone(answer.changed, featuring));
          setSelected(new Set());
        }}
      />
      <DataTable
        caption="Products"
        columns={columns}
        rows={products.data?.items}
        getRowId={(row) => String(row.id)}
        isLoading={products.isLoading}
        error={products.error}
        onRetry={() => void products.refetch()}
        emptyTitle={filtered ? "No products match these filters." : "No products yet."}
        emptyText={filtered ? "Try another search, status, stock level, category or character." : undefined}
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
