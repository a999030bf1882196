import { catalogueLimits, catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import {
  productFormMessages as fm,
  type GridCell,
  productFormLimits,
  type SizeSetKey,
  sizeSets,
  skuFor,
} from "@vaki/contract/admin/product-form";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";

/** Rupees as typed: up to 7 digits and 2 decimals. */
export const rupeesPattern = /^\d{1,7}(\.\d{1,2})?$/;

/** "1299.5" → 129950 paise, without floating-point rounding. */
export function paiseFrom(text: string): number {
  const [whole = "0", fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}
export const rupeesFrom = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** One cell as the grid holds it: what was typed; `sku` null follows the pattern. */
export interface CellDraft {
  id?: number;
  /** An existing variant's stock as loaded: the save moves stock by the difference. */
  stockBefore?: number;
  sku: string | null;
  price: string;
  stock: string;
  active: boolean;
}

export interface GridState {
  colours: string[];
  sizeSet: SizeSetKey;
  /** The custom size set as typed: a comma list, in order. */
  customSizes: string;
  /** By cellKey; a cell of a colour or size no longer chosen keeps its draft until saved. */
  cells: Record<string, CellDraft>;
}

export const cellKey = (colour: string, size: string) => `${colour}\u0000${size}`;

/** The sizes of the chosen set, in order, without repeats. */
export function sizesOf(state: Pick<GridState, "sizeSet" | "customSizes">): string[] {
  const list =
    state.sizeSet === "custom"
      ? state.customSizes
          .split(",")
          .map((size) => size.trim())
          .filter(Boolean)
      : [...sizeSets[state.sizeSet].sizes];
  return [...new Set(list)];
}

export const emptyCell = (): CellDraft => ({ sku: null, price: "", stock: "0", active: true });

export function cellOf(state: GridState, colour: string, size: string): CellDraft {
  return state.cells[cellKey(colour, size)] ?? emptyCell();
}

export function skuOf(slug: string, colour: string, size: string, cell: CellDraft): string {
  return cell.sku ?? skuFor(slug, colour, size);
}

export function withCell(state: GridState, colour: string, size: string, change: Partial<CellDraft>): GridState {
  const key = cellKey(colour, size);
  return { ...state, cells: { ...state.cells, [key]: { ...cellOf(state, colour, size), ...change } } };
}

/** Sets price or stock in every cell of one colour's row. */
export function fillRow(state: GridState, colour: string, field: "price" | "stock", value: string): GridState {
  return sizesOf(state).reduce((next, size) => withCell(next, colour, size, { [field]: value }), state);
}

/** Sets price or stock in every cell of one size's column. */
export function fillColumn(state: GridState, size: string, field: "price" | "stock", value: string): GridState {
  return state.colours.reduce((next, colour) => withCell(next, colour, size, { [field]: value }), state);
}

/** Sets price or stock in every cell of the grid. */
export function fillAll(state: GridState, field: "price" | "stock", value: string): GridState {
  return state.colours.reduce((next, colour) => fillRow(next, colour, field, value), state);
}

export type CellErrors = Partial<Record<"sku" | "price" | "stock", string>>;

/** Each shown cell's problems, by cellKey, plus one for the grid as a whole (no cells). */
export function gridErrors(state: GridState, slug: string): { cells: Record<string, CellErrors>; grid: string | null } {
  const sizes = sizesOf(state);
  const cells: Record<string, CellErrors> = {};
  const seen = new Map<string, string>();
  for (const colour of state.colours) {
    for (const size of sizes) {
      const cell = cellOf(state, colour, size);
      const errors: CellErrors = {};
      const sku = skuOf(slug, colour, size, cell).trim();
      if (!sku) errors.sku = cm.skuRequired;
      else if (sku.length > catalogueLimits.skuMax || !/^[A-Za-z0-9._-]+$/.test(sku)) errors.sku = cm.skuFormat;
      else if (seen.has(sku.toLowerCase())) errors.sku = cm.skuTaken(sku);
      else seen.set(sku.toLowerCase(), cellKey(colour, size));
      if (!rupeesPattern.test(cell.price.trim())) errors.price = cm.priceInvalid;
      const stock = cell.stock.trim();
      if (!/^\d+$/.test(stock) || Number(stock) > productFormLimits.stockMax) errors.stock = fm.stockInvalid;
      if (Object.keys(errors).length > 0) cells[cellKey(colour, size)] = errors;
    }
  }
  const grid = state.colours.length === 0 || sizes.length === 0 ? fm.cellsRequired : null;
  return { cells, grid };
}

/** The cells to send: every chosen colour × size, SKUs from the pattern unless edited. */
export function gridCells(state: GridState, slug: string): GridCell[] {
  const sizes = sizesOf(state);
  return state.colours.flatMap((colour) =>
    sizes.map((size) => {
      const cell = cellOf(state, colour, size);
      return {
        ...(cell.id !== undefined ? { id: cell.id } : {}),
        ...(cell.id !== undefined && cell.stockBefore !== undefined ? { stockBefore: cell.stockBefore } : {}),
        colour,
        size,
        sku: skuOf(slug, colour, size, cell).trim(),
        price: paiseFrom(cell.price),
        stock: Number(cell.stock.trim()),
        active: cell.active,
      };
    }),
  );
}

/** A product's variants as a grid: its colours and sizes in their order, a custom set unless one matches. */
export function gridOfProduct(product: Pick<AdminProductDetail, "variants">): GridState {
  const colours: string[] = [];
  const sizes: string[] = [];
  const cells: Record<string, CellDraft> = {};
  for (const variant of product.variants) {
    const colour = variant.color ?? "";
    const size = variant.size ?? "";
    if (!colours.includes(colour)) colours.push(colour);
    if (!sizes.includes(size)) sizes.push(size);
    cells[cellKey(colour, size)] = {
      id: variant.id,
      stockBefore: variant.stock,
      sku: variant.sku,
      price: rupeesFrom(variant.price),
      stock: String(variant.stock),
      active: variant.active,
    };
  }
  const known = (Object.keys(sizeSets) as SizeSetKey[]).find(
    (key) => key !== "custom" && sameList(sizeSets[key].sizes, sizes),
  );
  return { colours, sizeSet: known ?? "custom", customSizes: known ? "" : sizes.join(", "), cells };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The server's "SKU already used" answer, put beside the cell whose SKU it names. */
export function serverCellErrors(state: GridState, slug: string, message: string | null): Record<string, CellErrors> {
  if (!message) return {};
  for (const colour of state.colours) {
    for (const size of sizesOf(state)) {
      const sku = skuOf(slug, colour, size, cellOf(state, colour, size)).trim();
      if (message === cm.skuTaken(sku)) return { [cellKey(colour, size)]: { sku: message } };
    }
  }
  return {};
}

/** Both sets of messages, the grid's own first. */
export function mergeCellErrors(
  own: Record<string, CellErrors> | null,
  server: Record<string, CellErrors>,
): Record<string, CellErrors> | null {
  if (!own && Object.keys(server).length === 0) return null;
  const merged: Record<string, CellErrors> = { ...server };
  for (const [key, errors] of Object.entries(own ?? {})) merged[key] = { ...merged[key], ...errors };
  return merged;
}
