import { doublePrecision, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns.js";

/**
 * Shipping groups and their options (docs/contract.md#shipping). A product
 * belongs to at most one group (products.shipping_group_id). Money is integer
 * minor units; a percentage is the percent itself.
 */
export const shippingGroups = pgTable("shipping_groups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A range of a range-priced option: up to `max` inclusive (null: open-ended), `rate` in minor units. */
export interface ShippingRange {
  /** Quantity ranges: items; price ranges: minor units; weight ranges: the store's weight unit. */
  max: number | null;
  rate: number;
}

/** Where an option ships (`allowed`) or does not (`allowed: false`). */
export interface ShippingDestination {
  allowed: boolean;
  country: string;
  region: string | null;
}

export const shippingOptions = pgTable(
  "shipping_options",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => shippingGroups.id, { onDelete: "cascade" }),
    /** Position in the group, from 1: the first that applies to an address wins among equals. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** flat_fee or percentage. */
    perCartType: text("per_cart_type").notNull().default("flat_fee"),
    /** flat_fee: the fee. */
    perCartAmount: money("per_cart_amount").notNull().default(0),
    /** percentage: the percent of the group's lines' subtotal. */
    perCartPercent: doublePrecision("per_cart_percent").notNull().default(0),
    /** none, flat_per_item, quantity_ranges, price_ranges or weight_ranges (inferred from what was written). */
    perItemType: text("per_item_type").notNull().default("none"),
    /** flat_per_item: the fee per item. */
    perItemAmount: money("per_item_amount").notNull().default(0),
    /** The ranges of a *_ranges type, ascending and contiguous. */
    ranges: jsonb("ranges").$type<ShippingRange[]>().notNull().default([]),
    destinations: jsonb("destinations").$type<ShippingDestination[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("shipping_options_group_idx").on(t.groupId, t.position)],
);
