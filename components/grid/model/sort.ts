import {
  type CellValue,
  columnDef,
  type ColumnId,
  type GridContext,
  type GridItem,
  originalValue,
  UNLIMITED,
} from "../columns";
import { currentValue, type EditsState } from "./edits";
import { rankTable, type RankTable, ranksOf, SlicedSort } from "./ranks";

/**
 * The order of the grid's rows, and the text its features search
 * (docs/bulk-editing.md#the-grid): sorting reads the current, edited values,
 * with every sort key computed once, text ranked in the collator's order
 * (docs/bulk-editing.md#sorting). Each
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

/** Each text column's values in the collator's order, made ahead by `prepareSort` (model/ranks.ts). */
const prepared = new Map<ColumnId, RankTable>();

/**
 * Rows sorted on their current values (the bulk grid's, the inventory's);
 * `kept` is theirs to sort in place. Stable (equal keys keep the store's
 * order, in both directions); empty values last in both directions; numbers
 * before text (after it, descending). Text is ranked in the collator's order
 * first (model/ranks.ts), so that the sort compares numbers.
 */
export function sortRows<R extends GridItem>(kept: R[], sort: GridSort, state: EditsState, ctx: GridContext): R[] {
  if (sort.column === "store") return sort.direction === "desc" ? kept.reverse() : kept;
  const column = sort.column;
  const n = kept.length;
  // Without edits, no cell's id is made and looked up (310,000 of them in a big inventory).
  const valueOf = state.cells.size
    ? (row: R) => currentValue(state, row, column)
    : (row: R) => originalValue(row, column);
  const keys = kept.map((row) => sortKey(column, valueOf(row), ctx));
  const table = prepared.get(column);
  // 0: a number, 1: text, 2: empty; and the number or the text's rank (NaN: not in the table yet).
  const group = new Uint8Array(n);
  const value = new Float64Array(n);
  const unknown = new Set<string>();
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    if (key === null) group[i] = 2;
    else if (typeof key === "number") value[i] = key;
    else {
      group[i] = 1;
      const rank = table?.rank.get(key);
      if (rank === undefined) unknown.add(key);
      value[i] = rank ?? Number.NaN;
    }
  }
  if (unknown.size) {
    const rank = ranksOf(unknown, table, collator.compare);
    for (let i = 0; i < n; i++) if (Number.isNaN(value[i]) && group[i] === 1) value[i] = rank(keys[i] as string);
  }
  // V8 sorts these 300,000 at a time in some 80 ms (placing each row by one number and sorting those
  // natively was slower: making the numbers dense cost more than it saved).
  const sign = sort.direction === "desc" ? -1 : 1;
  const indexes = Array.from({ length: n }, (_, i) => i);
  indexes.sort((i, j) => {
    const gi = group[i]!;
    const gj = group[j]!;
    if (gi === 2 || gj === 2) return gi === gj ? i - j : gi === 2 ? 1 : -1;
    if (gi !== gj) return sign * (gi - gj);
    const a = value[i]!;
    const b = value[j]!;
    return (a < b ? -sign : a > b ? sign : 0) || i - j;
  });
  return indexes.map((i) => kept[i]!);
}

/**
 * Makes the collator's order of `columns`' text values as loaded, in slices of `sliceMs` between the
 * page's other work, for the sorts to come (at 100,000 names, some 0.4 s of work in all, and a sort by
 * name on a click 0.1 s instead of 0.4-0.6 s: bench/RESULTS.md). A column whose order is made already and
 * still holds seven in eight of its values is left as it is (what it lacks is ranked at the sort).
 * Returns a way to stop (the rows changed, the page left); `done` is called once every column's is made.
 */
export function prepareSort<R extends GridItem>(
  rows: readonly R[],
  columns: readonly ColumnId[],
  ctx: GridContext,
  { sliceMs = 8, done }: { sliceMs?: number; done?: () => void } = {},
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = (step: () => void) => {
    if (!stopped) timer = setTimeout(step, 0);
  };
  const prepare = (index: number) => {
    const column = columns[index];
    if (column === undefined) return done?.();
    const texts = new Set<string>();
    for (const row of rows) {
      const key = sortKey(column, originalValue(row, column), ctx);
      if (typeof key === "string") texts.add(key);
    }
    const table = prepared.get(column);
    let missing = 0;
    if (table) for (const text of texts) if (!table.rank.has(text)) missing++;
    if (table && missing * 8 <= texts.size) return later(() => prepare(index + 1));
    const sorting = new SlicedSort([...texts], collator.compare);
    const slice = () => {
      if (!sorting.run(performance.now() + sliceMs)) return later(slice);
      prepared.set(column, rankTable(sorting.sorted, collator.compare));
      later(() => prepare(index + 1));
    };
    later(slice);
  };
  later(() => prepare(0));
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Runs `each` over `items`, `chunk` at a time, each chunk in a later task, so that what a page makes
 * ahead once every row is in (the rows' search texts) never holds it long. Returns a way to stop (the
 * rows changed, the page left).
 */
export function eachInBackground<T>(items: readonly T[], each: (item: T) => void, chunk = 2000): () => void {
  let at = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    for (const end = Math.min(items.length, at + chunk); at < end; at++) each(items[at]!);
    if (at < items.length) timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}

/** Every category of the rows, once each, sorted. */
export function categoriesOf(rows: readonly { categories: readonly string[] }[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const category of row.categories) seen.add(category);
  return [...seen].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}
