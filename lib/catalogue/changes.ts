import type { BulkProduct } from "../store/products/model-bulk";

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
