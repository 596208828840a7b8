import { z } from "zod";
import { formBodyOf, formBoolean, formString, malformedIssue } from "../api/input.js";
import { PAYMENT_GATEWAYS, PAYMENT_STATES, type OrderAddress } from "../db/schema/orders.js";
import { moneyField } from "../money/schema.js";
import { intString, product, productExtra, productOption } from "../products/schemas.js";
import { checkRegion, countryField } from "../settings/places.js";

/**
 * The orders resource's requests and answers (docs/contract.md#orders).
 * POST takes the contract's flat form fields: the order's own, `ship_*` and
 * `bill_*` for the two addresses, and `line_N_*` for each line, N from 1.
 */

/** Paging of the orders lists (docs/contract.md#lists). */
export const ORDER_PAGE_SIZE = { default: 20, max: 250 } as const;

/** The order states that have a list and a count: /orders/{state} and /orders/{state}/count. */
export const ORDER_STATES = ["fulfilled", "unfulfilled", "paid", "pending", "failed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** A path order number: a positive 32-bit integer; anything else names no order (404). */
export const orderNumberParams = z.object({
  order_number: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647)
    .meta({ description: "The order number." }),
});

/* ---------- POST /orders ---------- */

const ADDRESS_FIELDS = [
  "first_name",
  "last_name",
  "street1",
  "street2",
  "city",
  "state",
  "postal_code",
  "country",
  "email",
  "phone",
] as const satisfies readonly (keyof OrderAddress)[];

/** An address needs these (docs/contract.md#orders); in the US, `state` too (a state's code). */
const REQUIRED_ADDRESS_FIELDS = ["first_name", "last_name", "street1", "city", "country", "email"] as const;

const text = (max: number) => formString.max(max, { error: `must be at most ${max} characters` });

const emailText = formString
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be an e-mail address such as name@example.com" }));

function addressFields<P extends "ship" | "bill">(prefix: P) {
  const whose = prefix === "ship" ? "Shipping address" : "Billing address";
  const field = (name: (typeof ADDRESS_FIELDS)[number]) => {
    if (name === "country")
      return countryField.optional().meta({ description: `${whose}: a 2-letter ISO 3166-1 country code.` });
    if (name === "email") return emailText.optional().meta({ description: `${whose}: e-mail.` });
    if (name === "state")
      return text(64)
        .optional()
        .meta({ description: `${whose}: state or region; in the US a state's 2-letter code (CA), required there.` });
    return text(255)
      .optional()
      .meta({ description: `${whose}: ${name.replace("_", " ")}.` });
  };
  return Object.fromEntries(ADDRESS_FIELDS.map((name) => [`${prefix}_${name}`, field(name)])) as unknown as Record<
    `${P}_${(typeof ADDRESS_FIELDS)[number]}`,
    z.ZodType<string | undefined>
  >;
}

/** The fields of line N, as `line_N_<field>`. */
const LINE_FIELD = /^line_([1-9]\d{0,3})_(product_option|quantity|unit_price|total|product_extras)$/;
const LINE_FIELD_NAMES =
  "line_N_product_option, line_N_quantity, line_N_unit_price, line_N_total, line_N_product_extras";

/** At most this many lines in one order (the API's body takes 1,000 fields). */
export const MAX_LINES = 150;

function lineFieldSchemas(currency: string) {
  return {
    product_option: formString
      .min(1, { error: "must not be empty" })
      .max(255, { error: "must be at most 255 characters" }),
    quantity: intString(1, 1_000_000, "a whole number from 1"),
    unit_price: moneyField(currency),
    total: moneyField(currency),
    product_extras: formString.max(10_000, { error: "must be at most 10000 characters" }).transform((v) =>
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  };
}

/** Read-only fields of an order: a 422 naming them rather than silence. */
const READ_ONLY = [
  "order_number",
  "created",
  "currency",
  "billing_address",
  "shipping_address",
  "fulfilled",
  "cancelled",
  "payment_gateway",
  "payment_state",
  "line_items",
  "shipments",
  "shipping_raw",
  "subtotal",
  "subtotal_raw",
  "tax_raw",
  "total_raw",
  "url",
] as const;

const readOnly = z
  .unknown()
  .refine(() => false, { error: "is read-only" })
  .meta({ description: "Read-only (a 422)." });

export interface LineInput {
  /** N. */
  n: number;
  productOption: string;
  quantity: number;
  unitPrice?: number | undefined;
  total?: number | undefined;
  extras: string[];
}

export interface CreateOrderInput {
  custom_id?: string | undefined;
  coupon?: string | undefined;
  discount?: string | undefined;
  shipping?: number | undefined;
  tax?: number | undefined;
  total?: number | undefined;
  send_notifications?: boolean | undefined;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  lines: LineInput[];
}

type Issue = Parameters<z.RefinementCtx["addIssue"]>[0];

/** Parses line N's field with its schema, naming the field in every issue. */
function parseLineField<T extends z.ZodType>(schema: T, key: string, value: unknown, issues: Issue[]) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data as z.output<T>;
  for (const issue of result.error.issues) issues.push({ ...issue, path: [key, ...issue.path] } as Issue);
  return undefined;
}

/**
 * The two addresses: each needs first_name, last_name, street1, city, country
 * and email (and, in the US, a state's code). One left out entirely is a copy
 * of the other; with neither, the shipping address's fields are named.
 */
function settleAddresses(body: Record<string, unknown>, issues: Issue[]) {
  const read = (prefix: "ship" | "bill") => {
    const fields = Object.fromEntries(
      ADDRESS_FIELDS.map((name) => [name, (body[`${prefix}_${name}`] as string | undefined) ?? ""]),
    ) as unknown as OrderAddress;
    const given = ADDRESS_FIELDS.some((name) => body[`${prefix}_${name}`] !== undefined);
    return { fields, given };
  };
  const ship = read("ship");
  const bill = read("bill");
  const check = (prefix: "ship" | "bill", address: OrderAddress) => {
    for (const name of REQUIRED_ADDRESS_FIELDS) {
      if (!address[name])
        issues.push({ code: "custom", message: "is required", input: undefined, path: [`${prefix}_${name}`] });
    }
    if (address.country === "US") {
      if (!address.state) {
        issues.push({
          code: "custom",
          message: "is required in the US (a state's 2-letter code, such as CA)",
          input: undefined,
          path: [`${prefix}_state`],
        });
      } else {
        const region = checkRegion("US", address.state);
        if ("problem" in region)
          issues.push({ code: "custom", message: region.problem, input: address.state, path: [`${prefix}_state`] });
        else address.state = region.region;
      }
    }
  };
  if (ship.given || !bill.given) check("ship", ship.fields);
  if (bill.given) check("bill", bill.fields);
  const shippingAddress = ship.given || !bill.given ? ship.fields : { ...bill.fields };
  const billingAddress = bill.given ? bill.fields : { ...shippingAddress };
  return { shippingAddress, billingAddress };
}

/** The lines from the `line_N_*` fields: N from 1 without gaps (a gap is malformed: 400). */
function settleLines(body: Record<string, unknown>, currency: string, issues: Issue[]): LineInput[] {
  const schemas = lineFieldSchemas(currency);
  const byN = new Map<number, Record<string, unknown>>();
  for (const [key, value] of Object.entries(body)) {
    if (!key.startsWith("line_")) continue;
    const match = LINE_FIELD.exec(key);
    if (!match) {
      issues.push({
        code: "custom",
        message: `is not a line field (a line has ${LINE_FIELD_NAMES})`,
        input: value,
        path: [key],
      });
      continue;
    }
    const n = Number(match[1]);
    const fields = byN.get(n) ?? {};
    fields[match[2]!] = value;
    byN.set(n, fields);
  }
  const numbers = [...byN.keys()].sort((a, b) => a - b);
  if (numbers.length === 0) {
    issues.push({
      code: "custom",
      message: "is required: an order needs at least one line",
      input: undefined,
      path: ["line_1_product_option"],
    });
    return [];
  }
  if (numbers.length > MAX_LINES) {
    issues.push({
      code: "custom",
      message: `names too many lines: an order has at most ${MAX_LINES}`,
      input: undefined,
      path: [`line_${numbers[MAX_LINES]}_product_option`],
    });
    return [];
  }
  const gap = numbers.findIndex((n, i) => n !== i + 1);
  if (gap >= 0) {
    const missing = gap + 1;
    issues.push(
      malformedIssue(
        `line_${missing}_product_option`,
        `is missing: lines are numbered from 1 without gaps, and line ${numbers[gap]} came without line ${missing}`,
        undefined,
      ) as Issue,
    );
    return [];
  }
  return numbers.map((n) => {
    const fields = byN.get(n)!;
    const key = (name: string) => `line_${n}_${name}`;
    const required = (name: "product_option" | "quantity") => {
      if (fields[name] !== undefined) return true;
      issues.push({ code: "custom", message: "is required", input: undefined, path: [key(name)] });
      return false;
    };
    const option = required("product_option")
      ? parseLineField(schemas.product_option, key("product_option"), fields.product_option, issues)
      : undefined;
    const quantity = required("quantity")
      ? parseLineField(schemas.quantity, key("quantity"), fields.quantity, issues)
      : undefined;
    const optional = <T extends z.ZodType>(name: string, schema: T) =>
      fields[name] === undefined ? undefined : parseLineField(schema, key(name), fields[name], issues);
    const extras = optional("product_extras", schemas.product_extras) ?? [];
    if (new Set(extras).size !== extras.length) {
      issues.push({
        code: "custom",
        message: "names an extra twice",
        input: fields.product_extras,
        path: [key("product_extras")],
      });
    }
    return {
      n,
      productOption: option ?? "",
      quantity: quantity ?? 0,
      unitPrice: optional("unit_price", schemas.unit_price),
      total: optional("total", schemas.total),
      extras,
    };
  });
}

export function createOrderBody(currency: string) {
  const money = (description: string) => moneyField(currency).optional().meta({ description });
  const lineDoc = (what: string) =>
    z
      .unknown()
      .optional()
      .meta({ description: `${what} Repeat for line 2, 3, … (no gaps).` });
  const shape = {
    ...Object.fromEntries(READ_ONLY.map((f) => [f, readOnly.optional()])),
    custom_id: text(255).optional().meta({ description: "Your own identifier for the order." }),
    coupon: text(64).optional().meta({
      description: "A coupon code: unknown, not started, expired, inactive or used up is a 422 naming coupon.",
    }),
    discount: text(255)
      .optional()
      .meta({ description: 'The description of the discount ("15% off"); by default the coupon\'s.' }),
    shipping: money("Stored as given; computed from the products' shipping groups when omitted."),
    tax: money("Stored as given; computed from the products' tax groups when omitted."),
    total: money("Stored as given; computed (subtotal − discount + shipping + tax) when omitted."),
    send_notifications: formBoolean
      .optional()
      .meta({ description: "Default true; false sends no e-mail about this order." }),
    ...addressFields("ship"),
    ...addressFields("bill"),
    line_1_product_option: lineDoc("The product option key of line 1 (required): the line's only product reference."),
    line_1_quantity: lineDoc("Quantity of line 1 (required): a whole number from 1."),
    line_1_unit_price: lineDoc("Unit price of line 1 without extras; by default the option's price."),
    line_1_total: lineDoc("Total of line 1; by default (unit price + extras) × quantity."),
    line_1_product_extras: lineDoc("Comma-separated extra keys of line 1's product."),
  };
  return formBodyOf(
    z
      .object(shape)
      .catchall(z.unknown())
      .transform((body, ctx): CreateOrderInput => {
        const issues: Issue[] = [];
        const lines = settleLines(body, currency, issues);
        const addresses = settleAddresses(body, issues);
        for (const issue of issues) ctx.addIssue(issue);
        return {
          custom_id: body.custom_id as string | undefined,
          coupon: body.coupon as string | undefined,
          discount: body.discount as string | undefined,
          shipping: body.shipping as number | undefined,
          tax: body.tax as number | undefined,
          total: body.total as number | undefined,
          send_notifications: body.send_notifications as boolean | undefined,
          ...addresses,
          lines,
        };
      }),
  );
}

/* ---------- answers ---------- */

const moneyOut = z.string().meta({ description: "Formatted in the order's currency." });

export const address = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    street1: z.string(),
    street2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
    country: z.string().meta({ description: "2-letter ISO 3166-1 code." }),
    email: z.string(),
    phone: z.string(),
  })
  .meta({ description: "An address." });

export const orderCoupon = z
  .object({
    id: z.number().int().nullable().meta({ description: "The coupon's id; null once it is deleted." }),
    name: z.string(),
    type: z.string(),
    code: z.string().meta({ description: "The code the order used." }),
  })
  .meta({ description: "The coupon used, as it was when ordered." });

export const lineItem = z
  .object({
    name: z.string().meta({ description: "The product's name, with the option's values, as ordered." }),
    currency: z.string(),
    price: moneyOut.meta({ description: "The unit price without extras." }),
    price_raw: z.number(),
    quantity: z.number().int(),
    subtotal: moneyOut.meta({ description: "quantity × price (without extras)." }),
    subtotal_raw: z.number(),
    product: product
      .nullable()
      .meta({ description: "The product as GET /products/{key} shows it now; null once it is deleted." }),
    product_option: productOption.meta({
      description: "The option chosen: as it is now, or as it was when ordered once it is deleted.",
    }),
    extras: z.array(productExtra).meta({ description: "The extras chosen (as for product_option)." }),
  })
  .meta({ description: "A line of an order." });

export const shipment = z
  .object({
    label_created: z.number().int().meta({ description: "UNIX time in seconds." }),
    ship_date: z.string().meta({ description: "YYYY-MM-DD." }),
    carrier: z.string(),
    service: z.string(),
    tracking_number: z.string(),
    shipping_cost: z.number(),
  })
  .meta({ description: "A shipment of an order." });

export const order = z
  .object({
    order_number: z.number().int(),
    custom_id: z.string(),
    created: z.number().int().meta({ description: "UNIX time in seconds." }),
    currency: z.string(),
    billing_address: address,
    shipping_address: address,
    coupon: orderCoupon.nullable(),
    discount: z
      .string()
      .nullable()
      .meta({ description: 'What the discount was ("15% off", "$10.00 off and free shipping"); null when none.' }),
    fulfilled: z.boolean(),
    cancelled: z
      .boolean()
      .meta({ description: "Extension: whether the order was cancelled.", "x-store-extension": true }),
    payment_gateway: z
      .enum(PAYMENT_GATEWAYS)
      .nullable()
      .meta({ description: "The payment processor of a storefront order; null for an API order." }),
    payment_state: z.enum(PAYMENT_STATES),
    line_items: z.array(lineItem),
    shipments: z.array(shipment),
    shipping: moneyOut,
    shipping_raw: z.number(),
    subtotal: moneyOut.meta({ description: "The lines' totals (extras included), before discount, shipping and tax." }),
    subtotal_raw: z.number(),
    tax: moneyOut,
    tax_raw: z.number(),
    total: moneyOut.meta({ description: "subtotal − discount + shipping + tax, or as posted." }),
    total_raw: z.number(),
    url: z.string().meta({ description: "The order's page in the store's admin (the dashboard)." }),
  })
  .meta({ description: "An order." });

export const orderList = z.array(order).meta({ description: "Orders, newest first." });
export const orderCreated = z.array(order).meta({ description: "A list holding the created order." });
export const orderUpdated = z.array(order).meta({ description: "A list holding the order." });
export const orderCount = z.object({ count: z.number().int() }).meta({ description: "How many orders." });
