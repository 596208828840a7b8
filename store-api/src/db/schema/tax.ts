import { boolean, doublePrecision, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

/**
 * Tax groups and their rules (docs/contract.md#tax). A product belongs to at
 * most one group (products.tax_group_id). A rule's rate is the percent itself
 * (8.25 for 8.25%).
 */
export const taxGroups = pgTable("tax_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const taxRules = pgTable(
  "tax_rules",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => taxGroups.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country").notNull(),
    /** Null: the whole country. US states by their 2-letter code, camel-cased names elsewhere. */
    region: text("region"),
    rate: doublePrecision("rate").notNull(),
    onShipping: boolean("on_shipping").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("tax_rules_group_idx").on(t.groupId, t.position)],
);
