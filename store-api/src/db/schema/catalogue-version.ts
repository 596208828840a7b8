import { bigint, check, integer, pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row: the catalogue's version, which changes whenever anything a product's JSON shows changes (a
 * product, its options, extras, categories, images, videos, its shipping or tax group; a create, a delete).
 * Triggers on those tables bump it once per transaction, at its commit (drizzle/0008_product_search.sql),
 * so every process sharing the database sees it. The product lists' entity tags are made of it
 * (src/products/catalogue-version.ts, docs/contract.md#extensions).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);
