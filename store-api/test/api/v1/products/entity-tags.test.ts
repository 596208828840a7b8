import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createProduct,
  startAnotherInstance,
  startStoreWithAdmin,
  type TestStore,
  writeBehindApi,
} from "../../../helpers/index.js";

/**
 * Entity tags of the product reads (an extension: docs/contract.md#extensions). A list page's ETag is made of
 * the catalogue's version, which changes with anything any product shows, and of the request's parameters:
 * the first page of one product keeps its tag exactly as long as no product changed anywhere. If-None-Match
 * naming it answers 304, without a body.
 */

let store: TestStore;
let admin: string;
/** The product the writes below change: not on the first page of one product (it is the oldest). */
let oldest: { key: string; options: { key: string }[] };
let group: number;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
  const made = await api(store, admin, "POST", "/shipping_groups", { name: "Parcels" });
  expect(made.status, made.text).toBe(201);
  group = made.json[0].id as number;
  oldest = await createProduct(store, admin, {
    name: "Oldest lamp",
    shipping_group: String(group),
    categories: "Lights",
  });
  await createProduct(store, admin, { name: "Newest vase" });
});
afterAll(() => store.close());

async function get(target: TestStore, path: string, tag?: string) {
  return api(target, admin, "GET", path, undefined, tag ? { headers: { "if-none-match": tag } } : {});
}

/** The tag of the first page of one product: it names the whole catalogue's version. */
async function firstPageTag(target = store) {
  const res = await get(target, "/products?page=0&count=1");
  expect(res.status, res.text).toBe(200);
  const tag = res.res.headers.get("etag");
  expect(tag).toMatch(/^"[^"]+"$/);
  expect(res.res.headers.get("x-catalogue-version")).toMatch(/^\d+$/);
  return tag!;
}

describe("ETag on GET /products (the entity tag extension)", () => {
  it("stays the same while nothing changes, and differs by the request's parameters", async () => {
    const tag = await firstPageTag();
    expect(await firstPageTag()).toBe(tag);
    const others = await Promise.all(
      ["/products?page=1&count=1", "/products?count=2", "/products?q=lamp", "/products/lights"].map(async (path) => {
        const res = await get(store, path);
        expect(res.status, res.text).toBe(200);
        return res.res.headers.get("etag");
      }),
    );
    expect(new Set([tag, ...others]).size).toBe(5);
  });

  it("If-None-Match naming the tag answers 304 without a body; another tag, a 200", async () => {
    const tag = await firstPageTag();
    const same = await get(store, "/products?page=0&count=1", tag);
    expect(same.status).toBe(304);
    expect(same.text).toBe("");
    expect(same.res.headers.get("etag")).toBe(tag);
    // Weak, or one of a list.
    expect((await get(store, "/products?page=0&count=1", `W/${tag}`)).status).toBe(304);
    expect((await get(store, "/products?page=0&count=1", `"other", ${tag}`)).status).toBe(304);
    const other = await get(store, "/products?page=0&count=1", '"0-other"');
    expect(other.status).toBe(200);
    expect(other.json).toHaveLength(1);
    // A tag of another page is not this page's.
    expect((await get(store, "/products?page=1&count=1", tag)).status).toBe(200);
  });

  it("GET /products/{key} has its tag too, and answers 304 to it", async () => {
    const res = await get(store, `/products/${oldest.key}`);
    const tag = res.res.headers.get("etag")!;
    expect(tag).toBeTruthy();
    expect((await get(store, `/products/${oldest.key}`, tag)).status).toBe(304);
    // An unknown key is a 404, with no tag to hold.
    const missing = await get(store, "/products/no-such-thing");
    expect(missing.status).toBe(404);
    expect(missing.res.headers.get("etag")).toBeNull();
  });

  /** Each change moves the tag of the first page of one product, which does not show the product changed. */
  const changes: [string, () => Promise<unknown>][] = [
    ["an update of the product", () => api(store, admin, "PUT", `/products/${oldest.key}`, { price: "12" })],
    [
      "an option written",
      () =>
        api(store, admin, "POST", `/products/${oldest.key}/options`, {
          options: JSON.stringify([{ metadata: { Size: "S" }, quantity: 3, surcharge: 0 }]),
        }),
    ],
    [
      "an extra written",
      () =>
        api(store, admin, "POST", `/products/${oldest.key}/extras`, {
          extras: JSON.stringify([{ metadata: { Gift: "wrap" }, quantity: -1, surcharge: 1 }]),
        }),
    ],
    ["its categories", () => api(store, admin, "POST", `/products/${oldest.key}/categories`, { categories: "Lamps" })],
    ["its shipping group renamed", () => api(store, admin, "PUT", `/shipping_groups/${group}`, { name: "Boxes" })],
    [
      "a stock change behind the API (an order's, a job's)",
      () =>
        writeBehindApi(store, () =>
          store.database.db.execute(sql`update product_options set quantity = quantity + 1
            where product_id = (select id from products where key = ${oldest.key})`),
        ),
    ],
    ["a new product", () => createProduct(store, admin, { name: "Another chair", order: "5" })],
    ["a delete", () => api(store, admin, "DELETE", `/products/${oldest.key}`)],
  ];
  for (const [what, change] of changes) {
    it(`changes after ${what}`, async () => {
      const before = await firstPageTag();
      const page = (await get(store, "/products?page=0&count=1")).json;
      await change();
      const after = await firstPageTag();
      expect(after).not.toBe(before);
      // The page itself did not change: only the tag says that something elsewhere did.
      expect((await get(store, "/products?page=0&count=1")).json).toEqual(page);
      expect((await get(store, "/products?page=0&count=1", before)).status).toBe(200);
      expect((await get(store, "/products?page=0&count=1", after)).status).toBe(304);
    });
  }

  it("the version moves by one a transaction, however many rows it wrote", async () => {
    const version = async () => Number((await get(store, "/products?count=1")).res.headers.get("x-catalogue-version"));
    const before = await version();
    // A product with options, extras and categories, at the top: every other product shifts down.
    await createProduct(store, admin, {
      name: "Bundle",
      options: JSON.stringify([1, 2, 3].map((n) => ({ metadata: { Size: String(n) }, quantity: n, surcharge: 0 }))),
      extras: JSON.stringify([{ metadata: { Gift: "wrap" }, quantity: -1, surcharge: 1 }]),
      categories: "Sets, Gifts",
    });
    expect(await version()).toBe(before + 1);
  });

  it("a write refused (a 422) changes nothing, the tag neither", async () => {
    const before = await firstPageTag();
    const res = await api(store, admin, "POST", "/products", { name: "" });
    expect(res.status).toBe(422);
    expect(await firstPageTag()).toBe(before);
  });

  it("browsers may read ETag and X-Catalogue-Version, and send If-None-Match (CORS)", async () => {
    const res = await fetch(`${store.url}/api/v1/products`, {
      headers: { authorization: `Bearer ${admin}`, origin: "http://dashboard.test" },
    });
    expect(res.headers.get("access-control-expose-headers")).toMatch(/ETag.*X-Catalogue-Version/);
    const preflight = await fetch(`${store.url}/api/v1/products`, {
      method: "OPTIONS",
      headers: {
        origin: "http://dashboard.test",
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization, if-none-match",
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/If-None-Match/);
  });
});

/** PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite belongs to one process. */
describe.skipIf(!process.env.TEST_DATABASE_URL)("ETag across two instances on one PostgreSQL", () => {
  let b: TestStore;
  beforeAll(async () => {
    b = await startAnotherInstance(store);
  });
  afterAll(() => b?.close());

  const versionOn = async (target: TestStore) =>
    (await get(target, "/products?page=0&count=1")).res.headers.get("x-catalogue-version");

  it("a write answered by A moves the tag B answers at once, and B's old tag is a 200 again", async () => {
    for (let i = 0; i < 20; i++) {
      // B keeps the page and a search in its read cache, then A writes a product that page does not show.
      const before = await firstPageTag(b);
      expect((await get(b, "/products?page=0&count=1", before)).status).toBe(304);
      const searched = await get(b, "/products?q=chair");
      const made = await createProduct(store, admin, { name: `Chair ${i}`, order: "9" });
      const after = await firstPageTag(b);
      expect(after, `write ${i}`).not.toBe(before);
      expect((await get(b, "/products?page=0&count=1", before)).status, `write ${i}`).toBe(200);
      expect((await get(b, "/products?q=chair", searched.res.headers.get("etag")!)).status, `write ${i}`).toBe(200);
      // Both instances read one version (their tags differ only by their public URLs, part of the answer).
      expect(await versionOn(store)).toBe(await versionOn(b));
      const found = await get(b, "/products?q=chair&count=100");
      expect(found.json.map((p: { key: string }) => p.key)).toContain(made.key);
    }
  });
});
