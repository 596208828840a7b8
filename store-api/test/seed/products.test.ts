import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingOrder } from "../../src/seed/catalogue.js";
import { PRODUCTS } from "../../src/seed/catalogue-data.js";
import { MAX_SEED_PRODUCTS, seedDemoStore, type SeedResult } from "../../src/seed/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * `seed --products N` (src/seed/generated.ts): the demo store with N products
 * in all, the catalogue's first, then generated ones, read back through the
 * API. 2,000 products, once (test/seed/cli.test.ts runs the flag through the
 * command line).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- products as the API answers them
type Json = any;

const N = 2000;

async function everyProduct(store: TestStore, token: string): Promise<Json[]> {
  const all: Json[] = [];
  for (let page = 0; ; page++) {
    const res = await api(store, token, "GET", `/products?count=250&page=${page}`);
    expect(res.status, res.text).toBe(200);
    all.push(...res.json);
    if (res.json.length < 250) return all;
  }
}

describe(`the demo store with ${N} products`, () => {
  let store: TestStore;
  let admin: string;
  let result: SeedResult;
  let products: Json[];

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
    result = await seedDemoStore(store.database.db, { config: store.app.config }, { products: N, media: false });
    products = await everyProduct(store, admin);
  }, 120_000);
  afterAll(async () => {
    await store.close();
  });

  it("has N products in all (X-Total-Count), the catalogue's first, then the generated ones", async () => {
    const res = await api(store, admin, "GET", "/products?count=1");
    expect(res.status, res.text).toBe(200);
    expect(res.res.headers.get("x-total-count")).toBe(String(N));
    expect(products).toHaveLength(N);
    expect(products.map((p) => p.order)).toEqual(products.map((_, i) => i + 1));
    const demo = PRODUCTS.length;
    expect(products.slice(0, demo).map((p) => p.name)).toEqual(listingOrder(PRODUCTS).map((t) => t.name));
    // Variations of the catalogue's templates, in their listing order: a collection name before, an edition after.
    expect(products[demo].name).toBe(`Alder ${products[0].name}`);
    expect(products[demo + 1].name).toBe(`Harbour ${products[1].name} — Studio Edition`);

    expect(result.parts.map((p) => p.name)).toEqual([
      "catalogue",
      "shipping and tax",
      "coupons",
      "orders",
      "generated products",
    ]);
    expect(result.parts.at(-1)!.summary).toMatch(new RegExp(`^${N - demo} generated products \\(${N} in all; `));
    // The orders are the plain seed's, made of the catalogue's products.
    expect((await api(store, admin, "GET", "/orders/count")).json).toEqual({ count: 320 });
  });

  it("gives every product its own name, slug, key and SKU", () => {
    for (const field of ["name", "slug", "key", "sku"]) {
      expect(new Set(products.map((p) => p[field])).size, field).toBe(N);
    }
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("makes realistic, varied products: prices above costs, sales, statuses, types, categories, options, groups", () => {
    const generated = products.slice(PRODUCTS.length);
    for (const p of generated) {
      expect(p.price_raw, p.name).toBeGreaterThan(0);
      expect(p.cost_raw, p.name).toBeGreaterThan(0);
      expect(p.cost_raw, p.name).toBeLessThan(p.price_raw);
      expect(p.description.startsWith(p.description_short), p.name).toBe(true);
      expect(p.categories.length, p.name).toBeGreaterThanOrEqual(1);
      if (p.status === "on sale") expect(p.sale_price_raw, p.name).toBeLessThan(p.price_raw);
      else expect(p.sale_price, p.name).toBeNull();
      if (p.status === "sold out") expect(p.quantity, p.name).toBe(0);
      if (p.type === "physical") {
        expect(p.weight, p.name).toBeGreaterThan(0);
        expect(["Standard shipping", "Large items"], p.name).toContain(p.shipping_group?.name);
        expect(p.tax_group?.name, p.name).toBe("US sales tax");
      } else {
        expect(p.shipping_group, p.name).toBeNull();
        expect(p.tax_group?.name, p.name).toBe("EU VAT (digital goods)");
      }
    }
    const count = (f: (p: Json) => boolean) => generated.filter(f).length;
    for (const status of ["available", "on sale", "hidden", "sold out", "coming soon"]) {
      expect(
        count((p) => p.status === status),
        status,
      ).toBeGreaterThan(20);
    }
    expect(count((p) => p.type === "digital")).toBeGreaterThan(10);
    expect(new Set(generated.map((p) => p.price_raw)).size).toBeGreaterThan(100);
    expect(new Set(generated.flatMap((p) => p.categories))).toEqual(
      new Set(products.slice(0, PRODUCTS.length).flatMap((p) => p.categories)),
    );

    const withOptions = generated.filter((p) => !p.options[0].default);
    expect(withOptions.length).toBeGreaterThan(generated.length / 3);
    expect(withOptions.length).toBeLessThan(generated.length);
    for (const p of withOptions) {
      for (const o of p.options) expect(o.fetch_sku.startsWith(`${p.sku}-`), p.name).toBe(true);
    }
    expect(count((p) => p.extras.length > 0)).toBeGreaterThan(100);
    expect(count((p) => p.form !== null)).toBeGreaterThan(10);
  });

  it("makes products readable through the API by key and by slug, and by category", async () => {
    for (const p of products.filter((_, i) => i % 97 === 0 || i === N - 1)) {
      const byKey = await api(store, admin, "GET", `/products/${p.key}`);
      expect(byKey.status, byKey.text).toBe(200);
      expect(byKey.json).toEqual(p);
      const bySlug = await api(store, admin, "GET", `/products/${p.slug}`);
      expect(bySlug.status, bySlug.text).toBe(200);
      expect(bySlug.json.key).toBe(p.key);
    }
    const apparel = await api(store, admin, "GET", "/products/apparel?count=5");
    expect(apparel.status, apparel.text).toBe(200);
    expect(Number(apparel.res.headers.get("x-total-count"))).toBe(
      products.filter((p) => p.categories.includes("Apparel")).length,
    );
  });

  it("makes the generated products searchable (q) and moves the catalogue's version (the extensions' triggers)", async () => {
    const last = products[N - 1];
    const option = last.options.find((o: Json) => o.fetch_sku && !o.default) ?? last.options[0];
    const sku = option.fetch_sku || last.sku;
    const found = await api(store, admin, "GET", `/products?q=${encodeURIComponent(sku)}&count=250`);
    expect(found.status, found.text).toBe(200);
    expect(found.res.headers.get("x-product-search")).toBe("applied");
    expect(found.json.map((p: Json) => p.key)).toContain(last.key);
    const version = Number(found.res.headers.get("x-catalogue-version"));
    expect(version).toBeGreaterThan(0);
    // The seed's words are the trigger's own (product_search_refresh, 0008_product_search.sql).
    const words = async () =>
      (await store.database.db.execute(
        sql`select words::text as words from product_search where product_id = (select id from products where key = ${last.key})`,
      )) as unknown as { rows: { words: string }[] };
    const seeded = (await words()).rows[0]?.words;
    await store.database.db.execute(
      sql`select product_search_refresh(array[(select id from products where key = ${last.key})])`,
    );
    expect(seeded).toBeTruthy();
    expect((await words()).rows[0]?.words).toBe(seeded);
    // Every product is new: the catalogue's changes (an extension) are not listed from before the seed.
    const changes = await api(store, admin, "GET", `/products_changes?since=${version - 1}`);
    expect(changes.status, changes.text).toBe(200);
    expect(changes.json).toMatchObject({ complete: false, products: [] });
    expect((await api(store, admin, "GET", `/products_changes?since=${version}`)).json.complete).toBe(true);
  });

  it("refuses a count out of range before touching the store", async () => {
    for (const bad of [0, -5, 1.5, MAX_SEED_PRODUCTS + 1, Number.NaN]) {
      await expect(
        seedDemoStore(store.database.db, { config: store.app.config }, { products: bad, media: false }),
      ).rejects.toThrow(RangeError);
    }
    expect((await api(store, admin, "GET", "/products?count=1")).res.headers.get("x-total-count")).toBe(String(N));
  });
});

describe("the demo store with fewer products than the catalogue", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  it("takes the catalogue's first N, and generates none", async () => {
    const result = await seedDemoStore(store.database.db, { config: store.app.config }, { products: 7, media: false });
    expect(result.parts.map((p) => p.name)).toEqual(["catalogue", "shipping and tax", "coupons", "orders"]);
    const products = await everyProduct(store, admin);
    expect(products.map((p) => p.name)).toEqual(
      listingOrder(PRODUCTS)
        .slice(0, 7)
        .map((t) => t.name),
    );
  });
});
