import "server-only";
import { z } from "zod";
import type { FormValue, StoreClient } from "../client";
import { StoreApiError, StoreForbiddenError, StoreNotFoundError, StoreScopeError } from "../errors";
import { reduceRepeatedMembers } from "../json-members";
import { anyBody, type ListRequest, listAll, listPage, oneOrListOfOne } from "../shapes";
import type { GroupChoices, ItemWrite, ProductFields } from "./edit";
import { categorySlugFromName, type Product, type ProductCategory, type ProductPage } from "./model";
import type { CatalogueProduct } from "./model-bulk";
import type { StockItem, StockWrite } from "./model-inventory";
import {
  groupRefFields,
  storeCatalogueProductSchema,
  storeCategorySchema,
  storeItemSchema,
  storeProductSchema,
  storeStockProductSchema,
  toCatalogueProduct,
  toProduct,
  toStockProduct,
} from "./schema";

/**
 * Cache tags of products reads. Every products read carries `all`; a read of
 * one product also carries its `one(key)`. A server action that changes
 * products names `all` in `invalidates` (docs/architecture.md).
 */
export const productTags = {
  all: "products",
  one: (key: string) => `product:${key}`,
} as const;

/**
 * Reading products needs no permission, and the storefront scope would do
 * (docs/contract.md#scopes-and-permissions); the dashboard holds admin.
 * Writes need manage_products.
 */
const readRequest = { scope: "admin", resource: "product" } as const;
const writeRequest = { ...readRequest, permission: "manage_products" } as const;

const productPath = (keyOrSlug: string) => `/api/v1/products/${encodeURIComponent(keyOrSlug)}`;

/** The store's default page size (docs/contract.md#lists). */
export const defaultProductPageSize = 20;

export interface PageRequest {
  /** Zero-based. */
  page?: number;
  count?: number;
}

function productList(path: string): ListRequest<Product> {
  return { ...readRequest, path, item: storeProductSchema.transform(toProduct), tags: [productTags.all] };
}

/** One page of the catalogue, in the store's order; `total` when it sends X-Total-Count. */
export async function listProducts(
  store: StoreClient,
  { page = 0, count = defaultProductPageSize }: PageRequest = {},
): Promise<ProductPage> {
  const result = await listPage(store, productList("/api/v1/products"), page, count);
  return { items: result.items, page, count, total: result.total ?? null };
}

/**
 * One page of the catalogue read lighter, for the whole-catalogue stream
 * (lib/store/products/api-bulk.ts): only what a BulkProduct is made from.
 */
export async function listCatalogueProducts(
  store: StoreClient,
  { page = 0, count = defaultProductPageSize }: PageRequest = {},
  { stock = false }: { stock?: boolean } = {},
): Promise<ProductPage<CatalogueProduct & { stock?: StockItem[] }>> {
  const result = await listPage(
    store,
    {
      ...readRequest,
      path: "/api/v1/products",
      // The inventory's reading adds the options' and extras' stock (docs/bulk-editing.md#inventory).
      item: stock
        ? storeStockProductSchema.transform(toStockProduct)
        : storeCatalogueProductSchema.transform(toCatalogueProduct),
      tags: [productTags.all],
      // Each product embeds its whole shipping and tax groups: read once a page, not 250 times.
      compact: (bytes) => reduceRepeatedMembers(bytes, ["shipping_group", "tax_group"], groupRefFields),
    },
    page,
    count,
  );
  return { items: result.items, page, count, total: result.total ?? null };
}

/** Every product of the catalogue (page after page: docs/contract.md#lists). */
export async function listAllProducts(store: StoreClient): Promise<Product[]> {
  return listAll(store, productList("/api/v1/products"), { pageSize: 100 });
}

/**
 * One page of a category's products: `GET /products/{category_slug}`. The
 * path is shared with single products, and a product key or slug wins over
 * a category slug (docs/contract.md#catalogue-and-settings): when one does,
 * the store answers that product, and the category cannot be listed.
 */
export async function listCategoryProducts(
  store: StoreClient,
  categorySlug: string,
  { page = 0, count = defaultProductPageSize }: PageRequest = {},
): Promise<ProductPage> {
  const item = storeProductSchema.transform(toProduct);
  let data: Product[] | Product;
  let headers: Headers;
  try {
    ({ data, headers } = await store.requestWithHeaders({
      ...readRequest,
      path: productPath(categorySlug),
      query: { page, count },
      tags: [productTags.all],
      schema: z.union([z.array(item), item]),
    }));
  } catch (error) {
    if (error instanceof StoreNotFoundError) {
      throw new StoreNotFoundError({
        status: 404,
        code: error.code,
        detail: error.detail,
        message: `The store has no category “${categorySlug}”. Check the category's slug, or show all products.`,
      });
    }
    throw error;
  }
  if (!Array.isArray(data)) {
    throw new StoreApiError({
      status: 422,
      code: "category_shadowed",
      message: `“${categorySlug}” is also the key or slug of the product “${data.name}”, so the store answers with that product instead of the category's list.`,
    });
  }
  const total = headers.get("x-total-count");
  return { items: data, page, count, total: total !== null && /^\d+$/.test(total.trim()) ? Number(total) : null };
}

/**
 * One product by its key or slug. The path is shared with categories: when
 * no product has this key or slug but a category has it, the store answers
 * the category's list, which is "no such product" here.
 */
export async function getProduct(store: StoreClient, keyOrSlug: string): Promise<Product> {
  const raw = await store.request({
    ...readRequest,
    id: keyOrSlug,
    path: productPath(keyOrSlug),
    tags: [productTags.all, productTags.one(keyOrSlug)],
    schema: z.union([storeProductSchema, z.array(z.unknown())]),
  });
  if (Array.isArray(raw)) {
    throw new StoreNotFoundError({
      status: 404,
      code: "not_found",
      message: `No product has the key or slug “${keyOrSlug}”: it is a category's slug.`,
    });
  }
  return toProduct(raw);
}

/** A product's categories with their slugs (`GET /products/{key}/categories`). */
export async function listProductCategories(store: StoreClient, key: string): Promise<ProductCategory[]> {
  const categories = await store.request({
    ...readRequest,
    id: key,
    path: `${productPath(key)}/categories`,
    tags: [productTags.all, productTags.one(key)],
    schema: z.array(z.unknown()),
  });
  return categories.flatMap((entry) => {
    const parsed = storeCategorySchema.safeParse(entry);
    if (!parsed.success) return [];
    const { name, slug } = parsed.data;
    return [{ name, slug: slug || categorySlugFromName(name) }];
  });
}

export interface CatalogueCategories {
  /** Every category some product is in, by name, with its slug. */
  categories: ProductCategory[];
  /** How many products were read to find them. */
  productCount: number;
}

/**
 * The categories the catalogue uses. The API lists no categories, so every
 * product is read (page after page) and their category names collected; the
 * slugs, which products do not carry, come from the categories of one
 * product per category (a guess from the name when that read fails).
 */
export async function listCatalogueCategories(store: StoreClient): Promise<CatalogueCategories> {
  const products = await listAllProducts(store);
  const byName = new Map<string, { name: string; holder: string }>();
  for (const product of products) {
    for (const name of product.categories) {
      const id = name.toLocaleLowerCase();
      if (!byName.has(id)) byName.set(id, { name, holder: product.key });
    }
  }

  const slugs = new Map<string, string>();
  const holders = [...new Set([...byName.values()].map((c) => c.holder))];
  // A few at a time: the store's rate limit is per token.
  for (let i = 0; i < holders.length; i += 4) {
    const batch = await Promise.all(
      holders.slice(i, i + 4).map((key) => listProductCategories(store, key).catch(() => [] as ProductCategory[])),
    );
    for (const category of batch.flat()) slugs.set(category.name.toLocaleLowerCase(), category.slug);
  }

  const categories = [...byName.entries()]
    .map(([id, { name }]) => ({ name, slug: slugs.get(id) ?? categorySlugFromName(name) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
  return { categories, productCount: products.length };
}

/* ---------- writes: the list's, and the editor's parts, each to its own endpoint (docs/contract.md#catalogue-and-settings) ---------- */

/** Changes a product's status (`PUT /products/{key}`: a list holding the product). */
export async function setProductStatus(store: StoreClient, key: string, status: string): Promise<Product> {
  const updated = await store.request({
    ...writeRequest,
    method: "PUT",
    id: key,
    path: productPath(key),
    form: { status },
    schema: oneOrListOfOne(storeProductSchema),
  });
  return toProduct(updated);
}

/** Deletes a product (`DELETE /products/{key}`: `true`, or any body). */
export async function deleteProduct(store: StoreClient, key: string): Promise<void> {
  await store.request({ ...writeRequest, method: "DELETE", id: key, path: productPath(key), schema: anyBody });
}

/** `POST /products`: everything at once; answers the product. */
export async function createProduct(store: StoreClient, fields: ProductFields): Promise<Product> {
  const created = await store.request({
    ...writeRequest,
    method: "POST",
    path: "/api/v1/products",
    form: fields,
    schema: oneOrListOfOne(storeProductSchema),
  });
  return toProduct(created);
}

/** `PUT /products/{key}` with the changed fields only; answers a list holding the product. */
export async function updateProduct(store: StoreClient, key: string, fields: ProductFields): Promise<Product> {
  const updated = await store.request({
    ...writeRequest,
    method: "PUT",
    id: key,
    path: productPath(key),
    form: fields,
    schema: oneOrListOfOne(storeProductSchema),
  });
  return toProduct(updated);
}

/**
 * Replace-all `POST /products/{key}/options|extras`: `options` (or `extras`)
 * a JSON list, existing rows carrying their key as `id`; an empty list
 * removes them all. The answer (every option, or the default one) is not
 * needed: the editor re-reads the product.
 */
export async function replaceProductItems(
  store: StoreClient,
  key: string,
  kind: "options" | "extras",
  items: readonly ItemWrite[],
): Promise<void> {
  await store.request({
    ...writeRequest,
    method: "POST",
    id: key,
    path: `${productPath(key)}/${kind}`,
    form: { [kind]: items as unknown as FormValue },
    schema: z.unknown(),
  });
}

/**
 * One option's or extra's stock: `PUT /products/{key}/options/{option_key}`
 * (or `/extras/{extra_key}`) with `quantity` alone (docs/contract.md#catalogue-and-settings:
 * a single PUT takes only its row's fields). An option answers a list
 * holding it, an extra itself; answers the quantity the store now holds.
 */
export async function updateStockItem(store: StoreClient, write: Omit<StockWrite, "row">): Promise<number> {
  const answer = await store.request({
    ...writeRequest,
    method: "PUT",
    id: write.product,
    path: `${productPath(write.product)}/${write.kind === "option" ? "options" : "extras"}/${encodeURIComponent(write.item)}`,
    form: { quantity: write.quantity },
    schema: oneOrListOfOne(storeItemSchema),
  });
  return answer.quantity ?? write.quantity;
}

/** Replace-all `POST /products/{key}/categories`: comma-separated names; empty removes them all. */
export async function replaceProductCategories(store: StoreClient, key: string, names: readonly string[]) {
  await store.request({
    ...writeRequest,
    method: "POST",
    id: key,
    path: `${productPath(key)}/categories`,
    form: { categories: names.join(",") },
    schema: z.unknown(),
  });
}

/* ---------- what the editor offers beside the product ---------- */

/**
 * The store's shipping or tax groups, or why there are none to show. They
 * need the permission to manage store settings, which a person editing
 * products may lack; and a store may not have the endpoint at all.
 */
const storeGroupSchema = z.looseObject({
  id: z.union([z.string().trim().min(1), z.number().transform(String)]),
  name: z.string().optional().catch(undefined),
});

export async function listGroupChoices(
  store: StoreClient,
  kind: "shipping_groups" | "tax_groups",
): Promise<GroupChoices> {
  try {
    const raw = await store.request({
      scope: "admin",
      permission: "manage_store_settings",
      path: `/api/v1/${kind}`,
      schema: z.array(z.unknown()),
    });
    const groups = raw.flatMap((entry) => {
      const parsed = storeGroupSchema.safeParse(entry);
      return parsed.success ? [{ id: parsed.data.id, name: parsed.data.name ?? null }] : [];
    });
    return { status: "ok", groups };
  } catch (error) {
    if (error instanceof StoreForbiddenError || error instanceof StoreScopeError)
      return { status: "forbidden", groups: [] };
    if (error instanceof StoreNotFoundError || (error instanceof StoreApiError && error.status === 405))
      return { status: "missing", groups: [] };
    if (error instanceof StoreApiError && error.status !== 401) return { status: "failed", groups: [] };
    throw error;
  }
}

export interface EditorContext {
  /** The catalogue's currency (of its first product); null for an empty catalogue. */
  currency: string | null;
  /** Every category name the catalogue uses, for the tag input's suggestions. */
  categories: string[];
  shippingGroups: GroupChoices;
  taxGroups: GroupChoices;
}

/**
 * What the editor offers beside the product: the categories in use (the API
 * lists none, so every product is read: docs/contract.md#catalogue-and-settings)
 * and the shipping and tax groups. None of it is needed to edit: a failure
 * leaves it empty rather than failing the page.
 */
export async function loadEditorContext(store: StoreClient): Promise<EditorContext> {
  const [products, shippingGroups, taxGroups] = await Promise.all([
    listAllProducts(store).catch(() => null),
    listGroupChoices(store, "shipping_groups").catch((): GroupChoices => ({ status: "failed", groups: [] })),
    listGroupChoices(store, "tax_groups").catch((): GroupChoices => ({ status: "failed", groups: [] })),
  ]);
  const names = new Map<string, string>();
  for (const product of products ?? [])
    for (const name of product.categories)
      if (!names.has(name.toLocaleLowerCase())) names.set(name.toLocaleLowerCase(), name);
  return {
    currency: products?.[0]?.currency ?? null,
    categories: [...names.values()].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    shippingGroups,
    taxGroups,
  };
}
