import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { ForbiddenError, NotFoundError, ValidationError } from "../api/errors.js";
import { type CouponForOrder, findCouponForOrder, redeemCoupon } from "../coupons/counting.js";
import type { Queryable } from "../db/index.js";
import {
  type ItemSnapshot,
  orderLines,
  orders,
  productExtras,
  productOptions,
  products,
  shipments,
} from "../db/schema/index.js";
import { formatMoney, MAX_MINOR_UNITS } from "../money/money.js";
import { type CartLine, type CouponTerms, NoShippingOption, priceCart } from "../pricing/pricing.js";
import { shippingGroupTerms, taxGroupTerms } from "../pricing/terms.js";
import { type ExtraRow, type OptionRow, type ProductDetail, productDetails } from "../products/products.js";
import { formatPercent } from "../settings/percent.js";
import { type OrderFilter, where } from "./search.js";
import type { UpdateOrderInput } from "./fulfilment.js";
import type { CreateOrderInput } from "./schemas.js";

/**
 * Orders (/orders…; docs/contract.md#orders): the lists and counts, an API
 * order's creation (stock, coupon, totals through src/pricing/pricing.ts), and
 * fulfilling and cancelling. Every function takes the caller's transaction.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

/** An order with what its reads show; `products` holds the lines' products that still exist, by id. */
export interface OrderDetail {
  order: OrderRow;
  lines: OrderLineRow[];
  shipments: ShipmentRow[];
}

export interface OrderDetails {
  orders: OrderDetail[];
  products: Map<number, ProductDetail>;
}

/* ---------- reads ---------- */

export interface OrderPage {
  rows: OrderRow[];
  total: number;
}

/** A page of orders, newest first (docs/contract.md#lists), and how many the filter holds. */
export async function listOrders(q: Queryable, filter: OrderFilter, page: number, size: number): Promise<OrderPage> {
  const rows = await q
    .select()
    .from(orders)
    .where(where(filter))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(size)
    .offset(page * size);
  return { rows, total: await countOrders(q, filter) };
}

export async function countOrders(q: Queryable, filter: OrderFilter = {}): Promise<number> {
  const [row] = await q.select({ n: count() }).from(orders).where(where(filter));
  return row?.n ?? 0;
}

/** The order with the number, or a 404; `lock` holds it until the transaction ends (updates take turns). */
export async function getOrder(q: Queryable, number: number, opts: { lock?: boolean } = {}): Promise<OrderRow> {
  const query = q.select().from(orders).where(eq(orders.number, number));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(`There is no order with the number ${number}.`);
  return row;
}

/** The lines, shipments and products of several orders, in a fixed number of queries however many there are. */
export async function orderDetails(q: Queryable, rows: OrderRow[]): Promise<OrderDetails> {
  if (rows.length === 0) return { orders: [], products: new Map() };
  const numbers = rows.map((r) => r.number);
  const lines = await q
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderNumber, numbers))
    .orderBy(asc(orderLines.orderNumber), asc(orderLines.position));
  const sent = await q
    .select()
    .from(shipments)
    .where(inArray(shipments.orderNumber, numbers))
    .orderBy(asc(shipments.orderNumber), asc(shipments.id));
  const productIds = [...new Set(lines.flatMap((l) => l.productId ?? []))];
  const productRows = productIds.length ? await q.select().from(products).where(inArray(products.id, productIds)) : [];
  const details = await productDetails(q, productRows);
  const byNumber = <T extends { orderNumber: number }>(items: T[]) => {
    const map = new Map<number, T[]>(numbers.map((n) => [n, []]));
    for (const item of items) map.get(item.orderNumber)?.push(item);
    return map;
  };
  const linesOf = byNumber(lines);
  const shipmentsOf = byNumber(sent);
  return {
    orders: rows.map((order) => ({
      order,
      lines: linesOf.get(order.number) ?? [],
      shipments: shipmentsOf.get(order.number) ?? [],
    })),
    products: new Map(details.map((d) => [d.product.id, d])),
  };
}

/* ---------- creation ---------- */

/** A line's item as the order keeps it (src/db/schema/orders.ts ItemSnapshot). */
export function snapshot(row: OptionRow | ExtraRow): ItemSnapshot {
  return {
    id: row.id,
    key: row.key,
    ...("isDefault" in row ? { isDefault: row.isDefault, fetchSku: row.fetchSku } : {}),
    metadata: row.metadata,
    quantity: row.quantity,
    surcharge: row.surcharge,
    cost: row.cost,
    weight: row.weight,
    order: row.order,
  };
}

/** A line's name: the product's, with the chosen option's values ("Crew Tee (M, White)"). */
export function lineName(productName: string, option: Pick<OptionRow, "isDefault" | "metadata">): string {
  const values = option.isDefault ? [] : Object.values(option.metadata).map(String).filter(Boolean);
  return values.length ? `${productName} (${values.join(", ")})` : productName;
}

/**
 * What one unit sells for without extras (docs/contract.md#orders): the
 * product's sale price while it is on sale, else its price, plus the option's
 * surcharge.
 */
export function unitPriceOf(product: ProductDetail["product"], option: OptionRow): number {
  return (product.salePrice ?? product.price) + option.surcharge;
}

/** The coupon's terms, for pricing. */
export function couponTerms(found: CouponForOrder["coupon"]): CouponTerms {
  return {
    type: found.type as CouponTerms["type"],
    percent: found.percentage,
    flatRate: found.flatRate,
    threshold: found.threshold,
    freeShip: found.freeShip,
  };
}

/** The description of a coupon's discount: "15% off", "$10.00 off and free shipping", "Free shipping". */
export function discountDescription(coupon: CouponForOrder["coupon"], currency: string): string {
  if (coupon.type === "free_shipping") return "Free shipping";
  const off =
    coupon.type === "percentage_off"
      ? `${formatPercent(coupon.percentage ?? 0)} off`
      : `${formatMoney(coupon.flatRate ?? 0, currency)} off`;
  return coupon.freeShip ? `${off} and free shipping` : off;
}

/** One line, settled: the item rows it names and what it sells for. */
interface SettledLine {
  n: number;
  detail: ProductDetail;
  option: OptionRow;
  extras: ExtraRow[];
  unitPrice: number;
  extrasPrice: number;
  quantity: number;
  total?: number | undefined;
}

/**
 * The options named by the lines, their products (held against deletion
 * until the transaction ends) and the extras: every line field that names
 * nothing of the store's is a 422 naming it.
 */
async function settleLines(q: Queryable, input: CreateOrderInput): Promise<SettledLine[]> {
  const keys = [...new Set(input.lines.map((l) => l.productOption))].filter((k) => !k.includes("\0"));
  const options = keys.length ? await q.select().from(productOptions).where(inArray(productOptions.key, keys)) : [];
  const productIds = [...new Set(options.map((o) => o.productId))];
  // FOR KEY SHARE: a product deleted meanwhile waits for this order, which names it.
  const rows = productIds.length
    ? await q.select().from(products).where(inArray(products.id, productIds)).for("key share")
    : [];
  const details = new Map((await productDetails(q, rows)).map((d) => [d.product.id, d]));
  const optionByKey = new Map(options.map((o) => [o.key, o]));

  const fields: Record<string, string> = {};
  const settled: SettledLine[] = [];
  for (const line of input.lines) {
    const option = optionByKey.get(line.productOption);
    const detail = option && details.get(option.productId);
    // A product with options hides its default option (docs/contract.md#catalogue-and-settings).
    if (!option || !detail || (option.isDefault && detail.options.length > 0)) {
      fields[`line_${line.n}_product_option`] =
        `names no product option (there is none with the key "${line.productOption.slice(0, 100)}")`;
      continue;
    }
    const extras: ExtraRow[] = [];
    for (const key of line.extras) {
      const extra = detail.extras.find((e) => e.key === key);
      if (!extra) {
        fields[`line_${line.n}_product_extras`] =
          `names "${key.slice(0, 100)}", which is no extra of ${detail.product.name}`;
        break;
      }
      extras.push(extra);
    }
    settled.push({
      n: line.n,
      detail,
      option,
      extras,
      unitPrice: line.unitPrice ?? unitPriceOf(detail.product, option),
      extrasPrice: extras.reduce((sum, e) => sum + e.surcharge, 0),
      quantity: line.quantity,
      total: line.total,
    });
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return settled;
}

/** The totals of an order: priced by pricing.ts, with what was posted standing as given. */
function orderTotals(lines: SettledLine[], input: CreateOrderInput, coupon: CouponForOrder | null) {
  const cart: CartLine[] = lines.map((l) => ({
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    extras: l.extrasPrice,
    // An option's own weight when it has one, else the product's; extras add theirs.
    weight:
      (l.option.weight > 0 ? l.option.weight : l.detail.product.weight) + l.extras.reduce((w, e) => w + e.weight, 0),
    ...(l.total === undefined ? {} : { total: l.total }),
    shippingGroup: l.detail.shippingGroup ? shippingGroupTerms(l.detail.shippingGroup) : null,
    taxGroup: l.detail.taxGroup ? taxGroupTerms(l.detail.taxGroup) : null,
  }));
  const destination = { country: input.shippingAddress.country, region: input.shippingAddress.state || null };
  try {
    // Posted shipping, tax and total stand as given; pricing.ts knows how (the groups are not asked then).
    return priceCart({
      lines: cart,
      destination,
      coupon: coupon ? couponTerms(coupon.coupon) : null,
      posted: { shipping: input.shipping, tax: input.tax, total: input.total },
    });
  } catch (err) {
    if (!(err instanceof NoShippingOption)) throw err;
    throw new ValidationError({
      [err.field]: `is a place that the shipping options of some products do not ship to (send shipping to set it by hand)`,
    });
  }
}

/** "…more than $99,999,999,999.99, the most an amount can be" (docs/contract.md#money). */
const overLimit = (currency: string) =>
  `more than ${formatMoney(MAX_MINOR_UNITS - 1, currency)}, the most an amount can be`;

/**
 * Every amount a line computes stays within the money limit
 * (docs/contract.md#money): its quantity times its unit price, with and
 * without extras. Checked before pricing, so that no sum pricing makes can
 * pass 2^53 (150 lines of at most 10^13 each stay far below it).
 */
function checkLineAmounts(lines: SettledLine[], currency: string) {
  const fields: Record<string, string> = {};
  for (const l of lines) {
    const unit = l.unitPrice + l.extrasPrice;
    if (unit >= MAX_MINOR_UNITS) {
      fields[`line_${l.n}_product_extras`] = `bring the unit price to ${overLimit(currency)}`;
    } else if (l.total === undefined && unit * l.quantity >= MAX_MINOR_UNITS) {
      fields[`line_${l.n}_quantity`] = `times the unit price comes to ${overLimit(currency)}`;
    } else if (l.unitPrice * l.quantity >= MAX_MINOR_UNITS) {
      // The line item's subtotal (quantity × price), which reads show even when the total was posted.
      fields[`line_${l.n}_quantity`] = `times the unit price comes to ${overLimit(currency)}`;
    }
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

/** The order's own amounts stay within the money limit too, each named by its field. */
function checkOrderAmounts(totals: ReturnType<typeof orderTotals>, currency: string) {
  const fields: Record<string, string> = {};
  for (const name of ["subtotal", "discount", "shipping", "tax", "total"] as const) {
    if (Math.abs(totals[name]) >= MAX_MINOR_UNITS) fields[name] = `comes to ${overLimit(currency)}`;
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

/** One stock movement: an option or an extra, by so many units, for the line field to name when refused. */
interface StockMove {
  kind: "option" | "extra";
  id: number;
  quantity: number;
  field: string;
  name: string;
}

function stockMoves(
  lines: {
    n: number;
    optionId: number | null;
    extras: { id: number; name: string }[];
    quantity: number;
    name: string;
  }[],
): StockMove[] {
  const moves: StockMove[] = [];
  for (const line of lines) {
    if (line.optionId !== null)
      moves.push({
        kind: "option",
        id: line.optionId,
        quantity: line.quantity,
        field: `line_${line.n}_quantity`,
        name: line.name,
      });
    for (const extra of line.extras)
      moves.push({
        kind: "extra",
        id: extra.id,
        quantity: line.quantity,
        field: `line_${line.n}_product_extras`,
        name: extra.name,
      });
  }
  // Always in one order (options by id, then extras by id): two orders at once never wait on each other in a circle.
  return moves.sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === "option" ? -1 : 1));
}

/**
 * Takes the lines' units out of stock, each a conditional UPDATE (unlimited
 * stock, -1, stays): orders racing for the last units wait on the row, and the
 * one that finds too few gets a 422 naming its line's field.
 */
async function takeFromStock(q: Queryable, moves: StockMove[]) {
  for (const move of moves) {
    const table = move.kind === "option" ? productOptions : productExtras;
    const [taken] = await q
      .update(table)
      .set({ quantity: sql`case when ${table.quantity} = -1 then -1 else ${table.quantity} - ${move.quantity} end` })
      .where(and(eq(table.id, move.id), sql`(${table.quantity} = -1 or ${table.quantity} >= ${move.quantity})`))
      .returning({ id: table.id });
    if (taken) continue;
    const [left] = await q.select({ quantity: table.quantity }).from(table).where(eq(table.id, move.id));
    throw new ValidationError({
      [move.field]: `is more than is in stock of ${move.name} (${Math.max(left?.quantity ?? 0, 0)} left)`,
    });
  }
}

/** Puts a cancelled order's units back (not into unlimited stock, nor into items deleted since). */
async function putBackInStock(q: Queryable, moves: StockMove[]) {
  for (const move of moves) {
    const table = move.kind === "option" ? productOptions : productExtras;
    await q
      .update(table)
      .set({ quantity: sql`${table.quantity} + ${move.quantity}` })
      .where(and(eq(table.id, move.id), sql`${table.quantity} <> -1`));
  }
}

export interface NewOrder {
  currency: string;
  now: Date;
}

/**
 * Creates an API order (docs/contract.md#orders): payment_state paid, no
 * gateway, not fulfilled. The lines' options and extras must exist (422s
 * naming the line fields), the coupon must be usable (a 422 naming coupon),
 * the address must be one the products ship to unless shipping is posted (a
 * 422 naming ship_country), and the stock must hold the quantities (a 422
 * naming the line's quantity). Then stock goes down and the coupon is
 * redeemed, in that order, every time. The caller's transaction makes it all
 * or nothing; the coupon's hit is the caller's, after it.
 */
export async function createOrder(q: Queryable, input: CreateOrderInput, ctx: NewOrder): Promise<OrderRow> {
  const lines = await settleLines(q, input);
  checkLineAmounts(lines, ctx.currency);
  const coupon = input.coupon ? await findCouponForOrder(q, input.coupon, ctx.now) : null;
  const totals = orderTotals(lines, input, coupon);
  checkOrderAmounts(totals, ctx.currency);
  await takeFromStock(
    q,
    stockMoves(
      lines.map((l) => ({
        n: l.n,
        optionId: l.option.id,
        quantity: l.quantity,
        name: lineName(l.detail.product.name, l.option),
        extras: l.extras.map((e) => ({ id: e.id, name: extraName(e) })),
      })),
    ),
  );
  const redeemed = coupon ? await redeemCoupon(q, coupon) : null;

  const [order] = await q
    .insert(orders)
    .values({
      customId: input.custom_id ?? "",
      currency: ctx.currency,
      billingAddress: input.billingAddress,
      shippingAddress: input.shippingAddress,
      couponId: redeemed?.coupon.id ?? null,
      couponCode: redeemed?.code.code ?? null,
      couponName: redeemed?.coupon.name ?? null,
      couponType: redeemed?.coupon.type ?? null,
      discount: input.discount ?? (redeemed ? discountDescription(redeemed.coupon, ctx.currency) : null),
      discountAmount: totals.discount,
      subtotal: totals.subtotal,
      shipping: totals.shipping,
      tax: totals.tax,
      total: totals.total,
      paymentState: "paid",
      paymentGateway: null,
      sendNotifications: input.send_notifications ?? true,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!order) throw new Error("The order was not created");
  await q.insert(orderLines).values(
    lines.map((l, i) => ({
      orderNumber: order.number,
      position: l.n,
      productId: l.detail.product.id,
      optionId: l.option.id,
      name: lineName(l.detail.product.name, l.option),
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      extrasPrice: l.extrasPrice,
      total: totals.lines[i]!.total,
      option: snapshot(l.option),
      extras: l.extras.map(snapshot),
    })),
  );
  return order;
}

/** An extra's name for a sentence: its metadata's values ("Gift wrap"). */
function extraName(e: Pick<ExtraRow, "metadata" | "key">): string {
  const first = Object.values(e.metadata)[0];
  return typeof first === "string" && first ? `the extra ${first}` : `the extra ${e.key}`;
}

/* ---------- fulfilling and cancelling ---------- */

export interface OrderChange {
  order: OrderRow;
  /** The order became fulfilled with this request (the "shipped" e-mail's cue). */
  shipped: boolean;
}

/**
 * PUT /orders/{n} (docs/contract.md#orders), on the order locked by the
 * caller: `fulfilled` true fulfils, false takes a fulfilled order back; a
 * cancelled order's `fulfilled` cannot change (a 422 naming it). `cancelled`
 * true cancels an API order (a storefront order's is a 403) and puts its units
 * back in stock; false on a cancelled order is a 422 (cancelling cannot be
 * undone). A value an order already has changes nothing.
 */
export async function updateOrder(q: Queryable, current: OrderRow, input: UpdateOrderInput): Promise<OrderChange> {
  const cancelling = input.cancelled === true && !current.cancelled;
  if (input.cancelled === true && current.paymentGateway !== null) {
    throw new ForbiddenError(
      `Order ${current.number} was paid through ${current.paymentGateway}: only orders made through the API can be cancelled.`,
    );
  }
  const fields: Record<string, string> = {};
  if (input.cancelled === false && current.cancelled) {
    fields.cancelled = "cannot be undone: the order was cancelled";
  }
  const fulfilling = input.fulfilled !== undefined && input.fulfilled !== current.fulfilled;
  if (fulfilling && (current.cancelled || cancelling)) {
    fields.fulfilled = input.fulfilled
      ? "cannot be set: a cancelled order cannot be fulfilled"
      : "cannot be changed: the order is cancelled";
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  if (!cancelling && !fulfilling) return { order: current, shipped: false };

  if (cancelling) {
    const lines = await q.select().from(orderLines).where(eq(orderLines.orderNumber, current.number));
    await putBackInStock(
      q,
      stockMoves(
        lines.map((l) => ({
          n: l.position,
          optionId: l.optionId,
          quantity: l.quantity,
          name: l.name,
          extras: l.extras.map((e) => ({ id: e.id, name: e.key })),
        })),
      ),
    );
  }
  const [order] = await q
    .update(orders)
    .set({
      ...(cancelling ? { cancelled: true } : {}),
      ...(fulfilling ? { fulfilled: input.fulfilled } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.number, current.number))
    .returning();
  if (!order) throw new NotFoundError(`There is no order with the number ${current.number}.`);
  return { order, shipped: fulfilling && input.fulfilled === true };
}
