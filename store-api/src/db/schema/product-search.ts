import { customType, index, integer, pgTable } from "drizzle-orm/pg-core";
import { products } from "./catalogue.js";

/** PostgreSQL's full-text document type; the app only queries it, never reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What the product search (`q`, docs/contract.md#extensions) finds, one row a product: the words of its
 * name, slug and SKUs (its `sku` and `fetch_sku`, each option's `fetch_sku`), lower case, every run of
 * spaces and punctuation one space, as a 'simple' tsvector (no stemming, no stop words). The database
 * keeps it: triggers on products and product_options refresh a product's row when its name, slug or an
 * SKU changes, or an option comes or goes (drizzle/0008_product_search.sql), and never on the other
 * writes. A table of its own, not an index on products: every shift of the list's order rewrites every
 * product row, and a GIN index there would be written 100,000 times (4 s → 15-30 s at 100,000 products).
 * Without GIN's pending list (fastupdate), which a search reads whole: PGlite has no autovacuum to empty it.
 */
export const productSearch = pgTable(
  "product_search",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    words: tsvector("words").notNull(),
  },
  (t) => [index("product_search_words_idx").using("gin", t.words).with({ fastupdate: false })],
);
