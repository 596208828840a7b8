import "server-only";
import { z } from "zod";
import type { FormValue, StoreClient } from "../client";
import { StoreApiError, StoreForbiddenError, StoreNotFoundError, StoreScopeError } from "../errors";
import { oneOrListOfOne } from "../shapes";
import type { GroupChoices, ItemWrite, ProductFields } from "./edit";
import type { Product } from "./model";
import { storeProductSchema, toProduct } from "./schema";

/**
 * The product editor's store calls: the writes of each part, each to its own
 * endpoint (docs/contract.md#catalogue-and-settings), and the shipping and
 * tax groups its pickers list. Payloads are built by ./edit.ts.
 */

const writeRequest = { scope: "admin", resource: "product", permission: "manage_products" } as const;
const productPath = (key: string) => `/api/v1/products/${encodeURIComponent(key)}`;

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

/* ---------- the groups the pickers list ---------- */

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
