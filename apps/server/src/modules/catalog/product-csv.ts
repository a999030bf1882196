import { type ProductStatusValue, productStatusValues } from "@vaki/contract/admin/catalogue";
import {
  type ImportError,
  type ImportOutcome,
  productCsvMessages as m,
  type ProductCsvColumn,
  productCsvColumns,
  productCsvLimits,
  taxClassValues,
} from "@vaki/contract/admin/product-csv";
import Papa from "papaparse";
import type { TaxClassColumn } from "../../db/schema.js";
import { csvText } from "../../lib/csv.js";

/*
 * Products as CSV, without I/O: parsing a file into rows, and planning what importing it would do
 * against the catalogue as it stands. The dry run and the import share the plan, so what the dry
 * run shows is what the import does (the import plans again inside its transaction).
 */

export interface CsvRow {
  /** The file's line the row starts on (the header is line 1). */
  line: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

export type ParsedCsv = { ok: true; rows: CsvRow[] } | { ok: false; errors: ImportError[] };

/** Reads the file: a header naming known columns (sku required), then one row per variant. */
export function parseProductCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const fatal = parsed.errors.find((error) => error.type === "Quotes" || error.type === "Delimiter");
  if (fatal) {
    return { ok: false, errors: [{ line: (fatal.row ?? 0) + 1, column: null, message: m.malformed(fatal.message) }] };
  }
  const [header, ...body] = parsed.data;
  if (!header) return { ok: false, errors: [{ line: 1, column: null, message: m.skuColumnMissing }] };
  const columns: (ProductCsvColumn | null)[] = [];
  const errors: ImportError[] = [];
  for (const raw of header) {
    const name = raw.trim().toLowerCase();
    if (name === "") {
      columns.push(null);
      continue;
    }
    if (!(productCsvColumns as readonly string[]).includes(name)) {
      errors.push({ line: 1, column: raw, message: m.unknownColumn(raw) });
      columns.push(null);
    } else if (columns.includes(name as ProductCsvColumn)) {
      errors.push({ line: 1, column: name, message: m.duplicateColumn(name) });
      columns.push(null);
    } else columns.push(name as ProductCsvColumn);
  }
  if (!columns.includes("sku")) errors.unshift({ line: 1, column: null, message: m.skuColumnMissing });
  if (errors.length > 0) return { ok: false, errors };
  if (body.length === 0) return { ok: false, errors: [{ line: 2, column: null, message: m.noRows }] };
  if (body.length > productCsvLimits.rowsMax)
    return { ok: false, errors: [{ line: 1, column: null, message: m.tooManyRows }] };

  // Papa gives rows, not lines: count the line breaks inside quoted cells to name the right line.
  let line = 2;
  const rows: CsvRow[] = [];
  for (const record of body) {
    const cells: CsvRow["cells"] = {};
    let breaks = 0;
    record.forEach((value, index) => {
      const column = columns[index];
      // The export quotes cells a spreadsheet would run as formulas; take the quote off again.
      if (column) cells[column] = value.trim().replace(/^'(?=[=+\-@])/, "");
      breaks += (value.match(/\r\n|\r|\n/g) ?? []).length;
    });
    rows.push({ line, cells });
    line += 1 + breaks;
  }
  return { ok: true, rows };
}

/** A variant as the catalogue holds it. */
export interface ExistingVariant {
  id: number;
  productId: number;
  sku: string;
  colour: string | null;
  size: string | null;
  price: number;
  stock: number;
  active: boolean;
}

/** A product as the catalogue holds it, with the slugs of its categories. */
export interface ExistingProduct {
  id: number;
  slug: string;
  name: string;
  status: ProductStatusValue;
  featured: boolean;
  categories: string[];
  lowStockThreshold: number;
  hsnCode: string;
  taxClass: TaxClassColumn;
}

export interface CatalogueState {
  variantsBySku: ReadonlyMap<string, ExistingVariant>;
  productsBySlug: ReadonlyMap<string, ExistingProduct>;
  productsById: ReadonlyMap<number, ExistingProduct>;
  categorySlugs: ReadonlySet<string>;
  /** Colour names by their lowercase spelling, as the colours table writes them. */
  colours: ReadonlyMap<string, string>;
}

/** The product-level fields a file may set. */
export interface ProductFields {
  name?: string;
  status?: ProductStatusValue;
  featured?: boolean;
  categories?: string[];
  lowStockThreshold?: number;
  hsnCode?: string;
  taxClass?: TaxClassColumn;
}

export interface ProductCreate extends ProductFields {
  slug: string;
  name: string;
  line: number;
}

export interface ProductUpdate {
  productId: number;
  slug: string;
  line: number;
  fields: ProductFields;
  /** Audit pairs, by field name. */
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface VariantCreate {
  line: number;
  productSlug: string;
  sku: string;
  colour: string | null;
  size: string | null;
  price: number;
  stock: number;
  active: boolean;
}

export interface VariantUpdate {
  line: number;
  variantId: number;
  productId: number;
  sku: string;
  price?: number;
  active?: boolean;
  /** The stock the file asks for; the import moves the difference through the stock ledger. */
  stock?: number;
  changes: Record<string, { before: unknown; after: unknown }>;
}

export interface RowResult {
  line: number;
  sku: string;
  outcome: ImportOutcome;
  changes: string[];
  errors: ImportError[];
}

export interface ImportPlan {
  rows: RowResult[];
  errors: ImportError[];
  createProducts: ProductCreate[];
  updateProducts: ProductUpdate[];
  createVariants: VariantCreate[];
  updateVariants: VariantUpdate[];
}

const SKU = /^[A-Za-z0-9._-]{1,64}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const yes = new Set(["yes", "y", "true", "1"]);
const no = new Set(["no", "n", "false", "0"]);

/** Rupees as people write them ("1299", "1,299.50", "₹999") → paise; undefined when it is not a price. */
export function rupeesToPaise(text: string): number | undefined {
  const cleaned = text.replace(/^(₹|rs\.?|inr)\s*/i, "").replaceAll(",", "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Paise → rupees as the export writes them: "999" or "1299.50". */
export function paiseToRupees(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

const describe = (value: unknown) =>
  Array.isArray(value)
    ? value.join("|") || "(none)"
    : typeof value === "boolean"
      ? value
        ? "yes"
        : "no"
      : String(value);

/** What importing these rows would do to the catalogue as `state` holds it. */
export function planImport(rows: readonly CsvRow[], state: CatalogueState): ImportPlan {
  const plan: ImportPlan = {
    rows: [],
    errors: [],
    createProducts: [],
    updateProducts: [],
    createVariants: [],
    updateVariants: [],
  };
  const skuLines = new Map<string, number>();
  // The first line that gave each product-level value, per product slug: later rows must agree.
  const productValues = new Map<string, Map<string, { value: string; line: number }>>();
  const newProducts = new Map<string, ProductCreate>();
  const productUpdates = new Map<string, ProductUpdate>();

  for (const row of rows) {
    const errors: ImportError[] = [];
    const fail = (column: ProductCsvColumn | null, message: string) => errors.push({ line: row.line, column, message });
    const cell = (column: ProductCsvColumn) => {
      const value = row.cells[column];
      return value === undefined || value === "" ? undefined : value;
    };
    const sku = cell("sku") ?? "";
    const result: RowResult = { line: row.line, sku, outcome: "unchanged", changes: [], errors };
    plan.rows.push(result);

    if (!sku) fail("sku", m.skuRequired);
    else if (!SKU.test(sku)) fail("sku", m.skuFormat);
    else if (skuLines.has(sku)) fail("sku", m.skuRepeated(skuLines.get(sku)!));
    else skuLines.set(sku, row.line);

    const existing = sku ? state.variantsBySku.get(sku) : undefined;
    const owner = existing ? state.productsById.get(existing.productId) : undefined;
    const slugCell = cell("product_slug");
    let slug = owner?.slug;
    if (slugCell !== undefined) {
      if (!SLUG.test(slugCell) || slugCell.length > 120) fail("product_slug", m.slugFormat);
      else if (owner && owner.slug !== slugCell) fail("product_slug", m.slugMoved(owner.slug));
      else slug = slugCell;
    } else if (!existing) fail("product_slug", m.slugRequired);

    // Product-level cells, each checked and compared with the product's earlier rows.
    const fields: ProductFields = {};
    const agree = (column: ProductCsvColumn, text: string) => {
      if (!slug) return true;
      const seen = productValues.get(slug) ?? new Map<string, { value: string; line: number }>();
      productValues.set(slug, seen);
      const earlier = seen.get(column);
      if (earlier && earlier.value !== text) {
        fail(column, m.productDiffers(column, earlier.line));
        return false;
      }
      if (!earlier) seen.set(column, { value: text, line: row.line });
      return true;
    };
    const name = cell("product_name");
    if (name !== undefined) {
      if (name.length > 200) fail("product_name", m.nameTooLong);
      else if (agree("product_name", name)) fields.name = name;
    }
    const status = cell("status")?.toLowerCase();
    if (status !== undefined) {
      if (!(productStatusValues as readonly string[]).includes(status)) fail("status", m.statusInvalid);
      else if (agree("status", status)) fields.status = status as ProductStatusValue;
    }
    const featured = cell("featured")?.toLowerCase();
    if (featured !== undefined) {
      if (!yes.has(featured) && !no.has(featured)) fail("featured", m.yesNoInvalid);
      else if (agree("featured", String(yes.has(featured)))) fields.featured = yes.has(featured);
    }
    const categories = cell("categories");
    if (categories !== undefined) {
      const slugs = [
        ...new Set(
          categories
            .split("|")
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean),
        ),
      ].sort();
      const unknown = slugs.find((category) => !state.categorySlugs.has(category));
      if (unknown) fail("categories", m.categoryUnknown(unknown));
      else if (agree("categories", slugs.join("|"))) fields.categories = slugs;
    }
    const threshold = cell("low_stock_threshold");
    if (threshold !== undefined) {
      if (!/^\d{1,5}$/.test(threshold)) fail("low_stock_threshold", m.thresholdInvalid);
      else if (agree("low_stock_threshold", String(Number(threshold)))) fields.lowStockThreshold = Number(threshold);
    }
    const hsn = cell("hsn_code");
    if (hsn !== undefined) {
      if (!/^(\d{4}|\d{6}|\d{8})$/.test(hsn)) fail("hsn_code", m.hsnInvalid);
      else if (agree("hsn_code", hsn)) fields.hsnCode = hsn;
    }
    const taxClass = cell("tax_class")?.toLowerCase();
    if (taxClass !== undefined) {
      if (!(taxClassValues as readonly string[]).includes(taxClass)) fail("tax_class", m.taxClassInvalid);
      else if (agree("tax_class", taxClass)) fields.taxClass = taxClass as TaxClassColumn;
    }

    // Variant-level cells.
    const priceCell = cell("price");
    const price = priceCell === undefined ? undefined : rupeesToPaise(priceCell);
    if (priceCell !== undefined && (price === undefined || price <= 0)) fail("price", m.priceInvalid);
    const stockCell = cell("stock");
    const stock = stockCell !== undefined && /^\d{1,6}$/.test(stockCell) ? Number(stockCell) : undefined;
    if (stockCell !== undefined && stock === undefined) fail("stock", m.stockInvalid);
    const activeCell = cell("active")?.toLowerCase();
    if (activeCell !== undefined && !yes.has(activeCell) && !no.has(activeCell)) fail("active", m.yesNoInvalid);
    const active = activeCell === undefined ? undefined : yes.has(activeCell);
    const colourCell = cell("colour");
    const colour = colourCell === undefined ? null : (state.colours.get(colourCell.toLowerCase()) ?? undefined);
    if (colour === undefined) fail("colour", m.colourUnknown(colourCell ?? ""));
    const size = cell("size") ?? null;
    if (size !== null && size.length > 20) fail("size", m.sizeTooLong);

    const product = slug ? (owner ?? state.productsBySlug.get(slug)) : undefined;
    if (!existing && slug && !product && !newProducts.has(slug) && fields.name === undefined) {
      fail("product_name", m.nameRequired);
    }
    if (existing) {
      if (
        (colourCell !== undefined && colour !== existing.colour) ||
        (cell("size") !== undefined && size !== existing.size)
      ) {
        fail(colourCell !== undefined && colour !== existing.colour ? "colour" : "size", m.optionFixed);
      }
    } else if (priceCell === undefined) fail("price", m.priceRequired);

    if (errors.length > 0) {
      result.outcome = "error";
      plan.errors.push(...errors);
      continue;
    }
    if (!slug) continue;

    // The product: created by its first row, or updated by the rows that change it.
    if (!product) {
      const created = newProducts.get(slug);
      if (created) Object.assign(created, fields);
      else {
        const fresh: ProductCreate = { ...fields, slug, name: fields.name!, line: row.line };
        newProducts.set(slug, fresh);
        plan.createProducts.push(fresh);
        result.changes.push(`new product ${slug}`);
      }
    } else {
      const rowChanges: string[] = [];
      const pending = productUpdates.get(slug) ?? {
        productId: product.id,
        slug,
        line: row.line,
        fields: {},
        changes: {},
      };
      const before: Record<keyof ProductFields, unknown> = {
        name: product.name,
        status: product.status,
        featured: product.featured,
        categories: product.categories.slice().sort(),
        lowStockThreshold: product.lowStockThreshold,
        hsnCode: product.hsnCode,
        taxClass: product.taxClass,
      };
      for (const key of Object.keys(fields) as (keyof ProductFields)[]) {
        const after = fields[key];
        if (describe(after) === describe(before[key]) || key in pending.fields) continue;
        (pending.fields as Record<string, unknown>)[key] = after;
        pending.changes[key] = { before: before[key], after };
        rowChanges.push(`${key}: ${describe(before[key])} → ${describe(after)}`);
      }
      if (rowChanges.length > 0 && !productUpdates.has(slug)) {
        productUpdates.set(slug, pending);
        plan.updateProducts.push(pending);
      }
      result.changes.push(...rowChanges);
    }

    if (!existing) {
      plan.createVariants.push({
        line: row.line,
        productSlug: slug,
        sku,
        colour: colour ?? null,
        size,
        price: price!,
        stock: stock ?? 0,
        active: active ?? true,
      });
      result.outcome = "created";
      result.changes.push(`new variant ${[colour, size].filter(Boolean).join(" / ") || sku}`);
      continue;
    }
    const update: VariantUpdate = {
      line: row.line,
      variantId: existing.id,
      productId: existing.productId,
      sku,
      changes: {},
    };
    if (price !== undefined && price !== existing.price) {
      update.price = price;
      update.changes.price = { before: existing.price, after: price };
      result.changes.push(`price: ${paiseToRupees(existing.price)} → ${paiseToRupees(price)}`);
    }
    if (active !== undefined && active !== existing.active) {
      update.active = active;
      update.changes.active = { before: existing.active, after: active };
      result.changes.push(`active: ${describe(existing.active)} → ${describe(active)}`);
    }
    if (stock !== undefined && stock !== existing.stock) {
      update.stock = stock;
      update.changes.stock = { before: existing.stock, after: stock };
      result.changes.push(`stock: ${existing.stock} → ${stock}`);
    }
    if (Object.keys(update.changes).length > 0) plan.updateVariants.push(update);
    if (result.changes.length > 0) result.outcome = "updated";
  }
  return plan;
}

/** The file's rows' SKUs and product slugs: what the catalogue must be read for. */
export function keysOf(rows: readonly CsvRow[]): { skus: string[]; slugs: string[] } {
  const skus = new Set<string>();
  const slugs = new Set<string>();
  for (const row of rows) {
    if (row.cells.sku) skus.add(row.cells.sku);
    if (row.cells.product_slug) slugs.add(row.cells.product_slug);
  }
  return { skus: [...skus], slugs: [...slugs] };
}

/** Rows → CSV text with the export's header, every cell safe to open in a spreadsheet. */
export function toCsv(rows: readonly Record<ProductCsvColumn, string>[]): string {
  return csvText([[...productCsvColumns], ...rows.map((row) => productCsvColumns.map((column) => row[column]))]);
}
