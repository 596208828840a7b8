import type { BulkProduct } from "../store/products/model-bulk";
import type { CatalogueCopy } from "./copy";
import { type CatalogueQuery, queryCatalogue } from "./query";
import { sortedRows } from "./sorted";
import { candidateRows } from "./word-index";

/** Per copy: a few recent queries' matches, of its current version only. */
const results = new WeakMap<object, Map<string, BulkProduct[]>>();

/**
 * The copy's rows that match a window's query (./window.ts), kept for the copy's version: the next
 * window of the same query is a slice. A search looks only at the rows its words may find
 * (./word-index.ts), sorted as asked among themselves; otherwise a sort filters the order kept per
 * column (./sorted.ts), and the store's order filters the rows. Each way answers what
 * queryCatalogue over every row would (./word-index.test.ts holds them to it).
 */
export function matching<R>(copy: CatalogueCopy<R>, query: CatalogueQuery): BulkProduct[] {
  let kept = results.get(copy);
  if (!kept) results.set(copy, (kept = new Map()));
  const id = `${copy.version}\n${JSON.stringify(query)}`;
  let matches = kept.get(id);
  if (!matches) {
    const sort = query.sort && query.sort !== "store" ? query.sort : null;
    const candidates = candidateRows(copy, query.q);
    matches = candidates
      ? queryCatalogue(candidates, query)
      : sort
        ? queryCatalogue(sortedRows(copy, sort), query, { presorted: true })
        : queryCatalogue(copy.rows(), query);
    for (const key of kept.keys()) if (!key.startsWith(`${copy.version}\n`) || kept.size > 16) kept.delete(key);
    kept.set(id, matches);
  }
  return matches;
}
