import type { SortingState } from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * A table's view kept in the URL search params, so it can be bookmarked or shared: the filters,
 * `sort` and `dir`, and `cursor`, the trail of keyset cursors that led to this page (joined by
 * "." — cursors are base64url, which never holds one). The last one is the page asked of the
 * server; "Previous" drops it. Changing a filter or the sort starts again from the first page.
 */
export interface ListParamsOptions<F extends string> {
  filters: readonly F[];
  /** Sorting when the URL names none; omit for lists the server sorts one way. */
  defaultSort?: { id: string; desc: boolean };
}

export interface ListParams<F extends string> {
  filters: Record<F, string>;
  sorting: SortingState;
  /** The `sort` and `dir` query of the server call (absent when the list has no sorting). */
  sortQuery: { sort?: string; dir?: "asc" | "desc" };
  cursor: string | undefined;
  hasPrevious: boolean;
  setFilters: (values: Partial<Record<F, string>>) => void;
  setSorting: (sorting: SortingState) => void;
  next: (cursor: string) => void;
  previous: () => void;
}

const TRAIL_SEPARATOR = ".";

export function useListParams<F extends string>(options: ListParamsOptions<F>): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters: filterNames, defaultSort } = options;

  const trail = useMemo(
    () => (searchParams.get("cursor") ?? "").split(TRAIL_SEPARATOR).filter(Boolean),
    [searchParams],
  );

  const filters = useMemo(() => {
    const values = {} as Record<F, string>;
    for (const name of filterNames) values[name] = searchParams.get(name) ?? "";
    return values;
  }, [searchParams, filterNames]);

  const sorting = useMemo<SortingState>(() => {
    if (!defaultSort) return [];
    const id = searchParams.get("sort") ?? defaultSort.id;
    const dir = searchParams.get("dir");
    return [{ id, desc: dir ? dir === "desc" : id === defaultSort.id ? defaultSort.desc : false }];
  }, [searchParams, defaultSort]);

  const update = useCallback(
    (change: (params: URLSearchParams) => void) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        change(params);
        return params;
      });
    },
    [setSearchParams],
  );

  const setFilters = useCallback(
    (values: Partial<Record<F, string>>) =>
      update((params) => {
        for (const [name, value] of Object.entries(values) as [F, string | undefined][]) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete("cursor");
      }),
    [update],
  );

  const setSorting = useCallback(
    (next: SortingState) =>
      update((params) => {
        const first = next[0];
        if (first) {
          params.set("sort", first.id);
          params.set("dir", first.desc ? "desc" : "asc");
        } else {
          params.delete("sort");
          params.delete("dir");
        }
        params.delete("cursor");
      }),
    [update],
  );

  const next = useCallback(
    (cursor: string) => update((params) => params.set("cursor", [...trail, cursor].join(TRAIL_SEPARATOR))),
    [update, trail],
  );

  const previous = useCallback(
    () =>
      update((params) => {
        const earlier = trail.slice(0, -1);
        if (earlier.length > 0) params.set("cursor", earlier.join(TRAIL_SEPARATOR));
        else params.delete("cursor");
      }),
    [update, trail],
  );

  const first = sorting[0];
  return {
    filters,
    sorting,
    sortQuery: first ? { sort: first.id, dir: first.desc ? "desc" : "asc" } : {},
    cursor: trail.at(-1),
    hasPrevious: trail.length > 0,
    setFilters,
    setSorting,
    next,
    previous,
  };
}
