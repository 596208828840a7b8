import { z } from "zod";
import { normaliseCurrency } from "../../money";
import { amountOf, booleanValue, optionalNumber, storeId as id, text, tolerantList } from "../shapes";
import type { CatalogueProduct } from "./model-bulk";
import { type StockItem, type StockSource, stockOf } from "./model-inventory";
import {
  type DigitalSample,
  type GroupRef,
  imageSizes,
  type MediaSizes,
  type Product,
  type ProductCategory,
  type ProductExtra,
  type ProductForm,
  type ProductImage,
  type ProductOption,
  type ProductVideo,
} from "./model";

/**
 * The store's product as the API sends it
 * (docs/contract.md#catalogue-and-settings, docs/contract.md#uploads), read
 * tolerantly, and its mapping to the app's Product. Kept apart from ./model.ts
 * so that client components, which import the model, carry no zod; only
 * ./api.ts (and tests) import this.
 *
 * Tolerance (docs/contract.md): unknown fields pass; only `key` and `name` are
 * required; a field the spec promises but that is missing or of another shape
 * gets a default instead of failing the whole list; one unreadable image,
 * option or extra is left out rather than hiding the product. The readers
 * (ids, text, numbers, amounts, lists) are lib/store/shapes.ts's.
 */

/* ---------- media ---------- */

const sizeUris = Object.fromEntries(imageSizes.map((size) => [size, z.string().min(1).optional().catch(undefined)]));

/** The spec's Image: five URIs keyed by size; a bare URI stands for every size. */
export const storeImageSchema = z.union([
  z
    .string()
    .min(1)
    .transform((uri) => ({ uris: Object.fromEntries(imageSizes.map((s) => [s, uri])) as MediaSizes })),
  z
    .looseObject({
      ...sizeUris,
      // Not in the spec; used when a store sends them beside the URIs.
      img_key: text,
      key: text,
      id: text,
      order: optionalNumber,
      type: text,
      url: text,
    })
    .transform((raw) => ({
      uris: Object.fromEntries(imageSizes.flatMap((s) => (raw[s] ? [[s, raw[s]]] : []))) as MediaSizes,
      key: raw.img_key ?? raw.key ?? raw.id,
      order: raw.order ?? null,
      type: raw.type ?? null,
      url: raw.url ?? null,
    })),
]);

export type StoreImage = z.infer<typeof storeImageSchema>;

const sizeSuffix = new RegExp(`[-_.](${imageSizes.join("|")})$`, "i");

/**
 * The `img_key` of an image: "the URI slug without the size suffix and file
 * extension" (the Store Management API specification, Image; docs/contract.md#uploads).
 * `…/media/mug-blue-ab12-small.jpg` → `mug-blue-ab12`.
 */
export function mediaKeyFrom(uris: MediaSizes): string {
  for (const size of imageSizes) {
    const uri = uris[size];
    if (!uri) continue;
    let name: string;
    try {
      name = decodeURIComponent(new URL(uri, "http://x.invalid").pathname.split("/").pop() ?? "");
    } catch {
      continue;
    }
    name = name.replace(/\.[a-z0-9]+$/i, "");
    const withoutSize = name.replace(sizeSuffix, "");
    // When the suffix is not one of the size names, strip what all sizes share
    // last: a store may name them otherwise (`ab12_160`).
    if (withoutSize !== name || Object.values(uris).filter(Boolean).length < 2) return withoutSize;
    return commonStem(uris) ?? name;
  }
  return "";
}

function commonStem(uris: MediaSizes): string | undefined {
  const names = Object.values(uris)
    .filter((u): u is string => Boolean(u))
    .map(
      (u) =>
        (u.split(/[?#]/)[0] ?? "")
          .split("/")
          .pop()
          ?.replace(/\.[a-z0-9]+$/i, "") ?? "",
    );
  const unique = [...new Set(names)];
  if (unique.length < 2) return undefined;
  let prefix = unique[0]!;
  for (const n of unique) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.replace(/[-_.]+$/, "") || undefined;
}

export function toImage(raw: StoreImage): ProductImage {
  return { key: ("key" in raw && raw.key) || mediaKeyFrom(raw.uris), urls: raw.uris, order: orderOf(raw) };
}

/**
 * A video's address as a link may use it: an http(s) URL without a user name,
 * else none. The page links to it, and a store's data is not trusted to be a
 * web address (`javascript:…`, `data:…` are dropped).
 */
export function webUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

export function toVideo(raw: StoreImage): ProductVideo {
  return {
    key: ("key" in raw && raw.key) || mediaKeyFrom(raw.uris),
    thumbnails: raw.uris,
    type: ("type" in raw && raw.type) || null,
    url: webUrl("url" in raw ? raw.url : null),
    order: orderOf(raw),
  };
}

const orderOf = (raw: StoreImage) => ("order" in raw && raw.order != null ? raw.order : null);

/* ---------- options and extras ---------- */

/** Column → value; values that are not text or numbers are left out. */
const metadataSchema = z
  .unknown()
  .optional()
  .transform((value): Record<string, string> => {
    // "The metadata of an extra may also be a single name and value pair."
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === "string")) {
      return { [value[0] as string]: value[1] as string };
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).flatMap(([k, v]) =>
        typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? [[k, String(v)]] : [],
      ),
    );
  });

export const storeItemSchema = z.looseObject({
  // Read as `key`, written as `id` (the Store Management API specification); a store that reads it
  // as `id` too is understood.
  key: id.optional().catch(undefined),
  id: id.optional().catch(undefined),
  default: z.boolean().optional().catch(undefined),
  metadata: metadataSchema,
  quantity: optionalNumber,
  surcharge: z.unknown().optional(),
  surcharge_raw: z.unknown().optional(),
  cost: z.unknown().optional(),
  cost_raw: z.unknown().optional(),
  weight: optionalNumber,
  fetch_sku: text,
  order: optionalNumber,
  currency: z.unknown().optional(),
});

export type StoreItem = z.infer<typeof storeItemSchema>;

export function toExtra(raw: StoreItem, productCurrency: string): ProductExtra {
  const currency = normaliseCurrency(raw.currency, productCurrency);
  return {
    key: raw.key ?? raw.id ?? "",
    metadata: raw.metadata,
    quantity: raw.quantity ?? 0,
    surcharge: amountOf(raw.surcharge_raw, raw.surcharge, currency) ?? 0,
    cost: amountOf(raw.cost_raw, raw.cost, currency) ?? null,
    weight: raw.weight ?? null,
    order: raw.order ?? null,
  };
}

export function toOption(raw: StoreItem, productCurrency: string): ProductOption {
  return {
    ...toExtra(raw, productCurrency),
    isDefault: raw.default ?? false,
    fetchSku: raw.fetch_sku ?? null,
  };
}

/* ---------- the rest ---------- */

/** A group object, or (tolerated) a bare id; null when unset. */
const groupSchema = z
  .unknown()
  .optional()
  .transform((value): GroupRef | null => {
    if (typeof value === "number" || (typeof value === "string" && value.trim())) {
      return { id: String(value), name: null };
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const raw = value as Record<string, unknown>;
    const groupId = id.safeParse(raw.id ?? raw.key);
    if (!groupId.success) return null;
    return { id: groupId.data, name: typeof raw.name === "string" ? raw.name : null };
  });

/**
 * What `groupSchema` reads of a group object (its id or key, and its name): the catalogue's reading
 * keeps only these of the groups every product embeds (reduceRepeatedMembers, lib/store/json-members.ts).
 */
export function groupRefFields(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const { id, key, name } = value as Record<string, unknown>;
  return { id, key, name };
}

const formFieldSchema = z.looseObject({
  label: z.string().catch(""),
  placeholder: z.string().catch(""),
  type: z.string().catch("text"),
  required: booleanValue.catch(false),
});

/** The product form, or null ("delete", an empty value, no fields, a JSON string that is not one). */
const formSchema = z
  .unknown()
  .optional()
  .transform((value): ProductForm | null => {
    let raw = value;
    if (typeof raw === "string") {
      try {
        raw = JSON.parse(raw);
      } catch {
        return null;
      }
    }
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
    const form = raw as Record<string, unknown>;
    const fields = tolerantList(formFieldSchema).parse(form.fields);
    if (!fields.length) return null;
    return {
      name: typeof form.name === "string" ? form.name : "",
      fields: fields.map(({ label, placeholder, type, required }) => ({ label, placeholder, type, required })),
    };
  });

const sampleSchema = z.union([
  z.string().transform((uri): DigitalSample => ({ title: null, uri })),
  z
    .looseObject({ title: text, name: text, uri: text, url: text })
    .transform((raw): DigitalSample => ({ title: raw.title ?? raw.name ?? null, uri: raw.uri ?? raw.url ?? null })),
]);

const categoryName = z.union([
  z.string().trim().min(1),
  z.looseObject({ name: z.string().trim().min(1) }).transform((c) => c.name),
]);

export const storeProductSchema = z.looseObject({
  key: id,
  slug: text,
  url: text,
  created: optionalNumber,
  modified: optionalNumber,
  name: z.string(),
  name_short: text,
  description: text,
  description_short: text,
  sku: text,
  fetch_sku: text,
  type: text,
  status: text,
  quantity: optionalNumber,
  price: z.unknown().optional(),
  price_raw: z.unknown().optional(),
  regular_price: z.unknown().optional(),
  regular_price_raw: z.unknown().optional(),
  sale_price: z.unknown().optional(),
  sale_price_raw: z.unknown().optional(),
  cost: z.unknown().optional(),
  cost_raw: z.unknown().optional(),
  currency: z.unknown().optional(),
  weight: optionalNumber,
  order: optionalNumber,
  categories: tolerantList(categoryName),
  options: tolerantList(storeItemSchema),
  extras: tolerantList(storeItemSchema),
  option_style: z.enum(["single", "separate"]).catch("single"),
  images: tolerantList(storeImageSchema),
  videos: tolerantList(storeImageSchema),
  digital_samples: tolerantList(sampleSchema),
  form: formSchema,
  shipping_group: groupSchema,
  tax_group: groupSchema,
});

export type StoreProduct = z.infer<typeof storeProductSchema>;

/** Media in their shared order when the store gives one, else as listed. */
function byOrder<T extends { order: number | null }>(items: T[]): T[] {
  if (items.some((item) => item.order === null)) return items;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order! - b.item.order! || a.index - b.index)
    .map(({ item }) => item);
}

/** The fields a product and a catalogue line share, read the same way for both. */
function catalogueFields(raw: StoreCatalogueProduct): Omit<CatalogueProduct, "options" | "images"> {
  const currency = normaliseCurrency(raw.currency);
  return {
    key: raw.key,
    slug: raw.slug || raw.key,
    modified: raw.modified ?? null,
    name: raw.name,
    nameShort: raw.name_short ?? "",
    sku: raw.sku ?? "",
    type: raw.type || "physical",
    status: raw.status ?? "",
    quantity: raw.quantity ?? 0,
    currency,
    price: amountOf(raw.price_raw, raw.price, currency) ?? 0,
    salePrice: amountOf(raw.sale_price_raw, raw.sale_price, currency) ?? null,
    cost: amountOf(raw.cost_raw, raw.cost, currency) ?? null,
    weight: raw.weight ?? null,
    order: raw.order ?? null,
    categories: raw.categories,
    shippingGroup: raw.shipping_group,
    taxGroup: raw.tax_group,
  };
}

export function toProduct(raw: StoreProduct): Product {
  const shared = catalogueFields(raw);
  return {
    ...shared,
    url: raw.url || null,
    created: raw.created ?? null,
    description: raw.description ?? "",
    descriptionShort: raw.description_short ?? "",
    fetchSku: raw.fetch_sku ?? "",
    // Only meaningful while on sale (docs/contract.md#catalogue-and-settings).
    regularPrice:
      shared.salePrice === null ? null : (amountOf(raw.regular_price_raw, raw.regular_price, shared.currency) ?? null),
    options: raw.options.map((o) => toOption(o, shared.currency)),
    extras: raw.extras.map((e) => toExtra(e, shared.currency)),
    optionStyle: raw.option_style,
    images: byOrder(raw.images.map(toImage)),
    videos: byOrder(raw.videos.map(toVideo)),
    digitalSamples: raw.digital_samples,
    form: raw.form,
  };
}

/* ---------- the whole catalogue, read lighter ---------- */

/**
 * A product as the whole-catalogue stream reads it (lib/store/products/api-bulk.ts,
 * GET /api/products/bulk): the same tolerance, but only what a catalogue line
 * carries is read. Descriptions, the options' and extras' details, videos,
 * samples and the form are left unread: 10,000 demo products are some 60 MB
 * of JSON, and reading each whole took most of the dashboard's time in the
 * stream (bench:bulk-grid). Of an option only `default` counts (whether the
 * product has options of its own); an option that is not an object is left
 * out, as in the full reading.
 */
export const storeCatalogueProductSchema = storeProductSchema
  .pick({
    key: true,
    slug: true,
    modified: true,
    name: true,
    name_short: true,
    sku: true,
    type: true,
    status: true,
    quantity: true,
    price: true,
    price_raw: true,
    sale_price: true,
    sale_price_raw: true,
    cost: true,
    cost_raw: true,
    currency: true,
    weight: true,
    order: true,
    categories: true,
    images: true,
    shipping_group: true,
    tax_group: true,
  })
  .extend({ options: tolerantList(z.looseObject({ default: z.boolean().optional().catch(undefined) })) });

type StoreCatalogueProduct = z.infer<typeof storeCatalogueProductSchema>;

export function toCatalogueProduct(raw: StoreCatalogueProduct): CatalogueProduct {
  return {
    ...catalogueFields(raw),
    options: raw.options.map((option) => ({ isDefault: option.default ?? false })),
    images: byOrder(raw.images.map(toImage)),
  };
}

/**
 * The inventory's reading of a catalogue product (docs/bulk-editing.md#inventory):
 * the lighter reading above, with each option's and extra's key, values,
 * quantity and SKU. Only the inventory's stream pays for it.
 */
export const storeStockProductSchema = storeCatalogueProductSchema.extend({
  options: tolerantList(storeItemSchema),
  extras: tolerantList(storeItemSchema),
});

type StoreStockProduct = z.infer<typeof storeStockProductSchema>;

/** An item as stockOf reads it; one without a key (it cannot be written back) or a quantity (nothing to count) is left out. */
function stockFields(raw: StoreItem): StockSource[] {
  const key = raw.key ?? raw.id;
  if (!key || raw.quantity == null) return [];
  return [
    {
      key,
      isDefault: raw.default ?? false,
      metadata: raw.metadata,
      quantity: raw.quantity,
      fetchSku: raw.fetch_sku ?? null,
    },
  ];
}

/** A product's options and extras as stock items, from the inventory's reading. */
export function toStockItems(raw: Pick<StoreStockProduct, "options" | "extras">): StockItem[] {
  return stockOf({ options: raw.options.flatMap(stockFields), extras: raw.extras.flatMap(stockFields) });
}

export function toStockProduct(raw: StoreStockProduct): CatalogueProduct & { stock: StockItem[] } {
  return { ...toCatalogueProduct(raw), stock: toStockItems(raw) };
}

/** A category of the categories sub-resource: `{name, slug}`; a bare name is tolerated. */
export const storeCategorySchema = z.union([
  z
    .string()
    .trim()
    .min(1)
    .transform((name): ProductCategory => ({ name, slug: "" })),
  z
    .looseObject({ name: z.string().trim().min(1), slug: text })
    .transform((raw): ProductCategory => ({ name: raw.name, slug: raw.slug ?? "" })),
]);
