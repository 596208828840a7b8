import { hasOwnOptions, mediaUrl, type Product, type ProductImage, type ProductOption } from "./model";
import type { StockItem } from "./model-inventory";

/**
 * The bulk grid's data (components/products/bulk/, docs/bulk-editing.md):
 * a product as the grid holds it, flat and small (10,000 of them travel to
 * the browser), and the lines of the catalogue stream that carries them
 * (GET /api/products/bulk, NDJSON). Browser-safe: no server imports.
 */

/** A product as the bulk grid holds it: what it shows and edits, nothing else. */
export interface BulkProduct {
  key: string;
  slug: string;
  name: string;
  nameShort: string;
  /** The default option's SKU. */
  sku: string;
  status: string;
  /** Minor units, as Product. */
  price: number;
  salePrice: number | null;
  cost: number | null;
  /** -1: unlimited. With options, their sum, and not writable here. */
  quantity: number;
  hasOptions: boolean;
  weight: number | null;
  type: string;
  /** The group's id, as written back; null: none. */
  shippingGroup: string | null;
  taxGroup: string | null;
  order: number | null;
  categories: string[];
  /** UNIX seconds, when the store sends it: the conflict check compares it. */
  modified: number | null;
  currency: string;
  /** The first image's small size, for the products list's search results (a row's thumbnail); null: none. */
  image: string | null;
  /** Its options and extras: only in the inventory's stream (`?with=stock`, docs/bulk-editing.md#inventory). */
  stock?: StockItem[];
}

/**
 * What a BulkProduct is made from: a whole Product, or the lighter reading of
 * the catalogue stream (lib/store/products/schema.ts, storeCatalogueProductSchema).
 */
export type CatalogueProduct = Pick<
  Product,
  | "key"
  | "slug"
  | "name"
  | "nameShort"
  | "sku"
  | "status"
  | "price"
  | "salePrice"
  | "cost"
  | "quantity"
  | "weight"
  | "type"
  | "shippingGroup"
  | "taxGroup"
  | "order"
  | "categories"
  | "modified"
  | "currency"
> & { options: Pick<ProductOption, "isDefault">[]; images: Pick<ProductImage, "urls">[] };

export function toBulkProduct(product: CatalogueProduct, stock?: StockItem[]): BulkProduct {
  return {
    ...(stock ? { stock } : {}),
    key: product.key,
    slug: product.slug,
    name: product.name,
    nameShort: product.nameShort,
    sku: product.sku,
    status: product.status,
    price: product.price,
    salePrice: product.salePrice,
    cost: product.cost,
    quantity: product.quantity,
    hasOptions: hasOwnOptions(product),
    weight: product.weight,
    type: product.type,
    shippingGroup: product.shippingGroup?.id ?? null,
    taxGroup: product.taxGroup?.id ?? null,
    order: product.order,
    categories: product.categories,
    modified: product.modified,
    currency: product.currency,
    image: product.images[0] ? mediaUrl(product.images[0].urls, "small") : null,
  };
}

/**
 * One line of the catalogue stream, in this sequence: `start` (the total when
 * the store sends X-Total-Count), `page` lines in the store's order, then
 * `end`, or `error` (a sentence a person understands) when the reading
 * stopped part way. A line is one JSON object followed by "\n".
 */
export type CatalogueLine =
  | { type: "start"; total: number | null; pageSize: number }
  | { type: "page"; page: number; products: BulkProduct[] }
  | { type: "end"; count: number }
  | { type: "error"; status: number; code: string; error: string };

/** The wire value of one property in a products_multi request. */
export type WireValue = string | number | null;

/** The body of one products_multi request: product key → property → value, one property set for all. */
export type MultiPayload = Record<string, Record<string, WireValue>>;

/**
 * The products_multi properties the grid writes (docs/contract.md#products_multi):
 * a save may carry only these (lib/actions/products-bulk.ts checks it).
 */
export const bulkWireProperties = [
  "name",
  "name_short",
  "sku",
  "status",
  "price",
  "sale_price",
  "cost",
  "quantity",
  "weight",
  "type",
  "shipping_group",
  "tax_group",
  "order",
] as const;

export type BulkWireProperty = (typeof bulkWireProperties)[number];

/** The limits of one save (`saveProductsMultiAction`): products per request, characters per key and per text value. */
export const bulkSaveLimits = { products: 2000, keyLength: 255, valueLength: 1000 } as const;

/** At most this many keys in one `GET /api/products/bulk/current?keys=…`. */
export const bulkCurrentMaxKeys = 50;

/** What `GET /api/products/bulk/current` answers: the products as the store holds them now, and the keys it no longer has. */
export interface BulkCurrent {
  products: BulkProduct[];
  missing: string[];
}

/** A shipping or tax group a grid cell may name: its id as written back, and its name. */
export interface BulkGroup {
  id: string;
  name: string;
}

/**
 * What the grid needs beside the products (loadBulkContext). A group list the
 * store refused or could not give is empty, and `note` says why: the grid
 * then shows those groups as ids.
 */
export interface BulkContext {
  /** The store's currency (docs/contract.md#money): of its products, else of its shipping options, else USD. */
  currency: string;
  shippingGroups: BulkGroup[];
  taxGroups: BulkGroup[];
  /** One or two sentences when a group list is missing; null when both were listed. */
  note: string | null;
}
