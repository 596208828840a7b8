import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../../../../src/db/schema/index.js";
import { api, createProduct, expectError, startCatalogueStore, type TestStore } from "../../../helpers/index.js";

/** GET /api/v1/products/{category_slug}: a category's products (docs/contract.md#catalogue-and-settings). */

describe("products of a category", () => {
  let store: TestStore;
  let admin: string;
  let storefront: string;

  beforeAll(async () => {
    ({ store, admin, storefront } = await startCatalogueStore());
  });
  afterAll(async () => {
    await store.close();
  });

  const create = (form: Record<string, string>) => createProduct(store, admin, form);
  const names = (list: { name: string }[]) => list.map((p) => p.name);

  it("lists the category's products as Products, in the products list's order, with X-Total-Count", async () => {
    await create({ name: "Teapot", categories: "Tea" });
    await create({ name: "Kettle", categories: "Kitchen" });
    await create({ name: "Cup", categories: "Tea, Kitchen" });
    await create({ name: "Strainer", categories: "tea", order: "5", reorder_products: "false" });
    await create({ name: "Leaves", categories: "Tea", order: "5", reorder_products: "false" });
    const all = names((await api(store, admin, "GET", "/products?count=250")).json);
    const res = await api(store, admin, "GET", "/products/tea");
    expect(res.status, res.text).toBe(200);
    expect(res.res.headers.get("x-total-count")).toBe("4");
    expect(names(res.json)).toEqual(all.filter((n) => ["Teapot", "Cup", "Strainer", "Leaves"].includes(n)));
    expect(names(res.json)).toEqual(["Cup", "Teapot", "Leaves", "Strainer"]);
    const cup = (await api(store, admin, "GET", "/products/cup")).json;
    expect(res.json[0]).toEqual(cup);
  });

  it("pages with page and count like the products list; bad values are 422s", async () => {
    const pages = [];
    for (let page = 0; page < 3; page++) {
      const res = await api(store, admin, "GET", `/products/tea?page=${page}&count=3`);
      expect(res.status, res.text).toBe(200);
      expect(res.res.headers.get("x-total-count")).toBe("4");
      pages.push(...names(res.json));
    }
    expect(pages).toEqual(["Cup", "Teapot", "Leaves", "Strainer"]);
    for (const q of ["count=0", "count=251", "page=-1", "page=x"]) {
      expectError(await api(store, admin, "GET", `/products/tea?${q}`), 422);
    }
  });

  it("a product's key or slug wins over a category's slug", async () => {
    // A category "Lamp" (slug lamp) and a product named Lamp (slug lamp).
    await create({ name: "Desk light", categories: "Lamp" });
    await create({ name: "Lamp" });
    const bySlug = await api(store, admin, "GET", "/products/lamp");
    expect(bySlug.json).toMatchObject({ name: "Lamp", slug: "lamp" });
    expect(bySlug.res.headers.get("x-total-count")).toBeNull();
    // A category whose slug is a product's key.
    const keyed = await create({ name: "Keyed" });
    await store.app.readCache.write(() =>
      store.database.db.update(categories).set({ slug: keyed.key }).where(eq(categories.slug, "lamp")),
    );
    expect((await api(store, admin, "GET", `/products/${keyed.key}`)).json).toMatchObject({ key: keyed.key });
  });

  it("a category without products any more lists none; an unknown slug is a 404 naming it", async () => {
    const p = await create({ name: "Lonely", categories: "Solitude" });
    await api(store, admin, "POST", `/products/${p.key}/categories`, { categories: "" });
    const res = await api(store, admin, "GET", "/products/solitude");
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([]);
    expect(res.res.headers.get("x-total-count")).toBe("0");
    const missing = await api(store, admin, "GET", "/products/no-such-thing");
    expectError(missing, 404);
    expect(missing.json.error).toBe("not_found");
    expect(missing.json.error_description).toContain("no-such-thing");
    expect(missing.json.error_description).toMatch(/product or category/);
  });

  it("accepts the storefront scope", async () => {
    const res = await api(store, storefront, "GET", "/products/kitchen");
    expect(res.status, res.text).toBe(200);
    expect(names(res.json).sort()).toEqual(["Cup", "Kettle"]);
  });
});
