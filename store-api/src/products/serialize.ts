import { serializeImage, serializeVideoThumbs } from "../media/serialize.js";
import { formatMoney, moneyRaw } from "../money/money.js";
import { serializeShippingGroup } from "../shipping/serialize.js";
import { serializeTaxGroup } from "../tax/serialize.js";
import type { ExtraRow, OptionRow, ProductDetail } from "./products.js";

export interface SerializeContext {
  currency: string;
  /** The store's public URL, for the product's `url`. */
  publicUrl: string;
  /** The base of media files' URLs (mediaBaseUrl, src/media/storage.ts). */
  mediaBase: string;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function item(row: OptionRow | ExtraRow, currency: string) {
  return {
    key: row.key,
    metadata: row.metadata,
    quantity: row.quantity,
    surcharge: formatMoney(row.surcharge, currency),
    surcharge_raw: moneyRaw(row.surcharge, currency),
    cost: formatMoney(row.cost, currency),
    cost_raw: moneyRaw(row.cost, currency),
    weight: row.weight,
    order: row.order,
    currency,
  };
}

/** A product option; the default one shows no metadata (its hidden columns are write-only). */
export function serializeOption(row: OptionRow, currency: string) {
  return {
    ...item(row, currency),
    metadata: row.isDefault ? {} : row.metadata,
    default: row.isDefault,
    fetch_sku: row.fetchSku,
  };
}

export function serializeExtra(row: ExtraRow, currency: string) {
  return item(row, currency);
}

// A page of products shares a few groups, each one object (products.ts productDetails): each is
// serialized once per page rather than once per product (the groups carry their options and rules).
const shippingGroupsSeen = new WeakMap<
  object,
  { currency: string; value: ReturnType<typeof serializeShippingGroup> }
>();
const taxGroupsSeen = new WeakMap<object, ReturnType<typeof serializeTaxGroup>>();

function shippingGroupOf(group: NonNullable<ProductDetail["shippingGroup"]>, currency: string) {
  const seen = shippingGroupsSeen.get(group);
  if (seen?.currency === currency) return seen.value;
  const value = serializeShippingGroup(group, currency);
  shippingGroupsSeen.set(group, { currency, value });
  return value;
}

function taxGroupOf(group: NonNullable<ProductDetail["taxGroup"]>) {
  let value = taxGroupsSeen.get(group);
  if (!value) {
    value = serializeTaxGroup(group);
    taxGroupsSeen.set(group, value);
  }
  return value;
}

/** A product's quantity: the default option's, or the sum of its options' (−1 if any is unlimited). */
function quantity(d: ProductDetail): number {
  if (d.options.length === 0) return d.defaultOption.quantity;
  if (d.options.some((o) => o.quantity < 0)) return -1;
  return d.options.reduce((sum, o) => sum + o.quantity, 0);
}

/** The Product resource as the API returns it (products/schemas.ts `product`). */
export function serializeProduct(d: ProductDetail, ctx: SerializeContext) {
  const { product: p, currency } = { product: d.product, currency: ctx.currency };
  const onSale = p.salePrice !== null;
  return {
    key: p.key,
    slug: p.slug,
    url: `${ctx.publicUrl}/products/${encodeURIComponent(p.slug)}`,
    created: seconds(p.createdAt),
    modified: seconds(p.updatedAt),
    name: p.name,
    name_short: p.nameShort,
    description: p.description,
    description_short: p.descriptionShort,
    sku: d.defaultOption.sku,
    fetch_sku: d.defaultOption.fetchSku,
    type: p.type as "physical" | "digital",
    status: p.status as "available" | "on sale" | "hidden" | "sold out" | "coming soon",
    quantity: quantity(d),
    price: formatMoney(p.price, currency),
    price_raw: moneyRaw(p.price, currency),
    regular_price: onSale ? formatMoney(p.price, currency) : null,
    regular_price_raw: onSale ? moneyRaw(p.price, currency) : null,
    sale_price: p.salePrice !== null ? formatMoney(p.salePrice, currency) : null,
    sale_price_raw: p.salePrice !== null ? moneyRaw(p.salePrice, currency) : null,
    cost: formatMoney(p.cost, currency),
    cost_raw: moneyRaw(p.cost, currency),
    currency,
    weight: p.weight,
    order: p.order,
    categories: d.categories,
    options: (d.options.length ? d.options : [d.defaultOption]).map((o) => serializeOption(o, currency)),
    extras: d.extras.map((e) => serializeExtra(e, currency)),
    option_style: p.optionStyle as "single" | "separate",
    images: d.media.images.map((i) => serializeImage(i, ctx.mediaBase)),
    videos: d.media.videos.map((v) => serializeVideoThumbs(v, ctx.mediaBase)),
    digital_samples: [],
    form: p.form,
    shipping_group: d.shippingGroup && shippingGroupOf(d.shippingGroup, currency),
    tax_group: d.taxGroup && taxGroupOf(d.taxGroup),
  };
}
