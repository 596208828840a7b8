import type { BulkProduct } from "../store/products/model-bulk";
import type { CatalogueCopy } from "./copy";
import { type ColumnSort, sortKeys, sortRows } from "./query";

/**
 * The copy's rows in a column's ascending order, ties in the store's, kept per copy and sort
 * (docs/architecture.md#the-catalogue-copy): a sort of 100,000 rows is 1.7 million comparisons
 * (about 130 ms of the copy's own work here, bench/RESULTS.md), paid once; after a write of a few products the order takes
 * those rows out and puts them back in their place (a binary search each) instead of sorting again.
 * A reading or a re-read that changed rows sorts again whole.
 */

interface Kept {
  version: number;
  rows: BulkProduct[];
}

const kept = new WeakMap<object, Map<ColumnSort, Kept>>();
/** Past this many changed rows, sorting again is as quick as putting each in its place. */
const mostPlaced = 2000;

export function sortedRows<R>(copy: CatalogueCopy<R>, sort: ColumnSort): readonly BulkProduct[] {
  let bySort = kept.get(copy);
  if (!bySort) kept.set(copy, (bySort = new Map()));
  const before = bySort.get(sort);
  if (before?.version === copy.version) return before.rows;

  const key = sortKeys[sort];
  const changed = before ? copy.changedSince(before.version) : null;
  let rows: BulkProduct[];
  if (!before || !changed || changed.size > mostPlaced) {
    rows = sortRows(copy.rows(), key);
  } else {
    // Ties follow the store's order.
    const compare = (a: BulkProduct, b: BulkProduct) => {
      const x = key(a);
      const y = key(b);
      return x < y ? -1 : x > y ? 1 : copy.place(a.key) - copy.place(b.key);
    };
    rows = before.rows.filter((row) => !changed.has(row.key));
    for (const changedKey of changed) {
      const row = copy.get(changedKey);
      if (!row) continue;
      let low = 0;
      let high = rows.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(rows[middle]!, row) < 0) low = middle + 1;
        else high = middle;
      }
      rows.splice(low, 0, row);
    }
  }
  bySort.set(sort, { version: copy.version, rows });
  return rows;
}
