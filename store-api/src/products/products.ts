import { randomBytes } from "node:crypto";
import { and, asc, count, eq, like, or, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "../api/errors.js";
import { moveInOrder, shiftFrom } from "./order-shift.js";
import type { Queryable } from "../db/index.js";
import { anyOf, selectAsJson } from "../db/rows.js";
import { mediaOfProducts, type ProductMedia } from "../media/images.js";
import { categories, productCategories, productExtras, productOptions, products } from "../db/schema/index.js";
import {
  existingShippingGroupIds,
  type ShippingGroupDetail,
  shippingGroupsByIds,
} from "../shipping/shipping-groups.js";
import { existingTaxGroupIds, type TaxGroupDetail, taxGroupsByIds } from "../tax/tax-groups.js";
import type { CreateProductInput, ItemInput, UpdateProductInput } from "./schemas.js";

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;
export type ExtraRow = typeof productExtras.$inferSelect;

/** A product with what its reads show. */
export interface ProductDetail {
  product: ProductRow;
  defaultOption: OptionRow;
  options: OptionRow[];
  extras: ExtraRow[];
  categories: string[];
  /** Images and videos, each list in the product's shared media order (src/media/). */
  media: ProductMedia;
  /** The groups it belongs to, read as GET /shipping_groups/{id} and /tax_groups/{id} show them; null when none. */
  shippingGroup: ShippingGroupDetail | null;
  taxGroup: TaxGroupDetail | null;
}

/** An opaque, unguessable key (products, options, extras). */
export function newKey(): string {
  return randomBytes(9).toString("base64url");
}

/** The slug of a name: lower-case ASCII words joined by dashes. */
export function slugify(name: string, fallback = "product"): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}

/**
 * Holds, until the transaction ends, a lock on one name, so that requests
 * creating products (or categories) of the same name at once take turns and
 * each sees the slugs the others took.
 */
async function lockName(q: Queryable, name: string) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** The first free slug for the name: `mug`, then `mug-2`, `mug-3`… */
async function freeSlug(q: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  await lockName(q, `product slug ${base}`);
  const taken = await q
    .select({ slug: products.slug })
    .from(products)
    .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)));
  const used = new Set(taken.map((r) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface ProductPage {
  rows: ProductRow[];
  total: number;
}

/**
 * The products list's order: `order` ascending, then newest first (docs/contract.md#lists).
 * Written as products_list_order_idx is built (DESC NULLS LAST; both columns are NOT NULL, so
 * the order is the same as a plain DESC): only then can PostgreSQL read the index in order
 * instead of sorting what it reads (a page deep in 10,000 products: 24 ms → 14 ms on PGlite).
 */
export const listOrder = [
  asc(products.order),
  sql`${products.createdAt} desc nulls last`,
  sql`${products.id} desc nulls last`,
] as const;

/** A page of products in the list's order (docs/contract.md#lists). */
export async function listProducts(q: Queryable, page: number, size: number): Promise<ProductPage> {
  const rows = await q
    .select()
    .from(products)
    .orderBy(...listOrder)
    .limit(size)
    .offset(page * size);
  const [total] = await q.select({ n: count() }).from(products);
  return { rows, total: total?.n ?? 0 };
}

/** The product with the key or slug (the key wins), if any. */
export async function findProduct(q: Queryable, keyOrSlug: string): Promise<ProductRow | undefined> {
  if (keyOrSlug.includes("\0")) return undefined;
  const rows = await q
    .select()
    .from(products)
    .where(or(eq(products.key, keyOrSlug), eq(products.slug, keyOrSlug)));
  return rows.find((r) => r.key === keyOrSlug) ?? rows[0];
}

/** The product with the key or slug (the key wins), or a 404. */
export async function getProduct(q: Queryable, keyOrSlug: string): Promise<ProductRow> {
  const row = await findProduct(q, keyOrSlug);
  if (!row) throw notFound(keyOrSlug);
  return row;
}

function notFound(keyOrSlug: string) {
  return new NotFoundError(`There is no product with the key or slug "${keyOrSlug.slice(0, 100)}".`);
}

/** The items by a key, each group in the items' order. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Reads what the API shows of several products at once. */
export async function productDetails(q: Queryable, rows: ProductRow[]): Promise<ProductDetail[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // Each group once, however many products name it.
  const shippingGroupIds = rows.flatMap((r) => r.shippingGroupId ?? []);
  const taxGroupIds = rows.flatMap((r) => r.taxGroupId ?? []);
  // One after another: a transaction is one connection, whose queries queue anyway (and
  // node-postgres deprecates queries sent while another is running on the client).
  // The two longest reads as one JSON text each (db/rows.ts).
  const options = await selectAsJson(
    q,
    productOptions,
    anyOf(productOptions.productId, ids),
    sql`${productOptions.order}, ${productOptions.id}`,
  );
  const extras = await selectAsJson(
    q,
    productExtras,
    anyOf(productExtras.productId, ids),
    sql`${productExtras.order}, ${productExtras.id}`,
  );
  const cats = await q
    .select({ productId: productCategories.productId, name: categories.name })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(anyOf(productCategories.productId, ids))
    .orderBy(asc(productCategories.position), asc(categories.name));
  const media = await mediaOfProducts(q, ids);
  const shipping = await shippingGroupsByIds(q, shippingGroupIds);
  const tax = await taxGroupsByIds(q, taxGroupIds);
  // Each product's share in one pass over each list (a page of 250 products has some 800 options).
  const optionsOf = groupBy(options, (o) => o.productId);
  const extrasOf = groupBy(extras, (e) => e.productId);
  const categoriesOf = groupBy(cats, (c) => c.productId);
  return rows.map((product) => {
    const own = optionsOf.get(product.id) ?? [];
    const defaultOption = own.find((o) => o.isDefault);
    if (!defaultOption) throw new Error(`Product ${product.id} has no default option`);
    return {
      product,
      defaultOption,
      options: own.filter((o) => !o.isDefault),
      extras: extrasOf.get(product.id) ?? [],
      categories: (categoriesOf.get(product.id) ?? []).map((c) => c.name),
      media: media.get(product.id) ?? { images: [], videos: [] },
      shippingGroup: (product.shippingGroupId !== null && shipping.get(product.shippingGroupId)) || null,
      taxGroup: (product.taxGroupId !== null && tax.get(product.taxGroupId)) || null,
    };
  });
}

export async function productDetail(q: Queryable, row: ProductRow): Promise<ProductDetail> {
  const [detail] = await productDetails(q, [row]);
  if (!detail) throw new Error("unreachable");
  return detail;
}

/**
 * A product's `shipping_group` and `tax_group` are written as ids: an id that
 * names no group is a 422 naming the field (null clears it). The groups named
 * stay locked against deletion until the transaction ends.
 */
export async function assertGroupsExist(
  q: Queryable,
  input: { shipping_group?: number | null; tax_group?: number | null },
) {
  const fields: Record<string, string> = {};
  const shipping = input.shipping_group;
  const tax = input.tax_group;
  if (shipping != null && !(await existingShippingGroupIds(q, [shipping])).has(shipping)) {
    fields.shipping_group = `names no shipping group (there is none with the id ${shipping})`;
  }
  if (tax != null && !(await existingTaxGroupIds(q, [tax])).has(tax)) {
    fields.tax_group = `names no tax group (there is none with the id ${tax})`;
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
}

function itemValues(item: ItemInput, order: number) {
  return {
    key: newKey(),
    // The schema requires these three (requireItemFields).
    metadata: item.metadata ?? {},
    quantity: item.quantity ?? -1,
    surcharge: item.surcharge ?? 0,
    cost: item.cost ?? 0,
    weight: item.weight ?? 0,
    order,
  };
}

/** Finds or creates the categories by name, in the given order (duplicates once). */
export async function categoryIds(q: Queryable, names: string[]): Promise<number[]> {
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
  // Locks are always taken in one order (the listing's, then slugs, then sorted names): no deadlock.
  for (const lower of unique.map((n) => n.toLowerCase()).sort()) await lockName(q, `category ${lower}`);
  const ids: number[] = [];
  for (const name of unique) ids.push(await categoryId(q, name));
  return ids;
}

/** The category with the name (without case), created when new; safe against a concurrent creation. */
async function categoryId(q: Queryable, name: string): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await q
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = ${name.toLowerCase()}`);
    if (existing) return existing.id;
    const base = slugify(name, "category");
    const taken = new Set(
      (
        await q
          .select({ slug: categories.slug })
          .from(categories)
          .where(or(eq(categories.slug, base), like(categories.slug, `${base}-%`)))
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [row] = await q
      .insert(categories)
      .values({ name, slug })
      .onConflictDoNothing()
      .returning({ id: categories.id });
    if (row) return row.id;
  }
  throw new ConflictError(`Another request created the category "${name}" at the same moment; try again.`);
}

export async function createProduct(q: Queryable, input: CreateProductInput): Promise<ProductRow> {
  const fields: Record<string, string> = {};
  if (input.options?.length && input.quantity !== undefined) {
    fields.quantity = "cannot be written on a product with options: it is the sum of theirs";
  }
  if (input.options?.some((o) => o.id !== undefined))
    fields.options = "ids name options of this product, which has none yet";
  if (input.extras?.some((e) => e.id !== undefined))
    fields.extras = "ids name extras of this product, which has none yet";
  if (Object.keys(fields).length) throw new ValidationError(fields);
  await assertGroupsExist(q, input);

  const order = input.order ?? 1;
  if (input.reorder_products !== false) await shiftFrom(q, order);
  const values = {
    name: input.name,
    nameShort: input.name_short ?? "",
    description: input.description ?? "",
    descriptionShort: input.description_short ?? "",
    type: input.type ?? "physical",
    status: input.status ?? "available",
    price: input.price ?? 0,
    salePrice: input.sale_price ?? null,
    cost: input.cost ?? 0,
    weight: input.weight ?? 0,
    order,
    optionStyle: input.option_style ?? "single",
    form: input.form ?? null,
    metadata: input.product_metadata ?? {},
    shippingGroupId: input.shipping_group ?? null,
    taxGroupId: input.tax_group ?? null,
  };
  // A product created at the same moment may take the free slug first: then take the next one.
  let row: ProductRow | undefined;
  for (let attempt = 0; !row; attempt++) {
    if (attempt === 5) throw new ConflictError("Another product took this slug at the same moment; try again.");
    [row] = await q
      .insert(products)
      .values({ ...values, key: newKey(), slug: await freeSlug(q, input.name) })
      .onConflictDoNothing({ target: products.slug })
      .returning();
  }

  await q.insert(productOptions).values({
    key: newKey(),
    productId: row.id,
    isDefault: true,
    metadata: input.default_option_metadata ?? {},
    quantity: input.quantity ?? -1,
    sku: input.sku ?? "",
    // Ignored on a product created with options (spec, Product: fetch_sku).
    fetchSku: input.options?.length ? "" : (input.fetch_sku ?? ""),
    order: 0,
  });
  if (input.options?.length) {
    await q
      .insert(productOptions)
      .values(
        input.options.map((o, i) => ({ ...itemValues(o, i + 1), productId: row.id, fetchSku: o.fetch_sku ?? "" })),
      );
  }
  if (input.extras?.length) {
    await q.insert(productExtras).values(input.extras.map((e, i) => ({ ...itemValues(e, i + 1), productId: row.id })));
  }
  if (input.categories?.length) {
    const ids = await categoryIds(q, input.categories);
    await q
      .insert(productCategories)
      .values(ids.map((categoryId, position) => ({ productId: row.id, categoryId, position })));
  }
  return row;
}

export async function updateProduct(q: Queryable, current: ProductRow, input: UpdateProductInput): Promise<ProductRow> {
  await assertGroupsExist(q, input);
  let fetchSku = input.fetch_sku;
  if (input.quantity !== undefined || input.fetch_sku !== undefined) {
    const [options] = await q
      .select({ n: count() })
      .from(productOptions)
      .where(and(eq(productOptions.productId, current.id), eq(productOptions.isDefault, false)));
    const hasOptions = (options?.n ?? 0) > 0;
    if (hasOptions && input.quantity !== undefined) {
      throw new ValidationError({ quantity: "cannot be written on a product with options: it is the sum of theirs" });
    }
    // "Ignored when the product has several options" (spec, Product): accepted, not stored.
    if (hasOptions) fetchSku = undefined;
  }

  if (input.order !== undefined) await moveInOrder(q, current, input.order);

  const [row] = await q
    .update(products)
    .set({
      name: input.name,
      nameShort: input.name_short,
      description: input.description,
      descriptionShort: input.description_short,
      type: input.type,
      status: input.status,
      price: input.price,
      salePrice: input.sale_price,
      cost: input.cost,
      weight: input.weight,
      order: input.order,
      optionStyle: input.option_style,
      form: input.form,
      metadata: input.product_metadata,
      shippingGroupId: input.shipping_group,
      taxGroupId: input.tax_group,
      updatedAt: new Date(),
    })
    .where(eq(products.id, current.id))
    .returning();
  if (!row) throw notFound(current.key);

  const optionChange = {
    quantity: input.quantity,
    sku: input.sku,
    fetchSku,
    metadata: input.default_option_metadata,
  };
  if (Object.values(optionChange).some((v) => v !== undefined)) {
    await q
      .update(productOptions)
      .set(optionChange)
      .where(and(eq(productOptions.productId, current.id), eq(productOptions.isDefault, true)));
  }
  return row;
}

/** Deletes the product (its options, extras, media go with it); the others keep their order. */
export async function deleteProduct(q: Queryable, current: ProductRow): Promise<void> {
  await q.delete(products).where(eq(products.id, current.id));
}
