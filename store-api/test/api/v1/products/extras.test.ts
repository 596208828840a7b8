import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ageProduct,
  api,
  createProduct,
  expectError,
  modified,
  startCatalogueStore,
  type TestStore,
} from "../../../helpers/index.js";

/** /api/v1/products/{key}/extras and /extras/{extra_key} (docs/contract.md#catalogue-and-settings). */

const extrasOf = (...names: string[]) =>
  JSON.stringify(names.map((name, i) => ({ metadata: { [name]: "yes" }, quantity: -1, surcharge: i + 1 })));

describe("product extras", () => {
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
  const extras = async (key: string) => {
    const res = await api(store, admin, "GET", `/products/${key}/extras`);
    expect(res.status, res.text).toBe(200);
    return res.json as { key: string; metadata: Record<string, unknown>; order: number }[];
  };
  const post = (key: string, value: string) => api(store, admin, "POST", `/products/${key}/extras`, { extras: value });

  it("a product without extras lists none", async () => {
    const p = await create({ name: "No extras" });
    expect(await extras(p.key)).toEqual([]);
    expect(await extras(p.slug)).toEqual([]);
  });

  it("POST creates the extras and answers them all, in order; the product shows them", async () => {
    const p = await create({ name: "Gift box" });
    const res = await post(
      p.key,
      JSON.stringify([
        { metadata: { "Gift wrap": "yes" }, quantity: 10, surcharge: "$3", cost: "1.10", weight: 0.1 },
        { metadata: { Card: "Birthday" }, quantity: -1, surcharge: 0.5 },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([
      {
        key: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
        metadata: { "Gift wrap": "yes" },
        quantity: 10,
        surcharge: "$3.00",
        surcharge_raw: 3,
        cost: "$1.10",
        cost_raw: 1.1,
        weight: 0.1,
        order: 1,
        currency: "USD",
      },
      expect.objectContaining({ metadata: { Card: "Birthday" }, quantity: -1, surcharge: "$0.50", order: 2 }),
    ]);
    expect(res.json[0]).not.toHaveProperty("default");
    expect(res.json[0]).not.toHaveProperty("fetch_sku");
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.extras).toEqual(res.json);
  });

  it("replace-all: an id keeps and updates its extra, no id creates one, the ones left out are deleted", async () => {
    const p = await create({ name: "Replace extras", extras: extrasOf("A", "B", "C") });
    const [a, b, c] = p.extras as { key: string }[];
    await api(store, admin, "PUT", `/products/${p.key}/extras/${b!.key}`, { cost: "2", weight: "3" });
    const res = await post(
      p.key,
      JSON.stringify([
        { id: b!.key, metadata: { B: "changed" }, quantity: 4, surcharge: 9 },
        { metadata: { D: "new" }, quantity: 1, surcharge: 0 },
        { id: a!.key, metadata: { A: "yes" }, quantity: -1, surcharge: 1 },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    const list = res.json as { key: string; metadata: object; order: number }[];
    expect(list.map((e) => [e.metadata, e.order])).toEqual([
      [{ B: "changed" }, 1],
      [{ D: "new" }, 2],
      [{ A: "yes" }, 3],
    ]);
    expect(list[0]!.key).toBe(b!.key);
    expect(list[2]!.key).toBe(a!.key);
    expect(list[0]).toMatchObject({ cost: "$2.00", weight: 3, surcharge: "$9.00", quantity: 4 });
    expectError(await api(store, admin, "GET", `/products/${p.key}/extras/${c!.key}`), 404);
    expect(await extras(p.key)).toEqual(list);
  });

  it("an id of another product's extra, an unknown or repeated id is a 422 naming extras; one bad item changes nothing", async () => {
    const mine = await create({ name: "Mine extras", extras: extrasOf("A", "B") });
    const other = await create({ name: "Other extras", extras: extrasOf("X") });
    const before = await extras(mine.key);
    const item = (id: string) => ({ id, metadata: { Z: "z" }, quantity: 1, surcharge: 0 });
    const fresh = { metadata: { N: "new" }, quantity: 1, surcharge: 0 };
    for (const list of [
      [fresh, item(other.extras[0].key)],
      [item("no-such-extra")],
      [item(before[0]!.key), item(before[0]!.key)],
      [fresh, { metadata: {}, quantity: 1, surcharge: 0 }],
      [fresh, { metadata: { N: "x" }, quantity: 1 }],
      [fresh, { metadata: { N: "x" }, surcharge: 1 }],
      [fresh, { metadata: { N: "x" }, quantity: 1, surcharge: "€2" }],
    ]) {
      expectError(await post(mine.key, JSON.stringify(list)), 422, ["extras"]);
    }
    expect(await extras(mine.key)).toEqual(before);
    expect(await extras(other.key)).toEqual(other.extras);
  });

  it("bad JSON is a 400 naming extras; nothing changes", async () => {
    const p = await create({ name: "Json extras", extras: extrasOf("A") });
    for (const value of ["[{", '{"a": 1}', "[1, 2]"]) expectError(await post(p.key, value), 400, ["extras"]);
    expect(await extras(p.key)).toEqual(p.extras);
  });

  it("an empty value deletes every extra and answers []", async () => {
    for (const empty of ["", "[]"]) {
      const p = await create({ name: "Emptied extras", extras: extrasOf("A", "B") });
      const res = await post(p.key, empty);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual([]);
      expect((await api(store, admin, "GET", `/products/${p.key}`)).json.extras).toEqual([]);
    }
  });

  it("GET one extra; another product's or an unknown one is a 404", async () => {
    const p = await create({ name: "One extra", extras: extrasOf("A", "B") });
    const other = await create({ name: "One extra other", extras: extrasOf("X") });
    const got = await api(store, admin, "GET", `/products/${p.slug}/extras/${p.extras[1].key}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(p.extras[1]);
    for (const path of [
      `/products/${p.key}/extras/${other.extras[0].key}`,
      `/products/${p.key}/extras/nope`,
      `/products/nope/extras/${p.extras[0].key}`,
    ]) {
      expectError(await api(store, admin, "GET", path), 404);
    }
  });

  it("PUT takes surcharge, quantity, cost and weight and answers the extra (an object)", async () => {
    const p = await create({ name: "Put extra", extras: extrasOf("A") });
    const key = p.extras[0].key;
    const res = await api(store, admin, "PUT", `/products/${p.key}/extras/${key}`, {
      surcharge: "4.5",
      quantity: "7",
      cost: "$1",
      weight: "2",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      key,
      metadata: { A: "yes" },
      quantity: 7,
      surcharge: "$4.50",
      surcharge_raw: 4.5,
      cost: "$1.00",
      cost_raw: 1,
      weight: 2,
      order: 1,
      currency: "USD",
    });
    expect((await api(store, admin, "GET", `/products/${p.key}/extras/${key}`)).json).toEqual(res.json);
  });

  it("PUT refuses fields not in its row, fetch_sku included (422 naming it), and changes nothing", async () => {
    const p = await create({ name: "Narrow extra", extras: extrasOf("A") });
    const path = `/products/${p.key}/extras/${p.extras[0].key}`;
    for (const field of ["fetch_sku", "metadata", "order", "id", "default", "cost_raw"]) {
      expectError(await api(store, admin, "PUT", path, { [field]: "1", quantity: "3" }), 422, [field]);
    }
    expectError(await api(store, admin, "PUT", path, { quantity: "1.5", cost: "abc" }), 422, ["quantity", "cost"]);
    expect((await api(store, admin, "GET", path)).json).toEqual(p.extras[0]);
  });

  it("DELETE answers true and closes the gap", async () => {
    const p = await create({ name: "Delete extra", extras: extrasOf("A", "B", "C") });
    const [a, b, c] = p.extras as { key: string }[];
    const res = await api(store, admin, "DELETE", `/products/${p.key}/extras/${a!.key}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBe(true);
    expect((await extras(p.key)).map((e) => [e.key, e.order])).toEqual([
      [b!.key, 1],
      [c!.key, 2],
    ]);
    expectError(await api(store, admin, "DELETE", `/products/${p.key}/extras/${a!.key}`), 404);
  });

  it("every write bumps the product's modified; a refused one does not", async () => {
    const p = await create({ name: "Modified extras" });
    const old = await ageProduct(store, p.key);
    const [e] = (await post(p.key, extrasOf("A", "B"))).json as { key: string }[];
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    await api(store, admin, "PUT", `/products/${p.key}/extras/${e!.key}`, { quantity: "3" });
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    await api(store, admin, "DELETE", `/products/${p.key}/extras/${e!.key}`);
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    expectError(await api(store, admin, "PUT", `/products/${p.key}/extras/nope`, { quantity: "3" }), 404);
    expect(await modified(store, admin, p.key)).toBe(old);
  });

  it("reads accept the storefront scope and need no permission; writes need admin and manage_products", async () => {
    const p = await create({ name: "Guarded extras", extras: extrasOf("A") });
    const key = p.extras[0].key;
    for (const token of [storefront, clerk]) {
      expect((await api(store, token, "GET", `/products/${p.key}/extras`)).status).toBe(200);
      expect((await api(store, token, "GET", `/products/${p.key}/extras/${key}`)).status).toBe(200);
      expectError(await api(store, token, "POST", `/products/${p.key}/extras`, { extras: "[]" }), 403);
      expectError(await api(store, token, "PUT", `/products/${p.key}/extras/${key}`, { quantity: "1" }), 403);
      expectError(await api(store, token, "DELETE", `/products/${p.key}/extras/${key}`), 403);
    }
    expect(await extras(p.key)).toEqual(p.extras);
  });
});
