import { bigint, bigserial, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row: the catalogue's version, which changes whenever anything a product's JSON shows changes (a
 * product, its options, extras, categories, images, videos, its shipping or tax group; a create, a delete).
 * Triggers on those tables bump it once per transaction, at its commit (drizzle/0008_product_search.sql),
 * so every process sharing the database sees it. The product lists' entity tags are made of it
 * (src/products/catalogue-version.ts, docs/contract.md#extensions).
 *
 * `changes_from`: the oldest version the catalogue's changes are known from (product_changes below): a
 * change that moves every product (a shift of the list's order, a shipping or tax group's change, a
 * category renamed, a seed) is not listed product by product but moves it to its own version.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    changesFrom: bigint("changes_from", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);

/**
 * The catalogue's changes since a version (GET /products_changes, an extension: docs/contract.md#extensions):
 * one row a product, the version of the last commit that changed what its JSON shows (null until that
 * commit: catalogue_version_bump sets it). No foreign key: a deleted product's row stays, and says so.
 * Statement triggers on the catalogue's tables write it (drizzle/0009_catalogue_changes.sql).
 */
export const productChanges = pgTable(
  "product_changes",
  {
    productId: integer("product_id").primaryKey(),
    /** The product's key (keys are never reused): what a deletion is told by. */
    productKey: text("product_key"),
    version: bigint("version", { mode: "number" }),
  },
  (t) => [
    index("product_changes_version_idx").on(t.version),
    index("product_changes_pending_idx")
      .on(t.productId)
      .where(sql`${t.version} is null`),
  ],
);

/**
 * The shifts of the list's order that the catalogue's changes tell as one line rather than product by
 * product (src/products/order-shift.ts: a product created at a place, or moved over more than
 * MOST_CHANGED places): every product whose `order` was from `from_order` to `to_order` (no end: every
 * one after) moved by `by`, at the commit of `version` (null until it: catalogue_version_bump sets it).
 * A client that holds the catalogue moves its own rows the same way (GET /products_changes?shifts=1,
 * drizzle/0010_order_shifts.sql). The oldest are let go past KEPT_SHIFTS (src/products/order-shift.ts), moving changes_from.
 */
export const productOrderShifts = pgTable(
  "product_order_shifts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fromOrder: integer("from_order").notNull(),
    toOrder: integer("to_order"),
    by: integer("by").notNull(),
    version: bigint("version", { mode: "number" }),
  },
  (t) => [index("product_order_shifts_version_idx").on(t.version)],
);

/**
 * The changes of a shipping group, a tax group or a category that every product in it shows, kept as one
 * line each rather than product by product (drizzle/0011_part_changes.sql writes them from triggers):
 * `kind` "shipping_group" or "tax_group" with the group's `ref_id` (its name, options or rules changed,
 * or it was deleted), or "category" with the names before and after a rename (`from_name`, `to_name`).
 * `version` is null until the commit (catalogue_version_bump sets it). Told by GET
 * /products_changes?parts=1 (src/products/changes.ts); the oldest are let go past KEPT_PARTS lines,
 * moving changes_from.
 */
export const cataloguePartChanges = pgTable(
  "catalogue_part_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    refId: integer("ref_id").notNull(),
    fromName: text("from_name"),
    toName: text("to_name"),
    version: bigint("version", { mode: "number" }),
  },
  (t) => [
    index("catalogue_part_changes_version_idx").on(t.version),
    check("catalogue_part_changes_kind", sql`${t.kind} in ('shipping_group', 'tax_group', 'category')`),
  ],
);
