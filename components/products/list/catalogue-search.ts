/**
 * Searching the products list by name or SKU (docs/bulk-editing.md#search-in-the-products-list).
 * The API has no search parameter, so the list loads the whole catalogue in
 * the browser with the bulk grid's loader (../bulk/use-catalogue.ts) and
 * searches it here. Pure and browser-safe.
 *
 * Matching ignores case and accents ("creme" finds "Crème", "LAMP" finds
 * "Desk lamp"): every word of the query must start a word of the product's
 * name or SKU (lib/search-words.ts: "tee" is not found in "Steel"). The index
 * keeps each product's folded words, built once per catalogue (and extended as
 * pages arrive), so that a search is one pass of `includes`.
 */

/** What a search needs of a product. */
export interface Searchable {
  key: string;
  name: string;
  sku: string;
}

export interface SearchIndex<T extends Searchable> {
  readonly products: readonly T[];
  /** Each product's name, as lib/search-words.ts's wordText makes it. */
  readonly names: readonly string[];
  /** Each product's SKU, the same way. */
  readonly skus: readonly string[];
}

import { queryWords, startsWords, wordText } from "../../../lib/search-words";

export { fold, queryWords } from "../../../lib/search-words";

/**
 * The index of `products`. Given the index of a shorter list that `products`
 * starts with (pages arriving), only the new products are folded.
 */
export function buildSearchIndex<T extends Searchable>(
  products: readonly T[],
  previous?: SearchIndex<T>,
): SearchIndex<T> {
  const reuse =
    previous && previous.products.length <= products.length && previous.products.every((p, i) => p === products[i])
      ? previous.products.length
      : 0;
  const names = previous && reuse ? previous.names.slice() : [];
  const skus = previous && reuse ? previous.skus.slice() : [];
  for (let i = reuse; i < products.length; i++) {
    const product = products[i]!;
    names.push(wordText(product.name));
    skus.push(wordText(product.sku));
  }
  return { products, names, skus };
}

/**
 * The products whose name or SKU holds every word of `query`, best first: an
 * SKU equal to the whole query, then names that start with it, then the rest,
 * each in the catalogue's order. A blank query finds nothing.
 */
export function searchProducts<T extends Searchable>(index: SearchIndex<T>, query: string): T[] {
  const words = queryWords(query);
  if (!words.length) return [];
  const whole = ` ${words.join(" ")}`;
  const exactSku: T[] = [];
  const nameStarts: T[] = [];
  const rest: T[] = [];
  const { products, names, skus } = index;
  for (let i = 0; i < products.length; i++) {
    const name = names[i]!;
    const sku = skus[i]!;
    if (!startsWords([name, sku], words)) continue;
    const product = products[i]!;
    if (sku === whole) exactSku.push(product);
    else if (name.startsWith(whole)) nameStarts.push(product);
    else rest.push(product);
  }
  return exactSku.concat(nameStarts, rest);
}
