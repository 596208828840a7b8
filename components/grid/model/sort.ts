import { type CellValue, columnDef, type ColumnId, type GridContext, type GridItem, UNLIMITED } from "../columns";
import { currentValue, type EditsState } from "./edits";

/**
 * The order of the grid's rows, and the text its features search
 * (docs/bulk-editing.md#the-grid): sorting reads the current, edited values,
 * with every sort key computed once (n log n: 10,000 rows stay quick). Each
 * feature filters its own rows (the bulk editor's model/view.ts, the
 * inventory's model.ts) and sorts them here.
 */

export interface GridSort {
  /** "store": the store's order, as loaded. */
  column: ColumnId | "store";
  direction: "asc" | "desc";
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

/** The words of a search, each matched on its own. */
export function words(text: string): string[] {
  const t = searchText(text);
  return t ? t.split(" ") : [];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The key a cell sorts by: numbers as numbers (unlimited after every count), choices by their label, text as text; null last. */
function sortKey(column: ColumnId, value: CellValue, ctx: GridContext): string | number | null {
  const def = columnDef(column);
  if (value === null) return null;
  if (def.kind === "choice") return def.format(value, ctx) || null;
  if (def.kind === "quantity" && value === UNLIMITED) return Number.POSITIVE_INFINITY;
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

/** Every category of the rows, once each, sorted. */
export function categoriesOf(rows: readonly { categories: readonly string[] }[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const category of row.categories) seen.add(category);
  return [...seen].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}
