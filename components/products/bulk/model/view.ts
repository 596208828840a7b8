import type { BulkProduct } from "../../../../lib/store/products/model-bulk";
import { unlimitedQuantity } from "../../../../lib/store/products/model";
import { type CellValue, type ColumnId, columnById, type GridContext, type GridItem } from "./columns";
import { cellId, currentValue, type EditsState } from "./edits";

/**
 * Which rows the grid shows, in which order (docs/bulk-editing.md#the-grid):
 * filters and sorting read the current, edited values. Linear in the
 * products for filtering, n log n for sorting, with every sort key computed
 * once: 10,000 products stay quick.
 */

export interface GridFilter {
  /** Words matched in the name, short name, SKU, key and slug, ignoring case and accents: every word must match. */
  text: string;
  status: string | null;
  category: string | null;
  /** Minor units, both included; on the price (not the sale price). */
  priceMin: number | null;
  priceMax: number | null;
}

export const emptyFilter: GridFilter = { text: "", status: null, category: null, priceMin: null, priceMax: null };

export function isFiltering(f: GridFilter): boolean {
  return f.text.trim() !== "" || f.status !== null || f.category !== null || f.priceMin !== null || f.priceMax !== null;
}

/** Text for matching: no accents, no case ("Crème" finds "creme"), spaces collapsed. */
export function searchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const haystacks = new WeakMap<BulkProduct, string>();

/** The product's searchable text with its edited name, short name and SKU. */
function haystackOf(product: BulkProduct, state: EditsState): string {
  const edited =
    state.cells.has(cellId(product.key, "name")) ||
    state.cells.has(cellId(product.key, "nameShort")) ||
    state.cells.has(cellId(product.key, "sku"));
  if (!edited) {
    let cached = haystacks.get(product);
    if (cached === undefined) {
      cached = searchText([product.name, product.nameShort, product.sku, product.key, product.slug].join("\n"));
      haystacks.set(product, cached);
    }
    return cached;
  }
  const text = (column: ColumnId) => String(currentValue(state, product, column) ?? "");
  return searchText([text("name"), text("nameShort"), text("sku"), product.key, product.slug].join("\n"));
}

/** The words of a search, each matched on its own. */
export function words(text: string): string[] {
  const t = searchText(text);
  return t ? t.split(" ") : [];
}

function matchesWords(product: BulkProduct, needles: readonly string[], f: GridFilter, state: EditsState): boolean {
  if (f.status !== null && currentValue(state, product, "status") !== f.status) return false;
  if (f.category !== null && !product.categories.includes(f.category)) return false;
  if (f.priceMin !== null || f.priceMax !== null) {
    const price = currentValue(state, product, "price");
    if (typeof price !== "number") return false;
    if (f.priceMin !== null && price < f.priceMin) return false;
    if (f.priceMax !== null && price > f.priceMax) return false;
  }
  if (needles.length) {
    const haystack = haystackOf(product, state);
    for (const needle of needles) if (!haystack.includes(needle)) return false;
  }
  return true;
}

export function matches(product: BulkProduct, f: GridFilter, state: EditsState): boolean {
  return matchesWords(product, words(f.text), f, state);
}

export interface GridSort {
  /** "store": the store's order, as loaded. */
  column: ColumnId | "store";
  direction: "asc" | "desc";
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The key a cell sorts by: numbers as numbers (unlimited after every count), choices by their label, text as text; null last. */
function sortKey(column: ColumnId, value: CellValue, ctx: GridContext): string | number | null {
  const def = columnById[column];
  if (value === null) return null;
  if (def.kind === "choice") return def.format(value, ctx) || null;
  if (def.kind === "quantity" && value === unlimitedQuantity) return Number.POSITIVE_INFINITY;
  if (typeof value === "number") return value;
  return value === "" ? null : value;
}

function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return collator.compare(a, b);
}

/**
 * The products the filter keeps, sorted. Stable (equal keys keep the
 * store's order, in both directions); empty values last in both directions.
 */
export function visibleRows(
  products: readonly BulkProduct[],
  f: GridFilter,
  sort: GridSort,
  state: EditsState,
  ctx: GridContext,
): BulkProduct[] {
  const needles = words(f.text);
  const kept = isFiltering(f) ? products.filter((p) => matchesWords(p, needles, f, state)) : [...products];
  return sortRows(kept, sort, state, ctx);
}

/**
 * Rows sorted on their current values (the bulk grid's, the inventory's);
 * `kept` is theirs to sort in place. Stable (equal keys keep the store's
 * order, in both directions); empty values last in both directions.
 */
export function sortRows<R extends GridItem>(kept: R[], sort: GridSort, state: EditsState, ctx: GridContext): R[] {
  if (sort.column === "store") return sort.direction === "desc" ? kept.reverse() : kept;
  const column = sort.column;
  const keys = kept.map((p) => sortKey(column, currentValue(state, p, column), ctx));
  const sign = sort.direction === "desc" ? -1 : 1;
  const indexes = kept.map((_, i) => i);
  indexes.sort((i, j) => {
    const a = keys[i] ?? null;
    const b = keys[j] ?? null;
    if (a === null || b === null) return a === b ? i - j : a === null ? 1 : -1;
    return sign * compareKeys(a, b) || i - j;
  });
  return indexes.map((i) => kept[i]!);
}

/** Every category of the products, once each, sorted. */
export function categoriesOf(products: readonly Pick<BulkProduct, "categories">[]): string[] {
  const seen = new Set<string>();
  for (const product of products) for (const category of product.categories) seen.add(category);
  return [...seen].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}
