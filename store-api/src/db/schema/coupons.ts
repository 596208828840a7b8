import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns.js";

/**
 * Coupons and their codes (docs/contract.md#coupons). A coupon created with a
 * code has one multi_use code; one created without has `limit` one_use codes.
 * Money is integer minor units; the percentage is the percent itself (15 for 15%).
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** percentage_off, flat_discount or free_shipping. */
    type: text("type").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The contract's `limit`: the most uses; 0 is no limit. */
    useLimit: integer("use_limit").notNull().default(0),
    /** Attempts to use the coupon in an order request, refused ones included. */
    hits: integer("hits").notNull().default(0),
    /** Orders created with the coupon. */
    redeemed: integer("redeemed").notNull().default(0),
    freeShip: boolean("free_ship").notNull().default(false),
    /** percentage_off: the percent (0–100). */
    percentage: doublePrecision("percentage"),
    /** flat_discount: the amount off. */
    flatRate: money("flat_rate"),
    /** flat_discount: the least subtotal the discount applies to. */
    threshold: money("threshold"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("coupons_use_limit_check", sql`${t.useLimit} >= 0`),
    check("coupons_dates_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    /** multi_use or one_use. */
    type: text("type").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A code names one coupon, whatever its case ("SUMMER" and "summer" are one code).
    uniqueIndex("coupon_codes_code_key").on(sql`lower(${t.code})`),
    index("coupon_codes_coupon_idx").on(t.couponId, t.id),
  ],
);
