import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { EmptyState, ErrorState } from "./states";
import { TableScroller } from "./table-scroller";

/** Extra column settings: right-aligned numbers. */
declare module "@tanstack/react-table" {
  interface ColumnMeta<TData, TValue> {
    numeric?: boolean;
  }
}

export interface DataTableProps<T> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyTitle: string;
  emptyText?: string;
  /** Sorting is the server's: the table only shows and changes what the URL says. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
  getRowId?: (row: T) => string;
  /** On a phone each row becomes a card of labelled lines (the column headers) instead of scrolling sideways. */
  cardsOnPhone?: boolean;
}

const SKELETON_ROWS = 5;

/** A server-driven table: sorting, filtering and keyset paging all happen on the server. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, sorting = [], onSortingChange } = props;
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.getRowId,
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      onSortingChange?.(next);
    },
  });

  const columnCount = table.getVisibleLeafColumns().length;
  const showRows = !props.isLoading && !props.error && rows && rows.length > 0;

  return (
    <TableScroller label={props.caption}>
      <table className={props.cardsOnPhone ? "table table--cards" : "table"} aria-busy={props.isLoading}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort() && Boolean(onSortingChange);
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={header.column.columnDef.meta?.numeric ? "num" : undefined}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {canSort ? (
                      <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        {sorted === "asc" ? (
                          <ArrowUp size={14} aria-hidden="true" />
                        ) : sorted === "desc" ? (
                          <ArrowDown size={14} aria-hidden="true" />
                        ) : (
                          <ArrowUpDown size={14} aria-hidden="true" />
                        )}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.isLoading
            ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
                <tr key={index}>
                  {Array.from({ length: columnCount }, (_, cell) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                    <td key={cell}>
                      <div className="skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : null}
          {props.isLoading ? (
            <tr className="visually-hidden">
              <td colSpan={columnCount} role="status">
                Loading…
              </td>
            </tr>
          ) : null}
          {!props.isLoading && props.error ? (
            <tr>
              <td colSpan={columnCount}>
                <ErrorState error={props.error} onRetry={props.onRetry} />
              </td>
            </tr>
          ) : null}
          {!props.isLoading && !props.error && rows?.length === 0 ? (
            <tr>
              <td colSpan={columnCount}>
                <EmptyState title={props.emptyTitle}>{props.emptyText}</EmptyState>
              </td>
            </tr>
          ) : null}
          {showRows
            ? table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.numeric ? "num" : undefined}
                      data-label={
                        props.cardsOnPhone && typeof cell.column.columnDef.header === "string"
                          ? cell.column.columnDef.header
                          : undefined
                      }
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            : null}
        </tbody>
      </table>
      {props.hasPrevious || props.nextCursor ? (
        <nav className="pager" aria-label={`${props.caption} pages`}>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={props.onPrevious}
            disabled={!props.hasPrevious}
          >
            <ChevronLeft size={16} aria-hidden="true" />
            Previous
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => props.nextCursor && props.onNext(props.nextCursor)}
            disabled={!props.nextCursor}
          >
            Next
            <ChevronRight size={16} aria-hidden="true" />
          </button>
        </nav>
      ) : null}
    </TableScroller>
  );
}
