import type { BulkProduct } from "../store/products/model-bulk";
import type { CategoryRename, OrderShift } from "./copy-types";

/** The most an `order` holds (a Postgres integer): a row there stays when a shift adds to it. */
const MOST_ORDER = 2_147_483_647;

/**
 * Moves the rows' `order` as the store's shifts of its list order did (the store's changes since a
 * version, ./copy.ts), in the order they were made, but not the rows `kept` names (listed in the same
 * changes, so already as they are now, or written here meanwhile). In place: only `order` moves, and
 * the rows' places in the list do not (a shift keeps the rows it moves in their order). The rows moved.
 */
export function shiftRows(
  rows: Iterable<BulkProduct>,
  shifts: readonly OrderShift[],
  kept: (key: string) => boolean,
): number {
  if (!shifts.length) return 0;
  let moved = 0;
  for (const row of rows) {
    if (kept(row.key) || typeof row.order !== "number") continue;
    let order = row.order;
    for (const { from, to, by } of shifts)
      if (order >= from && (to === null || order <= to)) order = Math.min(order + by, MOST_ORDER);
    if (order !== row.order) {
      (row as { order: number }).order = order;
      moved++;
    }
  }
  return moved;
}

/**
 * The rows whose categories the store's renames since a version changed (the store's changes, ./copy.ts),
 * as new rows with the names renamed in turn, but not the rows `kept` names (listed in the same changes,
 * so already as they are now, or written here meanwhile). The rows given are not touched: the caller puts
 * the renamed ones in, as any changed row.
 */
export function renameCategories(
  rows: Iterable<BulkProduct>,
  renames: readonly CategoryRename[],
  kept: (key: string) => boolean,
): BulkProduct[] {
  if (!renames.length) return [];
  const renamed: BulkProduct[] = [];
  for (const row of rows) {
    if (kept(row.key) || !row.categories.length) continue;
    let categories = row.categories;
    for (const { from, to } of renames)
      if (categories.includes(from)) categories = categories.map((name) => (name === from ? to : name));
    if (categories !== row.categories) renamed.push({ ...row, categories });
  }
  return renamed;
}

/**
 * The store's order of the copy's keys once some rows came in or changed their `order` (the store's
 * changes since a version, ./copy.ts): the other keys keep their places, and each of `placed` goes
 * before the first of them whose `order` is not below its own (the list is by `order`, then newest
 * first: a product just made lists before older ones of the same order). A row with no `order` (a
 * store that does not send it) goes last. One pass, whatever the catalogue's size.
 */
export function placeRows(
  order: readonly string[],
  rows: ReadonlyMap<string, BulkProduct>,
  placed: ReadonlySet<string>,
): string[] {
  const rank = (key: string) => rows.get(key)?.order ?? Infinity;
  const incoming = [...placed].filter((key) => rows.has(key)).sort((a, b) => rank(a) - rank(b));
  const out: string[] = [];
  let next = 0;
  for (const key of order) {
    if (placed.has(key) || !rows.has(key)) continue;
    const here = rank(key);
    while (next < incoming.length && rank(incoming[next]!) <= here) out.push(incoming[next++]!);
    out.push(key);
  }
  while (next < incoming.length) out.push(incoming[next++]!);
  return out;
}
