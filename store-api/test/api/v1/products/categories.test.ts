import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../../../../src/db/schema/index.js";
import {
  ageProduct,
  api,
  createProduct,
  expectError,
  modified,
  startCatalogueStore,
  type TestStore,
} from "../../../helpers/index.js";

/** /api/v1/products/{key}/categories and /categories/{category_slug} (docs/contract.md#catalogue-and-settings). */

describe("product categories", () => {
  let store: TestStore;
  let admin: string;
  let storefront: string;
  let clerk: string;

  beforeAll(async () => {
    ({ store, admin, storefront, clerk } = await startCatalogueStore());
  });
  afterAll(async () => {
    await store.close();
  });

  const create = (form: Record<string, string>) => createProduct(store, admin, form);
  const cats = async (key: string) => {
    const res = await api(store, admin, "GET", `/products/${key}/categories`);
    expect(res.status, res.text).toBe(200);
    return res.json as { name: string; slug: string }[];
  };
  const post = (key: string, value: string) =>
    api(store, admin, "POST", `/products/${key}/categories`, { categories: value });
  const categoryCount = async () => (await store.database.db.select({ n: count() }).from(categories))[0]!.n;

  it("GET lists the product's categories as {name, slug} objects, in their order", async () => {
    const p = await create({ name: "Listed", categories: "Kitchen, Gifts" });
    expect(await cats(p.key)).toEqual([
      { name: "Kitchen", slug: "kitchen" },
      { name: "Gifts", slug: "gifts" },
    ]);
    expect(await cats(p.slug)).toEqual(await cats(p.key));
    expect(await cats((await create({ name: "Uncategorised" })).key)).toEqual([]);
    expectError(await api(store, admin, "GET", "/products/no-such-product/categories"), 404);
  });

  it("POST replaces the whole set: new names create categories, names are matched without case, the others are removed", async () => {
    const p = await create({ name: "Replaced", categories: "Mugs, Gifts" });
    const res = await post(p.key, "gifts, Tea Time ,Mugs!");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([
      { name: "Gifts", slug: "gifts" },
      { name: "Tea Time", slug: "tea-time" },
      // "Mugs!" is another name than "Mugs", with a slug of its own.
      { name: "Mugs!", slug: "mugs-2" },
    ]);
    expect(await cats(p.key)).toEqual(res.json);
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.categories).toEqual([
      "Gifts",
      "Tea Time",
      "Mugs!",
    ]);
    // The same name twice counts once.
    expect((await post(p.key, "Tea time, TEA TIME")).json).toEqual([{ name: "Tea Time", slug: "tea-time" }]);
    // A JSON list works too (as on the product POST).
    const json = await api(store, admin, "POST", `/products/${p.key}/categories`, undefined, {
      json: { categories: ["Mugs", "New One"] },
    });
    expect(json.json).toEqual([
      { name: "Mugs", slug: "mugs" },
      { name: "New One", slug: "new-one" },
    ]);
  });

  it("an empty value removes every category and answers []", async () => {
    const p = await create({ name: "Emptied cats", categories: "A cat, B cat" });
    const res = await post(p.key, "");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([]);
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.categories).toEqual([]);
    const p2 = await create({ name: "Emptied cats 2", categories: "A cat" });
    const json = await api(store, admin, "POST", `/products/${p2.key}/categories`, undefined, {
      json: { categories: [] },
    });
    expect(json.json).toEqual([]);
  });

  it("bad input changes nothing and creates no category: a missing field or an empty name is a 422, a JSON list of numbers a 400", async () => {
    const p = await create({ name: "Kept cats", categories: "Keep" });
    const before = await categoryCount();
    expectError(await api(store, admin, "POST", `/products/${p.key}/categories`, {}), 422, ["categories"]);
    expectError(await post(p.key, "Brand new, , Other"), 422, ["categories"]);
    expectError(await post(p.key, Array.from({ length: 101 }, (_, i) => `Many ${i}`).join(",")), 422, ["categories"]);
    expectError(await post(p.key, `Fresh, ${"x".repeat(256)}`), 422, ["categories"]);
    expectError(await post(p.key, "[1, 2]"), 400, ["categories"]);
    expect(await cats(p.key)).toEqual([{ name: "Keep", slug: "keep" }]);
    expect(await categoryCount()).toBe(before);
  });

  it("GET one category by slug; a category the product is not in, or an unknown slug or product, is a 404", async () => {
    const p = await create({ name: "One cat", categories: "Outdoor, Garden" });
    await create({ name: "Elsewhere", categories: "Indoor" });
    const res = await api(store, admin, "GET", `/products/${p.key}/categories/garden`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ name: "Garden", slug: "garden" });
    expect((await api(store, admin, "GET", `/products/${p.slug}/categories/outdoor`)).json).toEqual({
      name: "Outdoor",
      slug: "outdoor",
    });
    for (const path of [
      `/products/${p.key}/categories/indoor`,
      `/products/${p.key}/categories/nowhere`,
      `/products/${p.key}/categories/Garden`,
      "/products/nope/categories/garden",
    ]) {
      expectError(await api(store, admin, "GET", path), 404);
    }
  });

  it("DELETE takes the product out of the category (true); the category stays for the others", async () => {
    const p = await create({ name: "Leaving", categories: "Shared, Mine" });
    const q = await create({ name: "Staying", categories: "Shared" });
    const res = await api(store, admin, "DELETE", `/products/${p.key}/categories/shared`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBe(true);
    expect(await cats(p.key)).toEqual([{ name: "Mine", slug: "mine" }]);
    expect(await cats(q.key)).toEqual([{ name: "Shared", slug: "shared" }]);
    expectError(await api(store, admin, "GET", `/products/${p.key}/categories/shared`), 404);
    expectError(await api(store, admin, "DELETE", `/products/${p.key}/categories/shared`), 404);
    // The category's listing no longer holds the product.
    const listing = (await api(store, admin, "GET", "/products/shared")).json as { key: string }[];
    expect(listing.map((x) => x.key)).toEqual([q.key]);
  });

  it("every write bumps the product's modified; a refused one does not", async () => {
    const p = await create({ name: "Modified cats", categories: "Timely" });
    const old = await ageProduct(store, p.key);
    await post(p.key, "Timely, Later");
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    await api(store, admin, "DELETE", `/products/${p.key}/categories/later`);
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    expectError(await api(store, admin, "DELETE", `/products/${p.key}/categories/later`), 404);
    expectError(await post(p.key, "Fine, "), 422);
    expect(await modified(store, admin, p.key)).toBe(old);
  });

  it("reads accept the storefront scope and need no permission; writes need admin and manage_products", async () => {
    const p = await create({ name: "Guarded cats", categories: "Guarded" });
    for (const token of [storefront, clerk]) {
      expect((await api(store, token, "GET", `/products/${p.key}/categories`)).status).toBe(200);
      expect((await api(store, token, "GET", `/products/${p.key}/categories/guarded`)).status).toBe(200);
      expectError(await api(store, token, "POST", `/products/${p.key}/categories`, { categories: "" }), 403);
      expectError(await api(store, token, "DELETE", `/products/${p.key}/categories/guarded`), 403);
    }
    expect(await cats(p.key)).toEqual([{ name: "Guarded", slug: "guarded" }]);
  });

  it("answers 405 for PUT", async () => {
    const p = await create({ name: "Cats methods", categories: "M" });
    expect((await api(store, admin, "PUT", `/products/${p.key}/categories`, { categories: "x" })).status).toBe(405);
    expect((await api(store, admin, "PUT", `/products/${p.key}/categories/m`, { name: "x" })).status).toBe(405);
  });
});
