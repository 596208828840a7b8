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

/** /api/v1/products/{key}/options and /options/{option_key} (docs/contract.md#catalogue-and-settings). */

const sizes = (...names: string[]) =>
  JSON.stringify(names.map((Size, i) => ({ metadata: { Size }, quantity: i + 1, surcharge: i })));

describe("product options", () => {
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
  const options = async (key: string) => {
    const res = await api(store, admin, "GET", `/products/${key}/options`);
    expect(res.status, res.text).toBe(200);
    return res.json as { key: string; default: boolean; metadata: Record<string, unknown>; order: number }[];
  };
  const post = (key: string, value: string) =>
    api(store, admin, "POST", `/products/${key}/options`, { options: value });

  it("a product without options lists exactly one: its default option", async () => {
    const p = await create({ name: "Plain", quantity: "4", fetch_sku: "DL-9" });
    const list = await options(p.key);
    expect(list).toEqual([
      {
        key: p.options[0].key,
        default: true,
        metadata: {},
        quantity: 4,
        surcharge: "$0.00",
        surcharge_raw: 0,
        cost: "$0.00",
        cost_raw: 0,
        weight: 0,
        fetch_sku: "DL-9",
        order: 0,
        currency: "USD",
      },
    ]);
    // By slug too (docs/contract.md#catalogue-and-settings).
    expect(await options(p.slug)).toEqual(list);
  });

  it("POST creates the options: every option answered, in the given order; the product's quantity is their sum", async () => {
    const p = await create({ name: "Shirt", quantity: "3" });
    const res = await post(
      p.key,
      JSON.stringify([
        { metadata: { Size: "S", Color: "Red" }, quantity: 2, surcharge: "$1.50", cost: "0.75", weight: 0.2 },
        { metadata: { Size: "M", Color: "Red" }, quantity: 5, surcharge: "-1", fetch_sku: "F-M" },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([
      {
        key: expect.stringMatching(/^[A-Za-z0-9_-]{12}$/),
        default: false,
        metadata: { Size: "S", Color: "Red" },
        quantity: 2,
        surcharge: "$1.50",
        surcharge_raw: 1.5,
        cost: "$0.75",
        cost_raw: 0.75,
        weight: 0.2,
        fetch_sku: "",
        order: 1,
        currency: "USD",
      },
      expect.objectContaining({ default: false, quantity: 5, surcharge: "-$1.00", surcharge_raw: -1, order: 2 }),
    ]);
    expect(res.json[1].fetch_sku).toBe("F-M");
    const product = (await api(store, admin, "GET", `/products/${p.key}`)).json;
    expect(product.options).toEqual(res.json);
    expect(product.quantity).toBe(7);
    expect(await options(p.key)).toEqual(res.json);
  });

  it("replace-all: an id keeps and updates its option, no id creates one, the ones left out are deleted", async () => {
    const p = await create({ name: "Replace", options: sizes("S", "M", "L") });
    const [s, m, l] = p.options as { key: string }[];
    await api(store, admin, "PUT", `/products/${p.key}/options/${m!.key}`, {
      cost: "2",
      weight: "1.5",
      fetch_sku: "MM",
    });
    const res = await post(
      p.key,
      JSON.stringify([
        { metadata: { Size: "XL" }, quantity: 9, surcharge: 4 },
        { id: m!.key, metadata: { Size: "Medium" }, quantity: 20, surcharge: "0.50" },
        { id: s!.key, metadata: { Size: "S" }, quantity: 1, surcharge: 0, cost: 1, weight: 0, fetch_sku: "" },
      ]),
    );
    expect(res.status, res.text).toBe(200);
    const list = res.json as { key: string; metadata: object; order: number; quantity: number }[];
    expect(list.map((o) => [o.metadata, o.order, o.quantity])).toEqual([
      [{ Size: "XL" }, 1, 9],
      [{ Size: "Medium" }, 2, 20],
      [{ Size: "S" }, 3, 1],
    ]);
    expect(list[1]!.key).toBe(m!.key);
    expect(list[2]!.key).toBe(s!.key);
    expect([s!.key, m!.key, l!.key]).not.toContain(list[0]!.key);
    // What an update leaves out (cost, weight, fetch_sku) stays as it was.
    expect(list[1]).toMatchObject({ cost: "$2.00", weight: 1.5, fetch_sku: "MM", surcharge: "$0.50" });
    expect(list[2]).toMatchObject({ cost: "$1.00", weight: 0 });
    expectError(await api(store, admin, "GET", `/products/${p.key}/options/${l!.key}`), 404);
    expect(await options(p.key)).toEqual(list);
  });

  it("an id of another product's option, an unknown id, a repeated id or the default option's key is a 422 naming options; nothing changes", async () => {
    const mine = await create({ name: "Mine", options: sizes("S", "M") });
    const other = await create({ name: "Other", options: sizes("X") });
    const bare = await create({ name: "Bare" });
    const before = await options(mine.key);
    const item = (id: string) => ({ id, metadata: { Size: "Z" }, quantity: 1, surcharge: 0 });
    for (const list of [
      [item(other.options[0].key)],
      [{ metadata: { Size: "new" }, quantity: 1, surcharge: 0 }, item(other.options[0].key)],
      [item("no-such-option")],
      [item(before[0]!.key), item(before[0]!.key)],
      [item(bare.options[0].key)],
    ]) {
      expectError(await post(mine.key, JSON.stringify(list)), 422, ["options"]);
    }
    expect(await options(mine.key)).toEqual(before);
    expect(await options(other.key)).toEqual(other.options);
    // The default option's own key is not written either.
    expectError(await post(bare.key, JSON.stringify([item(bare.options[0].key)])), 422, ["options"]);
    expect(await options(bare.key)).toEqual(bare.options);
  });

  it("one bad item changes nothing: a 422 naming options (all or nothing)", async () => {
    const p = await create({ name: "Strict", options: sizes("S", "M") });
    const before = await options(p.key);
    const good = { id: before[0]!.key, metadata: { Size: "changed" }, quantity: 8, surcharge: 1 };
    for (const bad of [
      { metadata: {}, quantity: 1, surcharge: 0 },
      { metadata: { Size: "L" }, surcharge: 0 },
      { metadata: { Size: "L" }, quantity: 1 },
      { quantity: 1, surcharge: 0 },
      { metadata: { Size: "L" }, quantity: -2, surcharge: 0 },
      { metadata: { Size: "L" }, quantity: 1, surcharge: "twelve" },
      { metadata: { Size: "L" }, quantity: 1, surcharge: "1.234" },
      { metadata: { Size: "L" }, quantity: 1, surcharge: 0, cost: "-1" },
      { metadata: { Size: "L" }, quantity: 1, surcharge: 0, weight: -1 },
    ]) {
      expectError(await post(p.key, JSON.stringify([good, bad])), 422, ["options"]);
    }
    expect(await options(p.key)).toEqual(before);
  });

  it("bad JSON, or JSON of the wrong shape, is a 400 naming options; a missing field a 422; nothing changes", async () => {
    const p = await create({ name: "Json", options: sizes("S") });
    const before = await options(p.key);
    for (const value of [
      "[{not json",
      '{"metadata": {"Size": "S"}}',
      '["S"]',
      '[{"id": 5, "metadata": {"A": "b"}, "quantity": 1, "surcharge": 0}]',
    ]) {
      const res = await post(p.key, value);
      expectError(res, 400, ["options"]);
    }
    expectError(await api(store, admin, "POST", `/products/${p.key}/options`, {}), 422, ["options"]);
    expect(await options(p.key)).toEqual(before);
  });

  it("an empty value deletes every option and answers the default option (an object), which the product shows again", async () => {
    for (const empty of ["", "[]"]) {
      const p = await create({ name: "Emptied", quantity: "6", sku: "E-1", fetch_sku: "DL" });
      const defaultKey = p.options[0].key;
      expect((await post(p.key, sizes("S", "M"))).status).toBe(200);
      expect((await api(store, admin, "GET", `/products/${p.key}`)).json.quantity).toBe(3);
      const res = await post(p.key, empty);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ key: defaultKey, default: true, metadata: {}, quantity: 6, fetch_sku: "DL" });
      expect(Array.isArray(res.json)).toBe(false);
      const product = (await api(store, admin, "GET", `/products/${p.key}`)).json;
      expect(product.options).toEqual([res.json]);
      expect(product).toMatchObject({ quantity: 6, sku: "E-1", fetch_sku: "DL" });
    }
    // A JSON body with a real empty list too.
    const p = await create({ name: "Emptied json", options: sizes("S") });
    const res = await api(store, admin, "POST", `/products/${p.key}/options`, undefined, { json: { options: [] } });
    expect(res.json).toMatchObject({ default: true });
  });

  it("GET one option by key; an option of another product, a hidden default option or an unknown key is a 404", async () => {
    const p = await create({ name: "Single", quantity: "2" });
    const defaultKey = p.options[0].key;
    const got = await api(store, admin, "GET", `/products/${p.key}/options/${defaultKey}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(p.options[0]);
    const list = (await post(p.key, sizes("S", "M"))).json;
    expect((await api(store, admin, "GET", `/products/${p.slug}/options/${list[1].key}`)).json).toEqual(list[1]);
    const other = await create({ name: "Single other", options: sizes("X") });
    for (const path of [
      `/products/${p.key}/options/${other.options[0].key}`,
      `/products/${p.key}/options/${defaultKey}`,
      `/products/${p.key}/options/nope`,
      `/products/no-such-product/options/${list[0].key}`,
    ]) {
      expectError(await api(store, admin, "GET", path), 404);
    }
  });

  it("PUT takes surcharge, quantity, cost, weight and fetch_sku and answers a list holding the option", async () => {
    const p = await create({ name: "Puttable", options: sizes("S", "M") });
    const key = p.options[1].key;
    const res = await api(store, admin, "PUT", `/products/${p.key}/options/${key}`, {
      surcharge: "$2.25",
      quantity: "-1",
      cost: "1",
      weight: "0.5",
      fetch_sku: "F-1",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual([
      {
        key,
        default: false,
        metadata: { Size: "M" },
        quantity: -1,
        surcharge: "$2.25",
        surcharge_raw: 2.25,
        cost: "$1.00",
        cost_raw: 1,
        weight: 0.5,
        fetch_sku: "F-1",
        order: 2,
        currency: "USD",
      },
    ]);
    expect((await api(store, admin, "GET", `/products/${p.key}/options/${key}`)).json).toEqual(res.json[0]);
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.quantity).toBe(-1);
    // Only what is sent changes.
    const again = await api(store, admin, "PUT", `/products/${p.key}/options/${key}`, { quantity: "4" });
    expect(again.json[0]).toMatchObject({ quantity: 4, surcharge: "$2.25", fetch_sku: "F-1" });
  });

  it("PUT refuses every field not in its row (422 naming it) and bad values, and changes nothing", async () => {
    const p = await create({ name: "Narrow", options: sizes("S") });
    const key = p.options[0].key;
    const path = `/products/${p.key}/options/${key}`;
    for (const field of ["metadata", "order", "id", "key", "default", "surcharge_raw", "currency", "colour"]) {
      expectError(await api(store, admin, "PUT", path, { [field]: "1", quantity: "50" }), 422, [field]);
    }
    expectError(
      await api(store, admin, "PUT", path, { quantity: "-2", surcharge: "abc", cost: "-1", weight: "-1" }),
      422,
      ["quantity", "surcharge", "cost", "weight"],
    );
    expect((await api(store, admin, "GET", path)).json).toEqual(p.options[0]);
    expectError(await api(store, admin, "PUT", `/products/${p.key}/options/nope`, { quantity: "1" }), 404);
  });

  it("PUT on the default option of a product without options changes the product's quantity", async () => {
    const p = await create({ name: "Default put", quantity: "1" });
    const res = await api(store, admin, "PUT", `/products/${p.key}/options/${p.options[0].key}`, { quantity: "12" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toMatchObject({ default: true, quantity: 12 });
    expect((await api(store, admin, "GET", `/products/${p.key}`)).json.quantity).toBe(12);
  });

  it("DELETE answers true and closes the gap; deleting the last brings the default back; the default cannot be deleted (403)", async () => {
    const p = await create({ name: "Deletable", quantity: "5" });
    const [s, m, l] = (await post(p.key, sizes("S", "M", "L"))).json as { key: string }[];
    const res = await api(store, admin, "DELETE", `/products/${p.key}/options/${m!.key}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toBe(true);
    expect((await options(p.key)).map((o) => [o.key, o.order])).toEqual([
      [s!.key, 1],
      [l!.key, 2],
    ]);
    expectError(await api(store, admin, "DELETE", `/products/${p.key}/options/${m!.key}`), 404);
    await api(store, admin, "DELETE", `/products/${p.key}/options/${s!.key}`);
    await api(store, admin, "DELETE", `/products/${p.key}/options/${l!.key}`);
    const [fallback] = await options(p.key);
    expect(fallback).toMatchObject({ default: true, quantity: 5 });
    expectError(await api(store, admin, "DELETE", `/products/${p.key}/options/${fallback!.key}`), 403);
    expect(await options(p.key)).toEqual([fallback]);
  });

  it("every write bumps the product's modified", async () => {
    const p = await create({ name: "Modified" });
    const old = await ageProduct(store, p.key);
    await post(p.key, sizes("S", "M"));
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    const [s] = await options(p.key);
    await ageProduct(store, p.key);
    await api(store, admin, "PUT", `/products/${p.key}/options/${s!.key}`, { quantity: "3" });
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    await ageProduct(store, p.key);
    await api(store, admin, "DELETE", `/products/${p.key}/options/${s!.key}`);
    expect(await modified(store, admin, p.key)).toBeGreaterThan(old);
    // A refused write changes nothing, modified included.
    await ageProduct(store, p.key);
    expectError(await post(p.key, "[{"), 400);
    expect(await modified(store, admin, p.key)).toBe(old);
  });

  it("replace-alls of one product at the same moment take turns: the result is one of them, never a mix", async () => {
    const p = await create({ name: "Racing options" });
    const results = await Promise.all([
      post(p.key, sizes("A1", "A2", "A3")),
      post(p.key, sizes("B1", "B2", "B3")),
      post(p.key, sizes("C1", "C2", "C3")),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const names = (await options(p.key)).map((o) => o.metadata.Size as string);
    expect(names).toHaveLength(3);
    expect(new Set(names.map((n) => n[0])).size).toBe(1);
  });

  it("reads accept the storefront scope and need no permission; writes need admin and manage_products", async () => {
    const p = await create({ name: "Guarded", options: sizes("S") });
    const key = p.options[0].key;
    for (const token of [storefront, clerk]) {
      expect((await api(store, token, "GET", `/products/${p.key}/options`)).status).toBe(200);
      expect((await api(store, token, "GET", `/products/${p.key}/options/${key}`)).status).toBe(200);
      expectError(await api(store, token, "POST", `/products/${p.key}/options`, { options: "[]" }), 403);
      expectError(await api(store, token, "PUT", `/products/${p.key}/options/${key}`, { quantity: "1" }), 403);
      expectError(await api(store, token, "DELETE", `/products/${p.key}/options/${key}`), 403);
    }
    expectError(await api(store, null, "GET", `/products/${p.key}/options`), 401);
    expect(await options(p.key)).toEqual(p.options);
  });

  it("answers 405 with Allow for other methods", async () => {
    const p = await create({ name: "Methods" });
    const res = await api(store, admin, "PUT", `/products/${p.key}/options`, { options: "[]" });
    expect(res.status).toBe(405);
    expect(res.res.headers.get("allow")).toBe("GET, POST");
  });
});
