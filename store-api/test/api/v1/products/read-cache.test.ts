import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { eventually, jpeg, mediaConfig, mediaFolders, newProduct } from "./media-helpers.js";

/**
 * The read cache of the catalogue (src/api/read-cache.ts): repeated reads are
 * answered from memory, and no read ever shows the catalogue as it was before
 * a write that has answered, nor before an image import that has finished.
 */
describe("the catalogue's read cache", () => {
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders)));
    fs.writeFileSync(path.join(folders.importDir, "c.jpg"), await jpeg(120, 90));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  const names = async (query = "") => {
    const res = await api(store, admin, "GET", `/products${query}`);
    expect(res.status, res.text).toBe(200);
    return { names: (res.json as { name: string }[]).map((p) => p.name), total: res.res.headers.get("x-total-count") };
  };

  it("answers a repeated read from memory, with the same body and X-Total-Count", async () => {
    await newProduct(store, admin, "Cached mug");
    const first = await api(store, admin, "GET", "/products?count=5");
    expect(store.app.readCache.size).toBeGreaterThan(0);
    // PGlite is one process: no query of the database's generation (src/api/cache-generation.ts).
    expect(store.app.writeGeneration.shared).toBe(store.database.kind === "postgres");
    const second = await api(store, admin, "GET", "/products?count=5");
    expect(second.text).toBe(first.text);
    expect(second.res.headers.get("x-total-count")).toBe(first.res.headers.get("x-total-count"));
    expect(second.res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("shows every write at once: a rename, a new product, a delete, a sub-resource", async () => {
    const key = await newProduct(store, admin, "Before");
    expect((await names()).names).toContain("Before");

    expect((await api(store, admin, "PUT", `/products/${key}`, { name: "After" })).status).toBe(200);
    expect((await names()).names).toContain("After");
    expect((await names()).names).not.toContain("Before");

    const before = Number((await names()).total);
    const other = await newProduct(store, admin, "Another");
    expect(Number((await names()).total)).toBe(before + 1);

    expect((await api(store, admin, "POST", `/products/${other}/categories`, { categories: "Mugs" })).status).toBe(200);
    const listed = await api(store, admin, "GET", "/products/mugs");
    expect((listed.json as { key: string }[]).map((p) => p.key)).toEqual([other]);

    expect((await api(store, admin, "DELETE", `/products/${other}`)).status).toBe(200);
    expect(Number((await names()).total)).toBe(before);
    const single = await api(store, admin, "GET", `/products/${other}`);
    expect(single.status).toBe(404);
  });

  it("a refused write changes nothing, and the reads stay right", async () => {
    const key = await newProduct(store, admin, "Steady");
    const res = await api(store, admin, "PUT", `/products/${key}`, { price: "not money" });
    expect(res.status).toBe(422);
    expect((await names()).names).toContain("Steady");
  });

  it("shows an image once its import job has finished", async () => {
    const key = await newProduct(store, admin, "Imported");
    const images = async () =>
      ((await api(store, admin, "GET", `/products/${key}`)).json as { images: unknown[] }).images.length;
    expect(await images()).toBe(0);
    const res = await api(store, admin, "POST", `/products/${key}/images`, { images: JSON.stringify(["c.jpg"]) });
    expect(res.status, res.text).toBe(202);
    await eventually(async () => (await images()) === 1);
  });

  it("is off with STORE_API_READ_CACHE=0", async () => {
    const plain = await startStoreWithAdmin({ readCache: false });
    try {
      await api(plain.store, plain.admin, "GET", "/products");
      await api(plain.store, plain.admin, "GET", "/products");
      expect(plain.store.app.readCache.size).toBe(0);
      // Nor does it ask the database for its generation then.
      expect(plain.store.app.writeGeneration.shared).toBe(false);
    } finally {
      await plain.store.close();
    }
  });
});
