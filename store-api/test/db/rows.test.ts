import { asc, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyOf, selectAsJson } from "../../src/db/rows.js";
import { productExtras, productOptions, products } from "../../src/db/schema/index.js";
import { createProduct, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * db/rows.ts reads rows as one JSON text and maps them by each column's own
 * mapping: the rows must be exactly what a plain select gives, whatever the
 * column's type (integers, bigint money, double, text, boolean, jsonb, timestamps).
 */
describe("selectAsJson", () => {
  let store: TestStore;
  let ids: number[];
  beforeAll(async () => {
    const started = await startStoreWithAdmin();
    store = started.store;
    const admin = started.admin;
    await createProduct(store, admin, {
      name: "Tee",
      price: "9999999999.99",
      options: JSON.stringify([
        { metadata: { Size: "S", Note: 'ü "quoted" \n line' }, quantity: 2, surcharge: "1.25", weight: 0.25 },
        { metadata: { Size: "M" }, quantity: -1, surcharge: 0 },
      ]),
      extras: JSON.stringify([{ metadata: { Gift: "wrap" }, quantity: -1, surcharge: "$3" }]),
    });
    await createProduct(store, admin, {
      name: "Mug",
      price: "1",
      extras: JSON.stringify([
        { metadata: { Engraving: "yes" }, quantity: 5, surcharge: "0.5" },
        { metadata: { Box: "plain" }, quantity: 0, surcharge: 0 },
      ]),
    });
    await createProduct(store, admin, { name: "Lamp", price: "12" });
    ids = (await store.database.db.select({ id: products.id }).from(products)).map((r) => r.id);
  });
  afterAll(() => store?.close());

  it("gives the rows a plain select gives, in the same order, for options and extras", async () => {
    const db = store.database.db;
    for (const table of [productOptions, productExtras]) {
      const plain = await db
        .select()
        .from(table)
        .where(inArray(table.productId, ids))
        .orderBy(asc(table.order), asc(table.id));
      const json = await selectAsJson(db, table, anyOf(table.productId, ids), sql`${table.order}, ${table.id}`);
      expect(plain.length).toBeGreaterThan(0);
      expect(json).toEqual(plain);
      expect(json[0]?.createdAt).toBeInstanceOf(Date);
    }
  });

  it("gives none when nothing matches, and an empty list of ids matches nothing", async () => {
    const db = store.database.db;
    expect(
      await selectAsJson(db, productOptions, anyOf(productOptions.productId, [-1]), sql`${productOptions.id}`),
    ).toEqual([]);
    expect(
      await selectAsJson(db, productOptions, anyOf(productOptions.productId, []), sql`${productOptions.id}`),
    ).toEqual([]);
  });
});
