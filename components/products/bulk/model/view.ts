import type { BulkProduct } from "../../../../lib/store/products/model-bulk";
import {
  cellId,
  type ColumnId,
  currentValue,
  eachInBackground,
  type EditsState,
  type GridContext,
  type GridSort,
  searchText,
  sortRows,
  words,
} from "../../../grid";

/**
 * Which products the bulk grid shows, in which order (docs/bulk-editing.md#the-grid):
 * its filters, and the grid's sort (sortRows), read the current, edited
 * values. Linear in the products for filtering, n log n for sorting, with
 * every sort key computed once: 10,000 products stay quick.
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

const haystacks = new WeakMap<BulkProduct, string>();

/** The product's searchable text as loaded, made once per product object. */
function storedHaystack(product: BulkProduct): string {
  let cached = haystacks.get(product);
  if (cached === undefined) {
    cached = searchText([product.name, product.nameShort, product.sku, product.key, product.slug].join("\n"));
    haystacks.set(product, cached);
  }
  return cached;
}

/**
 * Makes the products' search texts `chunk` at a time, each chunk in a later task, so that the first
 * search of a big catalogue finds them made (at 100,000 products, some half a second of making them,
 * bench/RESULTS.md). Returns a way to stop (the products changed, the page left).
 */
export function prepareSearch(products: readonly BulkProduct[], chunk = 2000): () => void {
  return eachInBackground(products, storedHaystack, chunk);
}

/** The product's searchable text with its edited name, short name and SKU. */
function haystackOf(product: BulkProduct, state: EditsState): string {
  const edited =
    state.cells.size > 0 &&
    (state.cells.has(cellId(product.key, "name")) ||
      state.cells.has(cellId(product.key, "nameShort")) ||
      state.cells.has(cellId(product.key, "sku")));
  if (!edited) return storedHaystack(product);
  const text = (column: ColumnId) => String(currentValue(state, product, column) ?? "");
  return searchText([text("name"), text("nameShort"), text("sku"), product.key, product.slug].join("\n"));
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
