import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createProduct, expectError, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";

/**
 * The product search (`?q=` on GET /products and a category's list, an extension: docs/contract.md#extensions):
 * each word of q starts a word of the name, the slug or a SKU (the product's `sku` and `fetch_sku`, each
 * option's `fetch_sku`), case ignored; X-Total-Count counts the matches and
 * `X-Product-Search: applied` says the store searched.
 */

let store: TestStore;
let admin: string;

const tee = JSON.stringify(
  ["NAVY", "HEATHER-GREY"].map((colour, i) => ({
    metadata: { Colour: colour },
    quantity: i + 1,
    surcharge: 0,
    fetch_sku: `APP-TEE-M-${colour}`,
  })),
);

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
  // Created oldest first: the list shows the newest first (all at order 1).
  await createProduct(store, admin, { name: "Blue ceramic mug", sku: "MUG-BLU-01", categories: "Kitchen" });
  await createProduct(store, admin, { name: "Organic cotton crew tee", options: tee, categories: "Apparel" });
  await createProduct(store, admin, { name: "Mugwort tea", fetch_sku: "DL-TEA-7", categories: "Kitchen" });
  await createProduct(store, admin, { name: "Bluebird poster", sku: "ART-22" });
  for (let i = 1; i <= 5; i++) await createProduct(store, admin, { name: `Sock pair ${i}`, sku: `SOCK-${i}` });
});
afterAll(() => store.close());

const names = (list: { name: string }[]) => list.map((p) => p.name);

async function search(q: string, extra = "", path = "/products") {
  return api(store, admin, "GET", `${path}?q=${encodeURIComponent(q)}${extra}`);
}

describe("GET /products?q= (the product search extension)", () => {
  it("finds by the start of a word of the name, case ignored, and says it searched", async () => {
    const res = await search("MUG");
    expect(res.status, res.text).toBe(200);
    expect(names(res.json)).toEqual(["Mugwort tea", "Blue ceramic mug"]);
    expect(res.res.headers.get("x-total-count")).toBe("2");
    expect(res.res.headers.get("x-product-search")).toBe("applied");
    // Every word must start a word: "blue m" is the mug, not the poster (bluebird) nor the tea.
    expect(names((await search("blue m")).json)).toEqual(["Blue ceramic mug"]);
    expect(names((await search("blu")).json)).toEqual(["Bluebird poster", "Blue ceramic mug"]);
    // Not inside a word.
    expect((await search("eramic")).json).toEqual([]);
  });

  it("finds by slug", async () => {
    expect(names((await search("organic-cotton-crew")).json)).toEqual(["Organic cotton crew tee"]);
  });

  it("finds by the product's SKU and fetch_sku, and by any option's SKU", async () => {
    expect(names((await search("MUG-BLU-01")).json)).toEqual(["Blue ceramic mug"]);
    expect(names((await search("art-22")).json)).toEqual(["Bluebird poster"]);
    expect(names((await search("DL-TEA")).json)).toEqual(["Mugwort tea"]);
    // An option's SKU (its fetch_sku), whole or its start.
    expect(names((await search("APP-TEE-M-NAVY")).json)).toEqual(["Organic cotton crew tee"]);
    expect(names((await search("app-tee-m-nav")).json)).toEqual(["Organic cotton crew tee"]);
    expect(names((await search("tee-m-heather")).json)).toEqual(["Organic cotton crew tee"]);
    // Words of the name and of the SKUs together; a word found nowhere finds nothing.
    expect(names((await search("crew tee navy")).json)).toEqual(["Organic cotton crew tee"]);
    expect((await search("navy mug")).json).toEqual([]);
  });

  it("pages the matches in the list's order; X-Total-Count counts them all", async () => {
    const first = await search("sock", "&count=2");
    expect(names(first.json)).toEqual(["Sock pair 5", "Sock pair 4"]);
    expect(first.res.headers.get("x-total-count")).toBe("5");
    const last = await search("sock", "&count=2&page=2");
    expect(names(last.json)).toEqual(["Sock pair 1"]);
    expect(last.res.headers.get("x-total-count")).toBe("5");
    const past = await search("sock", "&count=2&page=3");
    expect(past.json).toEqual([]);
    expect(past.res.headers.get("x-total-count")).toBe("5");
  });

  it("combines with the category filter (GET /products/{category_slug}?q=)", async () => {
    const res = await search("mug", "", "/products/kitchen");
    expect(res.status, res.text).toBe(200);
    expect(names(res.json)).toEqual(["Mugwort tea", "Blue ceramic mug"]);
    expect(res.res.headers.get("x-product-search")).toBe("applied");
    const tea = await search("tea", "", "/products/kitchen");
    expect(names(tea.json)).toEqual(["Mugwort tea"]);
    expect(tea.res.headers.get("x-total-count")).toBe("1");
    expect((await search("navy", "", "/products/kitchen")).json).toEqual([]);
  });

  it("without q, lists every product and says nothing of a search", async () => {
    const res = await api(store, admin, "GET", "/products?count=100");
    expect(res.json).toHaveLength(9);
    expect(res.res.headers.get("x-product-search")).toBeNull();
  });

  it("a blank, punctuation-only or too long q is a 422 naming q", async () => {
    expectError(await search(""), 422, ["q"]);
    expectError(await search("   "), 422, ["q"]);
    expectError(await search("-- %"), 422, ["q"]);
    expectError(await search("x".repeat(101)), 422, ["q"]);
  });

  it("takes the query's characters literally (quotes, tsquery's own operators)", async () => {
    for (const q of ["mug's", "mug & !tea", "mug:* | tea", "'mug'", "mug\\"]) {
      const res = await search(q);
      expect(res.status, `${q}: ${res.text}`).toBe(200);
    }
    expect(names((await search("mug & !tea")).json)).toEqual(["Mugwort tea"]);
  });

  it("follows a rename, an option's new SKU, options replaced and a delete", async () => {
    const lamp = await createProduct(store, admin, {
      name: "Desk lamp",
      options: JSON.stringify([{ metadata: { Finish: "Brass" }, quantity: 1, surcharge: 0, fetch_sku: "LMP-BRS" }]),
    });
    expect(names((await search("lmp-brs")).json)).toEqual(["Desk lamp"]);
    expect((await api(store, admin, "PUT", `/products/${lamp.key}`, { name: "Reading light" })).status).toBe(200);
    expect(names((await search("reading light")).json)).toEqual(["Reading light"]);
    // Its slug (desk-lamp) stays, and finds it still.
    expect((await search("desk lamp", "&count=100")).json.map((p: { slug: string }) => p.slug)).toEqual(["desk-lamp"]);
    const option = lamp.options[0].key as string;
    const put = await api(store, admin, "PUT", `/products/${lamp.key}/options/${option}`, { fetch_sku: "LMP-CHR" });
    expect(put.status, put.text).toBe(200);
    expect((await search("lmp-brs")).json).toEqual([]);
    expect(names((await search("lmp-chr")).json)).toEqual(["Reading light"]);
    const replaced = await api(store, admin, "POST", `/products/${lamp.key}/options`, {
      options: JSON.stringify([{ metadata: { Finish: "Black" }, quantity: 1, surcharge: 0, fetch_sku: "LMP-BLK" }]),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await search("lmp-chr")).json).toEqual([]);
    expect(names((await search("lmp-blk")).json)).toEqual(["Reading light"]);
    expect((await api(store, admin, "DELETE", `/products/${lamp.key}`)).status).toBe(200);
    expect((await search("lmp")).json).toEqual([]);
  });

  it("browsers may read the header (CORS)", async () => {
    const res = await fetch(`${store.url}/api/v1/products?q=mug`, {
      headers: { authorization: `Bearer ${admin}`, origin: "http://dashboard.test" },
    });
    expect(res.headers.get("access-control-expose-headers")).toMatch(/X-Product-Search/);
  });
});
