import { and, count, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import { productCategories, products, productSearch } from "../db/schema/index.js";
import { searchWords } from "../text/search-words.js";
import { listOrder, type ProductPage } from "./products.js";
import { productListQuery } from "./schemas.js";

/**
 * The product search (`q` on GET /products and a category's list, an extension: docs/contract.md#extensions).
 * A product matches when each word of the query starts a word of its name, its slug or one of its SKUs (its
 * `sku` and `fetch_sku`, each option's `fetch_sku`: an option's SKU), case ignored; words are split at spaces
 * and punctuation (`APP-TEE-M-NAV` → app tee m nav). PostgreSQL's own full-text search on both engines:
 * prefix queries (`word:*`) on the GIN index of the product_search table (src/db/schema/product-search.ts).
 */

/** The header that says a list was searched by `q`. */
export const PRODUCT_SEARCH_HEADER = "x-product-search";

const productSearchParam = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .refine((text) => searchWords(text).length > 0, "must hold a letter or a digit")
  .optional()
  .meta({
    description:
      "Extension: only the products that match, in the list's order: each word of q starts a word of the " +
      "product's name, slug or SKUs (its sku and fetch_sku, each option's fetch_sku); case ignored, words split " +
      "at spaces and punctuation (`blue mug`, `APP-TEE-M-NAV`, `tee navy`). X-Total-Count counts the matches, and " +
      "the answer carries `X-Product-Search: applied`. A store without the extension ignores the parameter and " +
      "lists every product, without the header.",
    "x-store-extension": true,
  });

/** The products lists' query (page, count) with the search. */
export const productSearchQuery = productListQuery.extend({ q: productSearchParam });

/** The words of `q`, or undefined when the list is not searched. */
export function productSearchWords(q: string | undefined): string[] | undefined {
  return q === undefined ? undefined : searchWords(q);
}

/** The headers of a list searched (or not): a store without the search lists every product, without them. */
export function searchHeaders(words: string[] | undefined): Record<string, string> {
  return words ? { [PRODUCT_SEARCH_HEADER]: "applied" } : {};
}

/** Each word a prefix query, all of them required: `'app':* & 'tee':*` (the words hold no quote: searchWords). */
function prefixQuery(words: string[]): SQL {
  return sql`to_tsquery('simple'::regconfig, ${words.map((word) => `'${word}':*`).join(" & ")})`;
}

/** The products the words find (one GIN index: src/db/schema/product-search.ts). */
function searchMatch(words: string[]): SQL {
  return sql`${products.id} in (select ${productSearch.productId} from ${productSearch}
    where ${productSearch.words} @@ ${prefixQuery(words)})`;
}

/** A page of the products the words find, in the list's order, of one category when given. */
export async function searchProducts(
  q: Queryable,
  words: string[],
  page: number,
  size: number,
  categoryId?: number,
): Promise<ProductPage> {
  const inCategory =
    categoryId === undefined
      ? undefined
      : sql`${products.id} in (select ${productCategories.productId} from ${productCategories}
          where ${productCategories.categoryId} = ${categoryId})`;
  const where = and(searchMatch(words), inCategory);
  const rows = await q
    .select()
    .from(products)
    .where(where)
    .orderBy(...listOrder)
    .limit(size)
    .offset(page * size);
  const [total] = await q.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}
