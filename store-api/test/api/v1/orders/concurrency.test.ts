import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { type Json, made, orderCount, postOrder, stock } from "./order-helpers.js";

/**
 * Orders racing (docs/contract.md#orders, #coupons): requests sent at once
 * for the last unit, or for a one-use code, or in opposite orders of the
 * same items. Stock never goes below zero and a code is redeemed once; the
 * losers get a 422 and change nothing but the coupon's hits; nothing
 * deadlocks into a 5xx. On PostgreSQL the requests really overlap.
 */

let store: TestStore;
let admin: string;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
});
afterAll(() => store.close());

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe("orders at once", () => {
  it("two orders for the last unit: one 201, one 422 naming the quantity; the stock ends at 0", async () => {
    for (let round = 0; round < 3; round++) {
      const product = await made(store, admin, "/products", { name: `Last one ${round}`, price: "5", quantity: "1" });
      const option = product.options[0].key as string;
      const before = await orderCount(store, admin);
      const results = await Promise.all(
        [1, 2].map(() =>
          postOrder(store, admin, { line_1_product_option: option, line_1_quantity: "1", send_notifications: "false" }),
        ),
      );
      expect(statuses(results), results.map((r) => r.text).join("\n")).toEqual([201, 422]);
      const refused = results.find((r) => r.status === 422)!;
      expect(Object.keys(refused.json.fields)).toEqual(["line_1_quantity"]);
      expect((await stock(store, admin, product.key)).product).toBe(0);
      expect(await orderCount(store, admin)).toBe(before + 1);
    }
  });

  it("many orders for a few units: exactly that many succeed, never below zero", async () => {
    const product = await made(store, admin, "/products", { name: "Few", price: "5", quantity: "3" });
    const option = product.options[0].key as string;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        postOrder(store, admin, { line_1_product_option: option, line_1_quantity: "1", send_notifications: "false" }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    expect((await stock(store, admin, product.key)).product).toBe(0);
  });

  it("a one-use code ordered with at once is redeemed once; every attempt is a hit", async () => {
    const now = Math.floor(Date.now() / 1000);
    const coupon = await made(store, admin, "/coupons", {
      name: "Single",
      type: "percentage_off",
      percentage: "50",
      limit: "1",
      start_date: String(now - 100),
      end_date: String(now + 100_000),
    });
    const code = coupon.codes[0].code as string;
    const product = await made(store, admin, "/products", { name: "Plenty", price: "10" });
    const option = product.options[0].key as string;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        postOrder(store, admin, {
          coupon: code,
          line_1_product_option: option,
          line_1_quantity: "1",
          send_notifications: "false",
        }),
      ),
    );
    expect(statuses(results), results.map((r) => r.text).join("\n")).toEqual([201, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(Object.keys(r.json.fields)).toEqual(["coupon"]);
    expect(results.find((r) => r.status === 201)!.json[0]).toMatchObject({ total: "$5.00", discount: "50% off" });
    const after = (await api(store, admin, "GET", `/coupons/${coupon.id}`)).json as Json;
    expect(after).toMatchObject({ redeemed: 1, hits: 4 });
    expect(after.codes[0].active).toBe(false);
  });

  it("orders naming the same items in opposite orders all go through (no deadlock)", async () => {
    const a = await made(store, admin, "/products", { name: "Left", price: "1", quantity: "100" });
    const b = await made(store, admin, "/products", { name: "Right", price: "1", quantity: "100" });
    const [ka, kb] = [a.options[0].key as string, b.options[0].key as string];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postOrder(store, admin, {
          line_1_product_option: i % 2 ? ka : kb,
          line_1_quantity: "1",
          line_2_product_option: i % 2 ? kb : ka,
          line_2_quantity: "1",
          send_notifications: "false",
        }),
      ),
    );
    expect(statuses(results), results.map((r) => r.text).join("\n")).toEqual(Array(6).fill(201));
    expect((await stock(store, admin, a.key)).product).toBe(94);
    expect((await stock(store, admin, b.key)).product).toBe(94);
  });

  it("cancelling while ordering keeps the count right", async () => {
    const product = await made(store, admin, "/products", { name: "Back and forth", price: "1", quantity: "4" });
    const option = product.options[0].key as string;
    const first = await postOrder(store, admin, {
      line_1_product_option: option,
      line_1_quantity: "2",
      send_notifications: "false",
    });
    expect(first.status).toBe(201);
    const [cancel, ...orders] = await Promise.all([
      api(store, admin, "PUT", `/orders/${first.json[0].order_number}`, { cancelled: "true" }),
      ...[1, 2].map(() =>
        postOrder(store, admin, { line_1_product_option: option, line_1_quantity: "2", send_notifications: "false" }),
      ),
    ]);
    expect(cancel!.status).toBe(200);
    const won = orders.filter((r) => r.status === 201).length;
    // 4 − 2 + 2 (cancelled) − 2 × won
    expect((await stock(store, admin, product.key)).product).toBe(4 - 2 * won);
    expect(won).toBeGreaterThanOrEqual(1);
  });
});
