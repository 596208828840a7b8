import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import type { InventoryRow, StockWrite } from "../../../lib/store/products/model-inventory";
import { unlimitedQuantity } from "../../../lib/store/products/model";
import {
  cellId,
  currentValue,
  eachInBackground,
  editsByKey,
  type EditsState,
  type GridContext,
  type GridSort,
  searchText,
  sortRows,
  words,
} from "../../grid";
// The inventory's columns, made known to the grid engine by id: its edits and sorts name them.
import "./columns";

/**
 * The inventory page's pure model (docs/bulk-editing.md#inventory): its
 * filters and their URL, the rows they keep (on the current, edited
 * values), and the writes a save sends. No React, no DOM.
 */

export interface InventoryFilter {
  /** Words matched in the product's name, the option's values and the SKU (case and accents aside). */
  text: string;
  /** Low stock: a count at or below this (unlimited never is); null: off. */
  low: number | null;
  /** Sold out: a count of 0. */
  soldOut: boolean;
  category: string | null;
}

export const emptyInventoryFilter: InventoryFilter = { text: "", low: null, soldOut: false, category: null };

export function isInventoryFiltering(f: InventoryFilter): boolean {
  return f.text.trim() !== "" || f.low !== null || f.soldOut || f.category !== null;
}

/** The filter a URL's query holds (`?q=tee&low=5&soldout=1&category=Shirts`); what it cannot read is off. */
export function filterFromQuery(query: URLSearchParams): InventoryFilter {
  const low = query.get("low");
  const threshold = low !== null && /^\d{1,9}$/.test(low.trim()) ? Number(low.trim()) : null;
  return {
    text: query.get("q") ?? "",
    low: threshold,
    soldOut: query.get("soldout") === "1",
    category: query.get("category") || null,
  };
}

/** The query of a filter, in a stable order; empty for none. */
export function filterToQuery(f: InventoryFilter): string {
  const query = new URLSearchParams();
  if (f.text.trim()) query.set("q", f.text.trim());
  if (f.low !== null) query.set("low", String(f.low));
  if (f.soldOut) query.set("soldout", "1");
  if (f.category) query.set("category", f.category);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The quantity a row will hold once saved, from its current stock and
 * "unlimited" cells: "unlimited" set to Yes is -1; else the stock as typed
 * (it may itself say Unlimited); a row whose "unlimited" was turned off
 * while its stock still says Unlimited holds 0 until a count is typed.
 */
export function plannedQuantity(stock: unknown, unlimited: unknown, unlimitedEdited: boolean): number {
  if (unlimited === "yes" && (unlimitedEdited || stock === unlimitedQuantity)) return unlimitedQuantity;
  const count = typeof stock === "number" ? stock : 0;
  if (unlimited === "no" && unlimitedEdited && count === unlimitedQuantity) return 0;
  return count;
}

/** The row's quantity on its current (edited) values. */
export function currentQuantity(row: InventoryRow, state: EditsState): number {
  if (!state.cells.has(cellId(row.key, "stock")) && !state.cells.has(cellId(row.key, "unlimited"))) return row.stock;
  const unlimitedEdit = state.cells.get(cellId(row.key, "unlimited"));
  return plannedQuantity(
    currentValue(state, row, "stock"),
    currentValue(state, row, "unlimited"),
    !!unlimitedEdit && !unlimitedEdit.error,
  );
}

const haystacks = new WeakMap<InventoryRow, string>();

function haystackOf(row: InventoryRow): string {
  let cached = haystacks.get(row);
  if (cached === undefined) {
    cached = searchText([row.product, row.values, row.itemSku].join("\n"));
    haystacks.set(row, cached);
  }
  return cached;
}

/**
 * Makes the rows' search texts in the background (components/grid's eachInBackground), as the bulk grid
 * does: at 100,000 products (310,000 rows) the first search made them all, some 0.7 s of the page.
 */
export function prepareInventorySearch(rows: readonly InventoryRow[]): () => void {
  return eachInBackground(rows, haystackOf);
}

/**
 * The rows the filter keeps, sorted on their current values. `pinned`: rows the stock filters keep
 * whatever their count (edited under this filter: use-pinned-rows.ts).
 */
export function inventoryView(
  rows: readonly InventoryRow[],
  f: InventoryFilter,
  sort: GridSort,
  state: EditsState,
  ctx: GridContext,
  pinned: ReadonlySet<string> = new Set(),
): InventoryRow[] {
  const needles = words(f.text);
  const kept = isInventoryFiltering(f)
    ? rows.filter((row) => {
        if (f.category !== null && !row.categories.includes(f.category)) return false;
        if ((f.low !== null || f.soldOut) && !pinned.has(row.key)) {
          const quantity = currentQuantity(row, state);
          if (quantity === unlimitedQuantity) return false;
          if (f.soldOut && quantity !== 0) return false;
          if (f.low !== null && quantity > f.low) return false;
        }
        if (needles.length) {
          const haystack = haystackOf(row);
          if (!needles.every((needle) => haystack.includes(needle))) return false;
        }
        return true;
      })
    : [...rows];
  return sortRows(kept, sort, state, ctx);
}

/**
 * What a save sends: one write per changed row, its quantity from its
 * current cells (plannedQuantity), in the rows' order. A row with a value in
 * error, or whose quantity comes back to the stored one, sends nothing.
 */
export function stockWrites(state: EditsState, byKey: ReadonlyMap<string, InventoryRow>): StockWrite[] {
  const writes: StockWrite[] = [];
  for (const [key, edits] of editsByKey(state)) {
    const row = byKey.get(key);
    if (!row || edits.some((edit) => edit.error)) continue;
    const quantity = currentQuantity(row, state);
    if (quantity === row.stock) continue;
    writes.push({ row: key, product: row.productKey, kind: row.kind, item: row.itemKey, quantity });
  }
  return writes;
}

/** A row as the store now holds it after a write of `quantity`. */
export function withQuantity(row: InventoryRow, quantity: number): InventoryRow {
  return { ...row, stock: quantity, unlimited: quantity === unlimitedQuantity ? "yes" : "no" };
}

/** The products with these rows' stock and `modified` written in (rows as the store holds them). */
export function productsWithRows(
  rows: readonly InventoryRow[],
  productOf: (key: string) => BulkProduct | undefined,
): BulkProduct[] {
  const byProduct = new Map<string, InventoryRow[]>();
  for (const row of rows) byProduct.set(row.productKey, [...(byProduct.get(row.productKey) ?? []), row]);
  return [...byProduct].flatMap(([key, own]) => {
    const product = productOf(key);
    if (!product) return [];
    const byItem = new Map(own.map((row) => [`${row.kind}:${row.itemKey}`, row]));
    return [
      {
        ...product,
        modified: own[0]!.modified,
        stock: product.stock?.map((item) => {
          const row = byItem.get(`${item.kind}:${item.key}`);
          return row ? { ...item, quantity: row.stock } : item;
        }),
      },
    ];
  });
}
