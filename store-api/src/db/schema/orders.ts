import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { productOptions, products } from "./catalogue.js";
import { createdAt, money, updatedAt } from "./columns.js";
import { coupons } from "./coupons.js";

/**
 * Orders (docs/contract.md#orders): the order with its two addresses and its
 * money (integer minor units of the store currency, as it was when ordered),
 * its lines, and its shipments. An order keeps what it was sold at: a line
 * holds the product's name, the prices and a snapshot of the chosen option and
 * extras, so that a product changed or deleted later still reads sensibly.
 */

/** An address as an order keeps it (the contract's Address, in its own words). */
export interface OrderAddress {
  first_name: string;
  last_name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  email: string;
  phone: string;
}

/** A product option or extra as it was when ordered (read when the item has since been deleted). */
export interface ItemSnapshot {
  id: number;
  key: string;
  isDefault?: boolean;
  metadata: Record<string, unknown>;
  quantity: number;
  surcharge: number;
  cost: number;
  weight: number;
  order: number;
  fetchSku?: string;
}

export const PAYMENT_STATES = ["paid", "pending", "failed"] as const;
export const PAYMENT_GATEWAYS = ["stripe", "paypal", "square", "authorize_net"] as const;

export const orders = pgTable(
  "orders",
  {
    /** The order number: unique, increasing from 1001 (a refused order may leave a gap). */
    number: integer("number").primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    customId: text("custom_id").notNull().default(""),
    currency: text("currency").notNull(),
    billingAddress: jsonb("billing_address").$type<OrderAddress>().notNull(),
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>().notNull(),
    /** The coupon used, if any: its id (null once the coupon is deleted), and the code, name and type used. */
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    couponName: text("coupon_name"),
    couponType: text("coupon_type"),
    /** The description of the discount ("15% off"); null when none. */
    discount: text("discount"),
    /** What the discount took off the goods. */
    discountAmount: money("discount_amount").notNull().default(0),
    /** The lines' totals, extras included. */
    subtotal: money("subtotal").notNull(),
    shipping: money("shipping").notNull(),
    tax: money("tax").notNull(),
    total: money("total").notNull(),
    fulfilled: boolean("fulfilled").notNull().default(false),
    cancelled: boolean("cancelled").notNull().default(false),
    paymentState: text("payment_state").notNull(),
    /** Null for an API order; a storefront order's payment processor. */
    paymentGateway: text("payment_gateway"),
    sendNotifications: boolean("send_notifications").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every list is newest first, the state lists filtered.
    index("orders_list_idx").on(t.createdAt.desc(), t.number.desc()),
    index("orders_payment_state_idx").on(t.paymentState, t.createdAt.desc(), t.number.desc()),
    index("orders_fulfilled_idx").on(t.fulfilled, t.createdAt.desc(), t.number.desc()),
    index("orders_coupon_idx").on(t.couponId),
    check("orders_payment_state_check", sql`${t.paymentState} in ('paid', 'pending', 'failed')`),
    check(
      "orders_payment_gateway_check",
      sql`${t.paymentGateway} is null or ${t.paymentGateway} in ('stripe', 'paypal', 'square', 'authorize_net')`,
    ),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderNumber: integer("order_number")
      .notNull()
      .references(() => orders.number, { onDelete: "cascade" }),
    /** The line's N, from 1. */
    position: integer("position").notNull(),
    /** Null once the product (or the option) is deleted; the snapshots below still tell what it was. */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    optionId: integer("option_id").references(() => productOptions.id, { onDelete: "set null" }),
    /** The product's name, and the option's values, when ordered. */
    name: text("name").notNull(),
    /** The unit price without extras. */
    unitPrice: money("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** The extras of one unit, added up. */
    extrasPrice: money("extras_price").notNull().default(0),
    /** The line's total: (unit price + extras) × quantity, or as posted. */
    total: money("total").notNull(),
    option: jsonb("option").$type<ItemSnapshot>().notNull(),
    /** The chosen extras, as they were (their ids find them while they exist). */
    extras: jsonb("extras").$type<ItemSnapshot[]>().notNull().default([]),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderNumber, t.position),
    index("order_lines_product_idx").on(t.productId),
    index("order_lines_option_idx").on(t.optionId),
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderNumber: integer("order_number")
      .notNull()
      .references(() => orders.number, { onDelete: "cascade" }),
    labelCreated: timestamp("label_created", { withTimezone: true }).notNull(),
    shipDate: date("ship_date", { mode: "string" }).notNull(),
    carrier: text("carrier").notNull(),
    service: text("service").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    shippingCost: money("shipping_cost").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("shipments_order_idx").on(t.orderNumber, t.id)],
);
