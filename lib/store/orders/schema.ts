import { z } from "zod";
import { normaliseCurrency } from "../../money";
import { storeItemSchema, storeProductSchema, toExtra, toOption, toProduct } from "../products/schema";
import { amountOf, flag, isTrue, text, time, tolerantList } from "../shapes";
import { wordText } from "../../search-words";
import type { Address, Order, OrderCoupon, OrderLine, OrderSummary, Shipment } from "./model";

/**
 * The store's order as the API sends it (docs/contract.md#orders), read
 * tolerantly, and its mapping to the app's Order and OrderSummary. Kept apart
 * from ./model.ts so that client components, which import the model, carry no
 * zod; only ./api.ts (and tests) import this.
 *
 * Tolerance (docs/contract.md): unknown fields pass; only `order_number` is
 * required; money as the `_raw` float or the formatted string; a field of
 * another shape gets a default instead of failing the whole list; one
 * unreadable line item or shipment is left out rather than hiding the order.
 * The readers (text, times, flags, amounts, lists) are lib/store/shapes.ts's.
 *
 * A list reads the summary only (`storeOrderSummarySchema`): the full
 * products inside the lines are parsed for one order's page, not for a
 * page of a hundred orders.
 */

/** An order number: a positive whole number, or a numeric string. */
export const orderNumber = z.union([
  z.number().int().positive(),
  z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive()),
]);

/** A text field trimmed, "" when absent. */
export const str = text.transform((value) => value?.trim() ?? "");

const addressSchema = z
  .looseObject({
    first_name: str,
    last_name: str,
    street1: str,
    street2: str,
    city: str,
    state: str,
    postal_code: str,
    country: str,
    email: str,
    phone: str,
  })
  .transform((raw): Address => ({
    firstName: raw.first_name,
    lastName: raw.last_name,
    street1: raw.street1,
    street2: raw.street2,
    city: raw.city,
    state: raw.state,
    postalCode: raw.postal_code,
    country: raw.country.toUpperCase(),
    email: raw.email,
    phone: raw.phone,
  }));

export const optionalAddress = z
  .unknown()
  .optional()
  .transform((value): Address | null => {
    const parsed = addressSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });

/** The spec leaves the embedded coupon's fields open: `{id, name, type, code}` (docs/contract.md#orders), or a bare code. */
const couponSchema = z
  .unknown()
  .optional()
  .transform((value): OrderCoupon | null => {
    if (typeof value === "string") return value.trim() ? { id: null, name: "", type: "", code: value.trim() } : null;
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const raw = value as Record<string, unknown>;
    const read = (key: string) =>
      typeof raw[key] === "string" || typeof raw[key] === "number" ? String(raw[key]).trim() : "";
    const coupon = { id: read("id") || null, name: read("name"), type: read("type"), code: read("code") };
    return coupon.id || coupon.name || coupon.code ? coupon : null;
  });

/** The fields both the summary and the whole order read. */
const orderFields = {
  order_number: orderNumber,
  custom_id: str,
  created: time,
  currency: z.unknown().optional(),
  billing_address: optionalAddress,
  shipping_address: optionalAddress,
  fulfilled: flag,
  payment_gateway: z.unknown().optional(),
  payment_state: str,
  total: z.unknown().optional(),
  total_raw: z.unknown().optional(),
  url: text,
  // Only the quantities: a summary counts items and never parses the products.
  line_items: tolerantList(z.looseObject({ quantity: z.unknown().optional() })),
} as const;

type RawSummary = z.infer<z.ZodObject<typeof orderFields>> & Record<string, unknown>;

function toSummary(raw: RawSummary): OrderSummary {
  const currency = normaliseCurrency(raw.currency);
  const ship = raw.shipping_address;
  const bill = raw.billing_address;
  const person = bill ?? ship;
  const gateway = raw.payment_gateway;
  return {
    number: raw.order_number,
    customId: raw.custom_id,
    created: raw.created,
    currency,
    customer: person ? [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email : "",
    email: bill?.email || ship?.email || "",
    country: ship?.country || bill?.country || "",
    total: amountOf(raw.total_raw, raw.total, currency) ?? 0,
    paymentState: raw.payment_state.toLowerCase(),
    paymentGateway: typeof gateway === "string" && gateway.trim() ? gateway.trim() : null,
    paymentGatewayKnown: "payment_gateway" in raw,
    fulfilled: raw.fulfilled,
    // `cancelled` is an extension (docs/contract.md#orders): absent means "the store does not say".
    cancelled: "cancelled" in raw && raw.cancelled !== undefined ? isTrue(raw.cancelled) : null,
    itemCount: raw.line_items.reduce((sum, line) => {
      const n = Number(line.quantity);
      return sum + (Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0);
    }, 0),
    url: raw.url || null,
  };
}

export const storeOrderSummarySchema = z.looseObject(orderFields).transform(toSummary);

/**
 * A summary with the customer's words (wordText: the billing and shipping names and e-mails), for the
 * search over the newest orders of a store without the search extension (api-search.ts).
 */
export const storeOrderSearchSchema = z.looseObject(orderFields).transform((raw) => ({
  summary: toSummary(raw as RawSummary),
  words: [raw.billing_address, raw.shipping_address].map((a) =>
    a ? wordText([a.firstName, a.lastName, a.email].join(" ")) : "",
  ),
}));

const lineSchema = z.looseObject({
  name: str,
  currency: z.unknown().optional(),
  price: z.unknown().optional(),
  price_raw: z.unknown().optional(),
  quantity: z.unknown().optional(),
  subtotal: z.unknown().optional(),
  subtotal_raw: z.unknown().optional(),
  product: z.unknown().optional(),
  product_option: z.unknown().optional(),
  extras: tolerantList(storeItemSchema),
});

function toLine(raw: z.infer<typeof lineSchema>, orderCurrency: string): OrderLine {
  const currency = normaliseCurrency(raw.currency, orderCurrency);
  const productParsed = storeProductSchema.safeParse(raw.product);
  const product = productParsed.success ? toProduct(productParsed.data) : null;
  const optionParsed = storeItemSchema.safeParse(raw.product_option);
  const quantityNumber = Number(raw.quantity);
  const quantity = Number.isFinite(quantityNumber) && quantityNumber > 0 ? Math.trunc(quantityNumber) : 0;
  const price = amountOf(raw.price_raw, raw.price, currency) ?? 0;
  return {
    name: raw.name || product?.name || "Product",
    currency,
    price,
    quantity,
    subtotal: amountOf(raw.subtotal_raw, raw.subtotal, currency) ?? price * quantity,
    product,
    option:
      optionParsed.success && raw.product_option && typeof raw.product_option === "object"
        ? toOption(optionParsed.data, currency)
        : null,
    extras: raw.extras.map((extra) => toExtra(extra, currency)),
  };
}

const shipmentSchema = z
  .looseObject({
    label_created: time,
    ship_date: str,
    carrier: str,
    service: str,
    tracking_number: str,
    shipping_cost: z.unknown().optional(),
  })
  .transform((raw) => raw);

function toShipment(raw: z.infer<typeof shipmentSchema>, currency: string): Shipment {
  return {
    labelCreated: raw.label_created,
    shipDate: raw.ship_date,
    carrier: raw.carrier,
    service: raw.service,
    trackingNumber: raw.tracking_number,
    // The spec gives a shipment's cost as a float (not `_raw`); a formatted string is read too.
    shippingCost: amountOf(raw.shipping_cost, raw.shipping_cost, currency) ?? null,
  };
}

export const storeOrderSchema = z
  .looseObject({
    ...orderFields,
    coupon: couponSchema,
    discount: z.unknown().optional(),
    shipping: z.unknown().optional(),
    shipping_raw: z.unknown().optional(),
    subtotal: z.unknown().optional(),
    subtotal_raw: z.unknown().optional(),
    tax: z.unknown().optional(),
    tax_raw: z.unknown().optional(),
    shipments: tolerantList(shipmentSchema),
  })
  .transform((raw): Order => {
    const summary = toSummary(raw);
    const { currency } = summary;
    const lines = (Array.isArray(raw["line_items"]) ? raw["line_items"] : []).flatMap((entry: unknown) => {
      const parsed = lineSchema.safeParse(entry);
      return parsed.success ? [toLine(parsed.data, currency)] : [];
    });
    return {
      ...summary,
      billing: raw.billing_address,
      shipping: raw.shipping_address,
      coupon: raw.coupon,
      discount: typeof raw.discount === "string" ? raw.discount.trim() : "",
      lines,
      shipments: raw.shipments.map((shipment) => toShipment(shipment, currency)),
      subtotal: amountOf(raw.subtotal_raw, raw.subtotal, currency) ?? lines.reduce((sum, l) => sum + l.subtotal, 0),
      shippingCharge: amountOf(raw.shipping_raw, raw.shipping, currency) ?? 0,
      tax: amountOf(raw.tax_raw, raw.tax, currency) ?? 0,
    };
  });
