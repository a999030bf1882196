import type { ProductFacets, ProductSort } from "@vaki/contract/catalog";
import { describe, expect, it } from "vitest";
import { ListIndex, type ListQuery } from "./list-index.js";
import { compareSizes } from "./mappers.js";
import type { ListRows } from "./repo.js";

/** A small random catalogue, reproducible from its seed. */
function catalogue(seed: number, products: number): ListRows {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const rows: ListRows = { products: [], variants: [], links: [] };
  for (let id = 1; id <= products; id++) {
    rows.products.push({
      id,
      price: pick([49_900, 99_900, 129_900, 249_900]),
      created_at: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 5))).toISOString(),
      popularity: pick([0, 3, 10]),
    });
    for (const category of [1, 2, 3, 4]) if (random() < 0.4) rows.links.push({ product_id: id, category_id: category });
    const variants = Math.floor(random() * 5);
    for (let v = 0; v < variants; v++) {
      const color = pick(["Sand", "Midnight Black", "sand", null]);
      rows.variants.push({
        product_id: id,
        size: pick(["S", "M", "L", "XL", "m", null]),
        color,
        in_stock: random() < 0.6 ? 1 : 0,
        swatch: color?.toLowerCase() === "sand" ? "#D8C8A8" : color ? "#111111" : null,
      });
    }
  }
  return rows;
}

/** The list's rules written out plainly, one product and one variant at a time (the SQL it replaced). */
function reference(rows: ListRows, query: ListQuery) {
  const { filters } = query;
  const same = (value: string | null, filter: string | undefined) =>
    filter === undefined || (value !== null && value.toLowerCase() === filter.toLowerCase());
  const priceOk = (price: number) =>
    (filters.minPrice === undefined || price >= filters.minPrice) &&
    (filters.maxPrice === undefined || price <= filters.maxPrice);
  const inList = (id: number) =>
    (query.scope === undefined ||
      rows.links.some((link) => link.product_id === id && query.scope!.has(link.category_id))) &&
    (query.among === undefined || query.among.includes(id));
  const products = rows.products.filter((product) => inList(product.id));
  const variantsOf = (id: number) => rows.variants.filter((variant) => variant.product_id === id);
  // A product without variants is one row of nothing, as the left join gave it.
  type Row = {
    product: (typeof products)[number];
    size: string | null;
    color: string | null;
    in_stock: boolean;
    swatch: string | null;
  };
  const pv = products.flatMap((product): Row[] => {
    const variants = variantsOf(product.id);
    return variants.length > 0
      ? variants.map((variant) => ({ product, ...variant, in_stock: Boolean(variant.in_stock) }))
      : [{ product, size: null, color: null, in_stock: false, swatch: null }];
  });
  const distinct = (list: typeof pv) => new Set(list.map((row) => row.product.id)).size;
  const count = (key: "size" | "color", keep: (row: (typeof pv)[number]) => boolean) => {
    const groups = new Map<string, typeof pv>();
    for (const row of pv) {
      const value = row[key];
      if (value !== null && keep(row)) groups.set(value, [...(groups.get(value) ?? []), row]);
    }
    return [...groups].map(([value, list]) => ({
      value,
      count: distinct(list),
      swatch: key === "color" ? (list[0]!.swatch ?? null) : null,
    }));
  };
  const stockOk = (row: (typeof pv)[number]) => !filters.inStock || row.in_stock;
  const sizes = count("size", (row) => same(row.color, filters.color) && stockOk(row) && priceOk(row.product.price));
  const colors = count("color", (row) => same(row.size, filters.size) && stockOk(row) && priceOk(row.product.price));
  const priced = pv.filter((row) => same(row.size, filters.size) && same(row.color, filters.color) && stockOk(row));
  const prices = priced.map((row) => row.product.price);
  const facets: ProductFacets = {
    sizes: sizes.sort((a, b) => compareSizes(a.value, b.value)),
    colors: colors.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    price: prices.length > 0 ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
    inStockCount: distinct(
      pv.filter(
        (row) =>
          row.in_stock && same(row.size, filters.size) && same(row.color, filters.color) && priceOk(row.product.price),
      ),
    ),
  };
  const byVariant = filters.size !== undefined || filters.color !== undefined || filters.inStock === true;
  const matching = products.filter(
    (product) =>
      priceOk(product.price) &&
      (!byVariant ||
        variantsOf(product.id).some(
          (variant) =>
            same(variant.size, filters.size) &&
            same(variant.color, filters.color) &&
            (!filters.inStock || variant.in_stock),
        )),
  );
  const created = (product: (typeof products)[number]) => Date.parse(String(product.created_at));
  const orders: Record<ProductSort, (a: (typeof products)[number], b: (typeof products)[number]) => number> = {
    newest: (a, b) => created(b) - created(a) || b.id - a.id,
    price_asc: (a, b) => a.price - b.price || a.id - b.id,
    price_desc: (a, b) => b.price - a.price || b.id - a.id,
    popular: (a, b) => b.popularity - a.popularity || b.id - a.id,
  };
  return { ids: matching.sort(orders[filters.sort]).map((product) => product.id), facets };
}

const queries: ListQuery[] = [
  { filters: { sort: "newest" } },
  { filters: { sort: "price_asc", size: "m" } },
  { filters: { sort: "price_desc", color: "SAND", inStock: true } },
  { filters: { sort: "popular", minPrice: 90_000, maxPrice: 200_000 } },
  { filters: { sort: "newest", size: "L", color: "midnight black", inStock: true, minPrice: 99_900 } },
  { filters: { sort: "price_asc", inStock: true }, scope: new Set([2, 3]) },
  { filters: { sort: "popular", size: "S" }, scope: new Set<number>() },
  { filters: { sort: "newest", color: "Sand" }, among: [40, 3, 17, 3, 999, 8, 25, 61, 12] },
  { filters: { sort: "price_desc", size: "nope" } },
];

describe("the list index", () => {
  it("pages, counts and facets every filter set as the plain rules do", () => {
    const rows = catalogue(7, 80);
    const index = new ListIndex();
    index.add(rows);
    for (const query of queries) {
      const expected = reference(rows, query);
      const label = JSON.stringify({ ...query, scope: query.scope && [...query.scope] });
      expect(index.page(query, 0, 1_000).ids, label).toEqual(expected.ids);
      expect(index.page(query, 5, 7), label).toEqual({ ids: expected.ids.slice(5, 12), total: expected.ids.length });
      expect(index.facets(query), label).toEqual(expected.facets);
    }
    const among = [61, 12, 40, 3];
    const kept = index.filterAmong({ filters: { sort: "newest", color: "sand" }, among });
    expect(kept).toEqual(among.filter((id) => reference(rows, queries[7]!).ids.includes(id)));
  });

  it("keeps every order and facet right through changes of some products", () => {
    const before = catalogue(11, 60);
    const index = new ListIndex();
    index.add(before);
    // Every order is built before the changes, so they are moved, not sorted again.
    for (const sort of ["newest", "price_asc", "price_desc", "popular"] as const)
      index.page({ filters: { sort } }, 0, 1);

    const changed = new Set([4, 9, 30, 59]);
    const after = catalogue(23, 60);
    const rowsOf = (rows: ListRows, keep: (id: number) => boolean): ListRows => ({
      products: rows.products.filter((row) => keep(row.id)),
      variants: rows.variants.filter((row) => keep(row.product_id)),
      links: rows.links.filter((row) => keep(row.product_id)),
    });
    // 9 leaves the shop (no longer on sale); 61 comes in; the rest take new prices, dates and variants.
    const fresh = rowsOf(after, (id) => changed.has(id) && id !== 9);
    fresh.products.push({ id: 61, price: 1_000, created_at: "2027-01-01T00:00:00.000Z", popularity: 99 });
    fresh.variants.push({ product_id: 61, size: "M", color: "Sand", in_stock: 1, swatch: "#D8C8A8" });
    index.replace([...changed, 61], fresh);

    const expectedRows = rowsOf(before, (id) => !changed.has(id));
    expectedRows.products.push(...fresh.products);
    expectedRows.variants.push(...fresh.variants);
    expectedRows.links.push(...fresh.links);
    expect(index.size).toBe(60);
    for (const query of queries) {
      const expected = reference(expectedRows, query);
      expect(index.page(query, 0, 1_000).ids).toEqual(expected.ids);
      expect(index.facets(query)).toEqual(expected.facets);
    }
    expect(index.page({ filters: { sort: "popular" } }, 0, 1).ids).toEqual([61]);
    expect(index.page({ filters: { sort: "price_asc" } }, 0, 1).ids).toEqual([61]);
  });
});
