/**
 * Products in the dashboard's own terms. Safe anywhere and free of zod,
 * because client components import it; the raw API shape is read in
 * ./schema.ts (docs/contract.md#catalogue-and-settings).
 *
 * Money is integer minor units of `currency` (lib/money.ts formats it).
 */

export const productStatuses = ["available", "on sale", "hidden", "sold out", "coming soon"] as const;
/** The spec's five; a store may send another, kept as it came. */
export type ProductStatus = (typeof productStatuses)[number];

export const productStatusLabels: Record<ProductStatus, string> = {
  available: "Available",
  "on sale": "On sale",
  hidden: "Hidden",
  "sold out": "Sold out",
  "coming soon": "Coming soon",
};

/**
 * The status a person reads: an available product with a sale price is on sale (docs/contract.md: "a
 * product is on sale while it has a sale_price"), whatever its status field says, as the list's
 * "On sale" products do; every other status as the store sent it.
 */
export function shownStatus(product: { status: string; salePrice: number | null }): string {
  return product.status === "available" && product.salePrice !== null ? "on sale" : product.status;
}

export function isProductStatus(status: string): status is ProductStatus {
  return (productStatuses as readonly string[]).includes(status);
}

/** "Coming soon" for a known status; an unknown one as the store wrote it ("Unknown" when it sent none). */
export function productStatusLabel(status: string): string {
  return isProductStatus(status) ? productStatusLabels[status] : status.trim() || "Unknown";
}

export const productTypes = ["physical", "digital"] as const;
export type ProductType = (typeof productTypes)[number];

/** `quantity` -1: stock is not counted. */
export const unlimitedQuantity = -1;

export const imageSizes = ["tiny", "small", "medium", "large", "huge"] as const;
/** Longest edge in pixels of each size (docs/contract.md#uploads; a store may differ). */
export type ImageSize = (typeof imageSizes)[number];
export const imageSizePixels: Record<ImageSize, number> = {
  tiny: 64,
  small: 160,
  medium: 480,
  large: 1024,
  huge: 2048,
};

/** One picture in its sizes: the size-keyed URIs of the spec's Image. */
export interface MediaSizes {
  tiny?: string;
  small?: string;
  medium?: string;
  large?: string;
  huge?: string;
}

export interface ProductImage {
  /**
   * The `img_key`: the URI's file name without the size suffix and the
   * extension, as the spec defines it (or the key the store sent beside the
   * URIs). Empty when no URI gives one.
   */
  key: string;
  urls: MediaSizes;
  /** Position among the product's images and videos, when the store says. */
  order: number | null;
}

/** A video as the product lists it: size-keyed thumbnails, like an image. */
export interface ProductVideo {
  /** The `video_key` when the store sends it (`id`/`key`), otherwise derived from the thumbnails. */
  key: string;
  thumbnails: MediaSizes;
  /** The host (`youtube`, `vimeo`) and the original URL, when the store sends them. */
  type: string | null;
  url: string | null;
  order: number | null;
}

/** A row of the options or extras table: what a shopper picks. */
export interface ProductOption {
  key: string;
  /** The implicit single option of a product without options. */
  isDefault: boolean;
  /** Column name → value ("Size" → "M"). */
  metadata: Record<string, string>;
  /** -1: unlimited. */
  quantity: number;
  surcharge: number;
  cost: number | null;
  weight: number | null;
  fetchSku: string | null;
  order: number | null;
}

export type ProductExtra = Omit<ProductOption, "isDefault" | "fetchSku">;

export const formFieldTypes = ["checkbox", "paragraph", "text", "date"] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

export interface ProductFormField {
  label: string;
  placeholder: string;
  /** One of formFieldTypes; another a store sends is kept as it came. */
  type: string;
  required: boolean;
}

/** The custom form a shopper fills in for the product. */
export interface ProductForm {
  name: string;
  fields: ProductFormField[];
}

/** A shipping or tax group as a product names it (written back as its id). */
export interface GroupRef {
  id: string;
  name: string | null;
}

export interface DigitalSample {
  title: string | null;
  uri: string | null;
}

/** A product as pages and the browser see it (never the raw API object). */
export interface Product {
  key: string;
  slug: string;
  url: string | null;
  /** UNIX seconds. */
  created: number | null;
  modified: number | null;
  name: string;
  nameShort: string;
  description: string;
  descriptionShort: string;
  sku: string;
  fetchSku: string;
  /** physical or digital; another value is kept as it came. */
  type: string;
  /** One of productStatuses, or what the store sent. */
  status: string;
  /** -1: unlimited; with options, their sum (docs/contract.md#catalogue-and-settings). */
  quantity: number;
  currency: string;
  /** The product's price (writable); while on sale a shopper pays `salePrice` (see displayPrice). */
  price: number;
  /** Set while on sale (docs/contract.md#catalogue-and-settings). */
  salePrice: number | null;
  /** The price before the sale, while on sale. */
  regularPrice: number | null;
  cost: number | null;
  weight: number | null;
  order: number | null;
  categories: string[];
  /** Without options of its own, the one default option. */
  options: ProductOption[];
  extras: ProductExtra[];
  optionStyle: "single" | "separate";
  images: ProductImage[];
  videos: ProductVideo[];
  digitalSamples: DigitalSample[];
  form: ProductForm | null;
  shippingGroup: GroupRef | null;
  taxGroup: GroupRef | null;
}

/** A page of a products list; `total` only when the store sent X-Total-Count. */
export interface ProductPage<T = Product> {
  items: T[];
  page: number;
  count: number;
  total: number | null;
}

/** A product category as the categories sub-resource answers it. */
export interface ProductCategory {
  name: string;
  slug: string;
}

/**
 * The URL of the size asked for, or the nearest one there is (a larger one
 * first, so that a thumbnail stays sharp), or null.
 */
export function mediaUrl(sizes: MediaSizes, preferred: ImageSize): string | null {
  const at = imageSizes.indexOf(preferred);
  const order = [...imageSizes.slice(at), ...imageSizes.slice(0, at).reverse()];
  for (const size of order) {
    const url = sizes[size];
    if (url) return url;
  }
  return null;
}

/** Whether the product has options of its own (not only the implicit default one). */
export function hasOwnOptions(product: { options: readonly Pick<ProductOption, "isDefault">[] }): boolean {
  return product.options.some((option) => !option.isDefault);
}

/**
 * What a shopper sees: the price they pay, and the regular price to strike
 * through while on sale. A store that answers `sale_price` without
 * `regular_price` still shows the sale against `price`.
 */
export function displayPrice(product: Pick<Product, "price" | "salePrice" | "regularPrice">): {
  current: number;
  struck: number | null;
} {
  if (product.salePrice === null) return { current: product.price, struck: null };
  const regular = product.regularPrice ?? product.price;
  return { current: product.salePrice, struck: regular !== product.salePrice ? regular : null };
}

/**
 * A category's slug guessed from its name ("Coffee & Tea" → "coffee-tea"):
 * lower-case ASCII words joined by dashes, as slugs usually are. Only a
 * guess: a store may slug otherwise (or add "-2"), so a slug the store
 * answered is always preferred.
 */
export function categorySlugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
