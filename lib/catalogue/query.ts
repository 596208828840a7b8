import { fold, queryWords, wordText } from "../search-words";
import type { BulkProduct } from "../store/products/model-bulk";

/**
 * Search, filter and sort over the catalogue copy's rows (docs/architecture.md#the-catalogue-copy):
 * what the browser asks for, answered with the matching keys in order; a window of rows is then a
 * slice. Pure and synchronous (no store, no request): tested alone, timed by bench:catalogue.
 *
 * A product is found by its name, its slug, its SKU or any option's SKU, each word of the query
 * starting a word of one of them (lib/search-words.ts: case and accents ignored, "tee" finds
 * "Organic tee" and "APP-TEE-M-NAV", not "Steel").
 */

export const catalogueSorts = ["store", "name", "sku", "price", "quantity", "status", "modified"] as const;
export type CatalogueSort = (typeof catalogueSorts)[number];

export interface CatalogueQuery {
  q?: string;
  status?: string;
  category?: string;
  sort?: CatalogueSort;
  desc?: boolean;
}

/** The words a row is found by; computed once per row object (a changed row is a new object). */
const searchTexts = new WeakMap<BulkProduct, string[]>();

export function rowTexts(row: BulkProduct): string[] {
  let texts = searchTexts.get(row);
  if (!texts) {
    texts = [wordText(row.name), wordText(row.slug), wordText(row.sku)];
    for (const item of row.stock ?? []) if (item.sku && item.sku !== row.sku) texts.push(wordText(item.sku));
    searchTexts.set(row, texts);
  }
  return texts;
}

/** A row's folded name and SKU (the sorts' keys) and its options' SKUs; made once per row object, as its texts are. */
interface Folded {
  name: string;
  sku: string;
  slug: string;
  skus: string[];
}
const foldedKeys = new WeakMap<BulkProduct, Folded>();

function folded(row: BulkProduct): Folded {
  let keys = foldedKeys.get(row);
  if (!keys) {
    const skus = (row.stock ?? []).map((item) => fold(item.sku));
    foldedKeys.set(row, (keys = { name: fold(row.name), sku: fold(row.sku), slug: fold(row.slug), skus }));
  }
  return keys;
}

/**
 * Makes the rows' search texts and sort keys now, so that the first search or sort of a big
 * catalogue does not pay for them (at 100,000 products: 2.4 s for a word search, 0.9 s for a sort
 * by name, bench/RESULTS.md). Rows already prepared cost a look-up.
 */
export function prepareRows(rows: readonly BulkProduct[], from = 0, to = rows.length): void {
  for (let i = from; i < to; i++) {
    rowTexts(rows[i]!);
    folded(rows[i]!);
  }
}

/** How well a row matches (lower is better): a whole SKU first, then a name that starts with the query. */
function rank(row: BulkProduct, needle: string): number {
  const keys = folded(row);
  if (keys.sku === needle || keys.skus.includes(needle)) return 0;
  if (keys.name.startsWith(needle) || keys.slug === needle) return 1;
  return needle ? 2 : 0;
}

export type ColumnSort = Exclude<CatalogueSort, "store">;

export const sortKeys: Record<ColumnSort, (row: BulkProduct) => string | number> = {
  name: (row) => folded(row).name,
  sku: (row) => folded(row).sku,
  price: (row) => row.salePrice ?? row.price,
  // Unlimited (-1) sorts above every count.
  quantity: (row) => (row.quantity < 0 ? Number.MAX_SAFE_INTEGER : row.quantity),
  status: (row) => row.status,
  modified: (row) => row.modified ?? 0,
};

/**
 * The rows that match, in the asked order: the store's order by default; with a search and no
 * sort, the best matches first (a whole SKU, then names that start with it), each group in the
 * store's order. Ties keep the store's order, so a window is stable while nothing changes.
 * `presorted`: the rows are already in the sort's ascending order, ties in the store's (./sorted.ts
 * keeps it per copy), so that only the filter runs.
 */
export function queryCatalogue(
  rows: readonly BulkProduct[],
  query: CatalogueQuery,
  { presorted = false }: { presorted?: boolean } = {},
): BulkProduct[] {
  const words = queryWords(query.q ?? "");
  // startsWords (lib/search-words.ts) with each word's " word" made once, not once a row.
  const needles = words.map((word) => ` ${word}`);
  const hasWords = (texts: string[]) => {
    next: for (const needle of needles) {
      for (const text of texts) if (text.includes(needle)) continue next;
      return false;
    }
    return true;
  };
  const keep = (row: BulkProduct) =>
    (!query.status || row.status === query.status) &&
    (!query.category || row.categories.includes(query.category)) &&
    (!words.length || hasWords(rowTexts(row)));
  const sort = query.sort ?? "store";
  if (sort !== "store" && presorted) {
    const found = rows.filter(keep);
    return query.desc ? reverseKeepingTies(found, sortKeys[sort]) : found;
  }
  let found: BulkProduct[] = rows.filter(keep);
  if (sort === "store") {
    if (words.length) {
      const needle = fold(query.q ?? "").trim();
      // Three ranks: a bucket each, in the store's order (a sort of 100,000 rows was most of a broad search).
      const buckets: BulkProduct[][] = [[], [], []];
      for (const row of found) buckets[rank(row, needle)]!.push(row);
      found = buckets.flat();
    }
    return query.desc ? found.reverse() : found;
  }
  return sortRows(found, sortKeys[sort], query.desc);
}

/** Rows sorted by `key`, ties in the order given (the store's). */
export function sortRows(
  rows: readonly BulkProduct[],
  key: (row: BulkProduct) => string | number,
  desc = false,
): BulkProduct[] {
  const keyed = rows.map((row, index) => ({ row, index, value: key(row) }));
  const sign = desc ? -1 : 1;
  keyed.sort((a, b) => (a.value < b.value ? -sign : a.value > b.value ? sign : a.index - b.index));
  return keyed.map((entry) => entry.row);
}

/** The descending order of rows sorted ascending, ties still in the order given. */
function reverseKeepingTies(rows: BulkProduct[], key: (row: BulkProduct) => string | number): BulkProduct[] {
  const out: BulkProduct[] = [];
  let end = rows.length;
  while (end > 0) {
    let start = end - 1;
    const value = key(rows[start]!);
    while (start > 0 && key(rows[start - 1]!) === value) start--;
    for (let i = start; i < end; i++) out.push(rows[i]!);
    end = start;
  }
  return out;
}
