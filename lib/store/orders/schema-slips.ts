import { z } from "zod";
import { normaliseCurrency } from "../../money";
import type { Product } from "../products/model";
import { storeItemSchema } from "../products/schema";
import { amountOf, text, time } from "../shapes";
import type { PackingSlip, SlipLine, SlipProductState } from "./model-slips";
import { optionalAddress, orderNumber, str } from "./schema";

/**
 * An order as a packing slip reads it (docs/contract.md#orders), tolerantly,
 * and only what a slip shows: a print view of a hundred orders does not parse
 * a hundred times every image of every product in their lines, as the order's
 * page does (./schema.ts).
 *
 * A line item carries `product` (the full Product record, null once deleted)
 * and `product_option` (the chosen option). A store may send less: a product
 * or an option as its bare key, or a product without its `sku` or options.
 * What is missing is marked `null` here ("the store did not say", not
 * "empty"), and ./api-slips.ts reads those products once each to fill it in
 * (`needsProduct`, `resolveLine`).
 */

/** An option or an extra as a line names it; `null` fields were not sent. */
export interface ItemRef {
  key: string | null;
  values: Record<string, string> | null;
  fetchSku: string | null;
  isDefault: boolean | null;
}

/** A line's product as sent, or as read from the catalogue. */
export interface ProductRef {
  key: string | null;
  name: string;
  /** null: not sent. */
  sku: string | null;
  /** null: not sent. */
  options: ItemRef[] | null;
  extras: ItemRef[] | null;
}

export interface SlipLineDraft {
  name: string;
  quantity: number;
  unitPrice: number | null;
  /** null: the store sent none (the product is gone: docs/contract.md#orders). */
  product: ProductRef | null;
  option: ItemRef | null;
  extras: ItemRef[];
}

export interface SlipDraft extends Omit<PackingSlip, "lines"> {
  lines: SlipLineDraft[];
}

const keyOf = (value: unknown): string | null =>
  (typeof value === "string" && value.trim()) || (typeof value === "number" && Number.isFinite(value))
    ? String(value).trim()
    : null;

function itemRef(value: unknown): ItemRef | null {
  const bare = keyOf(value);
  if (bare !== null) return { key: bare, values: null, fetchSku: null, isDefault: null };
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const parsed = storeItemSchema.safeParse(value);
  if (!parsed.success) return null;
  const raw = parsed.data;
  const sent = value as Record<string, unknown>;
  return {
    key: raw.key ?? raw.id ?? null,
    values: "metadata" in sent ? raw.metadata : null,
    fetchSku: raw.fetch_sku?.trim() || null,
    isDefault: raw.default ?? null,
  };
}

const itemRefs = (value: unknown): ItemRef[] | null =>
  Array.isArray(value) ? value.flatMap((entry) => itemRef(entry) ?? []) : null;

function productRef(value: unknown): ProductRef | null {
  const bare = keyOf(value);
  if (bare !== null) return { key: bare, name: "", sku: null, options: null, extras: null };
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const sku = text.safeParse(raw.sku).data;
  const name = text.safeParse(raw.name).data;
  return {
    key: keyOf(raw.key) ?? keyOf(raw.id),
    name: name?.trim() ?? "",
    sku: sku === undefined ? null : sku.trim(),
    options: itemRefs(raw.options),
    extras: itemRefs(raw.extras),
  };
}

/** A product of the catalogue (lib/store/products/api.ts getProduct) as a line's product. */
export function productRefOf(product: Product): ProductRef {
  const item = (o: {
    key: string;
    metadata: Record<string, string>;
    fetchSku?: string | null;
    isDefault?: boolean;
  }) => ({
    key: o.key || null,
    values: o.metadata,
    fetchSku: o.fetchSku?.trim() || null,
    isDefault: o.isDefault ?? null,
  });
  return {
    key: product.key,
    name: product.name,
    sku: product.sku.trim(),
    options: product.options.map(item),
    extras: product.extras.map(item),
  };
}

const lineSchema = z.looseObject({
  name: str,
  currency: z.unknown().optional(),
  price: z.unknown().optional(),
  price_raw: z.unknown().optional(),
  quantity: z.unknown().optional(),
  product: z.unknown().optional(),
  product_option: z.unknown().optional(),
  extras: z.unknown().optional(),
});

function toLineDraft(raw: z.infer<typeof lineSchema>, orderCurrency: string): SlipLineDraft {
  const currency = normaliseCurrency(raw.currency, orderCurrency);
  const quantity = Number(raw.quantity);
  return {
    name: raw.name,
    quantity: Number.isFinite(quantity) && quantity > 0 ? Math.trunc(quantity) : 0,
    unitPrice: amountOf(raw.price_raw, raw.price, currency) ?? null,
    product: productRef(raw.product),
    option: itemRef(raw.product_option),
    extras: itemRefs(raw.extras) ?? [],
  };
}

export const storeSlipOrderSchema = z
  .looseObject({
    order_number: orderNumber,
    created: time,
    currency: z.unknown().optional(),
    shipping_address: optionalAddress,
    billing_address: optionalAddress,
    payment_state: str,
    line_items: z.unknown().optional(),
  })
  .transform((raw): SlipDraft => {
    const currency = normaliseCurrency(raw.currency);
    const shipping = raw.shipping_address;
    const hasShipping = shipping !== null && Boolean(shipping.street1 || shipping.city || shipping.lastName);
    const lines = (Array.isArray(raw.line_items) ? raw.line_items : []).flatMap((entry: unknown) => {
      const parsed = lineSchema.safeParse(entry);
      return parsed.success ? [toLineDraft(parsed.data, currency)] : [];
    });
    return {
      number: raw.order_number,
      created: raw.created,
      currency,
      shipTo: hasShipping ? shipping : (raw.billing_address ?? shipping),
      shipToIsBilling: !hasShipping && raw.billing_address !== null,
      paymentState: raw.payment_state.toLowerCase(),
      lines,
    };
  });

/* ---------- filling in from the catalogue ---------- */

/** Whether a line leaves out something a slip shows that its product would tell: the key to read, or null. */
export function needsProduct(line: SlipLineDraft): string | null {
  const key = line.product?.key ?? null;
  if (key === null) return null;
  const option = line.option;
  const noSku = !option?.fetchSku && line.product!.sku === null;
  const noValues = option !== null && option.values === null && option.isDefault !== true;
  const noExtraValues = line.extras.some((extra) => extra.values === null);
  return noSku || noValues || noExtraValues ? key : null;
}

/** What reading a line's product gave: the product, "gone" (a 404), or "failed" (anything else). */
export type ProductLookup = ProductRef | "gone" | "failed";

function findItem(items: ItemRef[] | null | undefined, key: string | null): ItemRef | undefined {
  return key === null ? undefined : items?.find((item) => item.key === key);
}

/**
 * A line as its slip shows it, with what the catalogue told (`lookup`, when
 * its product was read) filling what the order left out. A product that is
 * gone leaves the line as the order kept it: its name, and the option's and
 * extras' values and SKU where the store kept a snapshot.
 */
export function resolveLine(line: SlipLineDraft, lookup?: ProductLookup): SlipLine {
  const fromCatalogue = typeof lookup === "object" ? lookup : null;
  const product = line.product;
  const state: SlipProductState =
    product === null || lookup === "gone" ? "gone" : lookup === "failed" ? "unknown" : "present";
  const option = line.option;
  const catalogueOption =
    findItem(fromCatalogue?.options, option?.key ?? null) ??
    // A product without options of its own is ordered by its one default option.
    (option === null && fromCatalogue?.options?.length === 1 ? fromCatalogue.options[0] : undefined);
  const isDefault = option?.isDefault ?? catalogueOption?.isDefault ?? false;
  const values = isDefault ? {} : (option?.values ?? catalogueOption?.values ?? {});
  // A variant's SKU is its option's fetch_sku; the default option's fetch_sku is the product's
  // digital-delivery SKU (docs/contract.md#catalogue-and-settings), so there the product's `sku` comes first.
  const variantSku = isDefault ? null : (option?.fetchSku ?? catalogueOption?.fetchSku ?? null);
  const sku =
    variantSku ||
    (product?.sku ?? fromCatalogue?.sku ?? null) ||
    fromCatalogue?.sku ||
    option?.fetchSku ||
    catalogueOption?.fetchSku ||
    "";
  return {
    name: line.name || product?.name || fromCatalogue?.name || "Product",
    productKey: product?.key ?? null,
    optionKey: option?.key ?? catalogueOption?.key ?? null,
    optionValues: values,
    extras: line.extras.map((extra) => ({
      key: extra.key,
      values: extra.values ?? findItem(fromCatalogue?.extras ?? product?.extras, extra.key)?.values ?? {},
    })),
    sku: sku.trim(),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    product: state,
  };
}
