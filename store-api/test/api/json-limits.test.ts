import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_LIMITS } from "../../src/api/input.js";
import { products, shippingGroups, shippingOptions } from "../../src/db/schema/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * A JSON value the API takes (docs/contract.md#encoding) nested deeper than
 * 32 levels or holding more than 10,000 keys in one dictionary (items in one
 * list) is a 422 naming its field, whether the body is JSON (the value itself)
 * or form-encoded (the value as JSON text), and nothing is written.
 */

let store: TestStore;
let admin: string;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin());
});
afterAll(() => store.close());

/**
 * JSON text of a dictionary `levels` deep, {"k":{"k":…{"k":1}…}}, written as
 * text: JSON.stringify of a value 5,000 deep would overflow the test's own stack.
 */
const deep = (levels: number) => `${'{"k":'.repeat(levels)}1${"}".repeat(levels)}`;

/** JSON text of a dictionary of `keys` keys. */
const wide = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, i])));

/** A JSON value, given as its text (sent as it is in a JSON body, as a string in a form). */
const json = (text: string) => ({ json: text });
type Fields = Record<string, string | { json: string }>;

const DEEP_WORDS = `must not nest lists and dictionaries more than ${JSON_LIMITS.depth} levels deep`;
const WIDE_WORDS = "must not hold more than 10,000 keys in one dictionary";
const WIDE_LIST_WORDS = "must not hold more than 10,000 items in one list";

async function rows() {
  const db = store.database.db;
  const [p] = await db.select({ n: count() }).from(products);
  const [g] = await db.select({ n: count() }).from(shippingGroups);
  const [o] = await db.select({ n: count() }).from(shippingOptions);
  return { products: p!.n, shippingGroups: g!.n, shippingOptions: o!.n };
}

/**
 * POSTs `fields` as a JSON body (JSON values as they are) and form-encoded
 * (JSON values as their text): each a 422 naming `field` with `words`, nothing written.
 */
async function refusedBoth(path: string, fields: Fields, field: string, words: string) {
  const entries = Object.entries(fields);
  const form = Object.fromEntries(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.json]));
  const body = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === "string" ? JSON.stringify(v) : v.json}`).join(",")}}`;
  for (const [encoding, send] of [
    [
      "JSON",
      () => api(store, admin, "POST", path, undefined, { body, headers: { "content-type": "application/json" } }),
    ],
    ["form-encoded", () => api(store, admin, "POST", path, form)],
  ] as const) {
    const before = await rows();
    const res = await send();
    expect(res.status, `${encoding} ${path} ${field}: ${res.text.slice(0, 300)}`).toBe(422);
    expect(res.json.error).toBe("validation_failed");
    expect(res.json.fields, `${encoding} ${path}`).toEqual({ [field]: words });
    expect(await rows(), `${encoding} ${path}: nothing written`).toEqual(before);
  }
}

describe("JSON values past the depth and width limits: a 422 naming the field, nothing written", () => {
  it("product_metadata 33 and 5,000 levels deep, and with 10,001 keys", async () => {
    for (const levels of [JSON_LIMITS.depth + 1, 5_000]) {
      await refusedBoth(
        "/products",
        { name: "Deep", price: "1", product_metadata: json(deep(levels)) },
        "product_metadata",
        DEEP_WORDS,
      );
    }
    await refusedBoth(
      "/products",
      { name: "Wide", price: "1", product_metadata: json(wide(JSON_LIMITS.width + 1)) },
      "product_metadata",
      WIDE_WORDS,
    );
  });

  it("product_metadata at the limits is taken: 32 levels deep, 10,000 keys", async () => {
    for (const text of [deep(JSON_LIMITS.depth), wide(JSON_LIMITS.width)]) {
      const res = await api(store, admin, "POST", "/products", {
        name: "At the limit",
        price: "1",
        product_metadata: text,
      });
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      const [row] = await store.database.db
        .select({ metadata: products.metadata })
        .from(products)
        .where(eq(products.key, res.json.key));
      expect(row!.metadata).toEqual(JSON.parse(text));
    }
  });

  it("a product's form nested too deep or too wide", async () => {
    const engraving = (extra: string) =>
      json(`{"name":"Gift","fields":[{"label":"Engraving","type":"text","required":false,"extra":${extra}}]}`);
    await refusedBoth(
      "/products",
      { name: "Form", price: "1", form: engraving(deep(JSON_LIMITS.depth)) },
      "form",
      DEEP_WORDS,
    );
    await refusedBoth(
      "/products",
      { name: "Form", price: "1", form: json(`{"name":"Gift",${wide(JSON_LIMITS.width).slice(1)}`) },
      "form",
      WIDE_WORDS,
    );
  });

  it("a shipping group's options nested too deep, or a list of 10,001 options", async () => {
    const option = (extra: string) =>
      `{"name":"US","per_cart_rate_raw":5,"destinations":[{"country":"US","extra":${extra}}]}`;
    await refusedBoth(
      "/shipping_groups",
      { name: "Deep", options: json(`[${option(deep(JSON_LIMITS.depth))}]`) },
      "options",
      DEEP_WORDS,
    );
    await refusedBoth(
      "/shipping_groups",
      {
        name: "Wide",
        options: json(
          `[${Array<string>(JSON_LIMITS.width + 1)
            .fill('{"name":"US"}')
            .join(",")}]`,
        ),
      },
      "options",
      WIDE_LIST_WORDS,
    );
  });
});
