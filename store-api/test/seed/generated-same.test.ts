import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoStore } from "../../src/seed/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * `seed --products N` makes the same store whatever the speed of its writing (src/seed/generated.ts): the
 * products read back through the API, less what is random or dated (keys, ids, times), hashed. The
 * figures were taken with the seed before its writes were sped up (one UPDATE giving the groups after the
 * INSERTs), so a change to how the rows are written that changes a row shows here. A change meant to
 * reshuffle the products (GENERATED_SEED, the templates) takes new figures.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- products as the API answers them
type Json = any;

const N = 400;

/** What is random, dated or the test server's own (its port, in url) in a product's answer: left out of the hash. */
const RANDOM = new Set(["key", "id", "created", "modified", "url"]);

function stable(value: Json): Json {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => !RANDOM.has(k))
        .sort()
        .map((k) => [k, stable(value[k])]),
    );
  }
  return value;
}

const sha = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

describe(`the generated products of seed --products ${N}`, () => {
  let store: TestStore;
  let products: Json[];

  beforeAll(async () => {
    let admin: string;
    ({ store, admin } = await startStoreWithAdmin());
    await seedDemoStore(store.database.db, { config: store.app.config }, { products: N, media: false });
    products = [];
    for (let page = 0; products.length < N; page++) {
      const res = await api(store, admin, "GET", `/products?count=250&page=${page}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json.length).toBeGreaterThan(0);
      products.push(...res.json);
    }
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });

  it("are those the seed made before its writes were sped up", () => {
    const generated = products.slice(66);
    const fields = (pick: (p: Json) => unknown) => sha(generated.map(pick));
    expect({
      names: fields((p) => p.name),
      slugs: fields((p) => p.slug),
      skus: fields((p) => [p.sku, p.options.map((o: Json) => o.sku ?? o.fetch_sku)]),
      prices: fields((p) => [p.price_raw, p.sale_price_raw, p.cost_raw]),
      groups: fields((p) => [p.shipping_group?.name ?? null, p.tax_group?.name ?? null]),
      everything: sha(generated.map(stable)),
    }).toEqual({
      names: "f8088e1503903177",
      slugs: "ad56556aa39da8fa",
      skus: "19b6edd9f94866b3",
      prices: "cc2645a0b31ed829",
      groups: "5ec1d3e6f8ecc8d9",
      everything: "e8b4c8786cf5b209",
    });
  });
});
