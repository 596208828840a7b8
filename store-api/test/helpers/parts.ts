import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { products } from "../../src/db/schema/index.js";
import { api } from "./http.js";
import { addUser, seedToken, startStoreWithAdmin, type TestStore, writeBehindApi } from "./store.js";

/**
 * What the tests of the catalogue (products, their categories, options and
 * extras) and of the other resources with the same error checks (coupons,
 * shipping and tax groups) share.
 */

export type Res = Awaited<ReturnType<typeof api>>;

export function expectError(res: Res, status: number, fields?: string[]) {
  expect(res.status, res.text).toBe(status);
  expect(res.json.error).toEqual(expect.any(String));
  expect(res.json.error_description).toEqual(expect.any(String));
  if (fields) expect(Object.keys(res.json.fields ?? {}).sort()).toEqual([...fields].sort());
}

/** Creates a product that must be accepted; its JSON. */
export async function createProduct(store: TestStore, token: string, form: Record<string, string>) {
  const res = await api(store, token, "POST", "/products", form);
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/**
 * A store with three tokens: `admin` (every permission), `storefront` (the
 * storefront scope only) and `clerk` (the admin scope, without manage_products).
 */
export async function startCatalogueStore() {
  const { store, admin, client } = await startStoreWithAdmin();
  const owner = await addUser(store, { email: "shop@example.com" });
  const storefront = (await seedToken(store, client, owner, "storefront")).access_token;
  const clerkUser = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders"] });
  const clerk = (await seedToken(store, client, clerkUser, "admin")).access_token;
  return { store, admin, storefront, clerk };
}

/** Sets the product's `modified` back to 2020, so that a later change shows (no waiting for the clock). */
export async function ageProduct(store: TestStore, key: string) {
  // Behind the API's back: bracketed like any write, so that no cached read outlives it (src/api/read-cache.ts).
  await writeBehindApi(store, () =>
    store.database.db
      .update(products)
      .set({ updatedAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(products.key, key)),
  );
  return Math.floor(new Date("2020-01-01T00:00:00Z").getTime() / 1000);
}

/** The product's `modified`, read through the API. */
export async function modified(store: TestStore, token: string, key: string): Promise<number> {
  const res = await api(store, token, "GET", `/products/${key}`);
  expect(res.status, res.text).toBe(200);
  return res.json.modified as number;
}
