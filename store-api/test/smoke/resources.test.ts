import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectError, startStoreWithAdmin, type TestStore } from "../helpers/index.js";

/**
 * A create-read-update-delete smoke per resource, through the API as a client uses it, run on both engines
 * (docs/testing.md#the-stores-suites): each resource is made, read back (by id or key, and in its list),
 * changed and read again, and deleted where the contract allows (then a 404, and gone from its list).
 * The rules themselves are pinned by each resource's own tests.
 */

let store: TestStore;
let admin: string;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin());
});
afterAll(() => store.close());

/** A successful call: its JSON, after checking the status. */
async function ok(method: string, path: string, status: number, form?: Record<string, string>) {
  const res = await api(store, admin, method, path, form);
  expect(res.status, `${method} ${path}: ${res.text}`).toBe(status);
  return res.json;
}
const ids = (list: { id: number }[]) => list.map((x) => x.id);
const keys = (list: { key: string }[]) => list.map((x) => x.key);
/** The order numbers of an orders list at `path`. */
const numbers = async (path: string) =>
  ((await ok("GET", path, 200)) as { order_number: number }[]).map((x) => x.order_number);

describe("a create-read-update-delete smoke per resource", () => {
  it("products, with an option, an extra and a category (docs/contract.md#catalogue-and-settings)", async () => {
    const p = await ok("POST", "/products", 201, {
      name: "Smoke Mug",
      price: "12.50",
      options: JSON.stringify([{ metadata: { Size: "M" }, quantity: 4, surcharge: "1.50" }]),
      extras: JSON.stringify([{ metadata: { Gift: "wrap" }, quantity: -1, surcharge: 3 }]),
    });
    expect(p).toMatchObject({ name: "Smoke Mug", slug: "smoke-mug", price: "$12.50", price_raw: 12.5, quantity: 4 });
    expect(p.options).toEqual([
      expect.objectContaining({ default: false, metadata: { Size: "M" }, quantity: 4, surcharge: "$1.50", order: 1 }),
    ]);
    expect(p.extras).toEqual([
      expect.objectContaining({ metadata: { Gift: "wrap" }, quantity: -1, surcharge: "$3.00", surcharge_raw: 3 }),
    ]);
    const [option, extra] = [p.options[0], p.extras[0]];
    // Read back: by key, by slug, in the list, and its option and extra by key.
    expect(await ok("GET", `/products/${p.key}`, 200)).toEqual(p);
    expect((await ok("GET", "/products/smoke-mug", 200)).key).toBe(p.key);
    expect(await ok("GET", "/products?count=250", 200)).toContainEqual(p);
    expect(await ok("GET", `/products/${p.key}/options/${option.key}`, 200)).toEqual(option);
    expect(await ok("GET", `/products/${p.key}/extras/${extra.key}`, 200)).toEqual(extra);

    // Into a category: the categories sub-resource, the product, and the category's listing show it.
    const cats = await ok("POST", `/products/${p.key}/categories`, 200, { categories: "Smoke Shelf" });
    expect(cats).toEqual([{ name: "Smoke Shelf", slug: "smoke-shelf" }]);
    expect(await ok("GET", `/products/${p.key}/categories`, 200)).toEqual(cats);
    expect((await ok("GET", `/products/${p.key}`, 200)).categories).toEqual(["Smoke Shelf"]);
    expect(keys(await ok("GET", "/products/smoke-shelf", 200))).toEqual([p.key]);

    // Update: PUT answers a list holding the product; the change reads back, the rest stays.
    const put = await ok("PUT", `/products/${p.key}`, 200, { name: "Smoke Mug XL", price: "14" });
    expect(put).toMatchObject([{ key: p.key, slug: "smoke-mug", name: "Smoke Mug XL", price: "$14.00" }]);
    const read = await ok("GET", `/products/${p.key}`, 200);
    expect(read).toMatchObject({ name: "Smoke Mug XL", price_raw: 14, options: [option], extras: [extra] });
    expect(read.categories).toEqual(["Smoke Shelf"]);

    // Delete: true; then a 404, gone from the list; the category outlives it, empty.
    expect(await ok("DELETE", `/products/${p.key}`, 200)).toBe(true);
    expectError(await api(store, admin, "GET", `/products/${p.key}`), 404);
    expectError(await api(store, admin, "GET", `/products/${p.key}/options/${option.key}`), 404);
    expect(keys(await ok("GET", "/products?count=250", 200))).not.toContain(p.key);
    expect(await ok("GET", "/products/smoke-shelf", 200)).toEqual([]);
  });

  it("coupons (docs/contract.md#coupons)", async () => {
    const start = Math.floor(Date.UTC(2030, 0, 1) / 1000);
    const end = start + 30 * 86_400;
    const c = await ok("POST", "/coupons", 201, {
      name: "Smoke sale",
      type: "percentage_off",
      percentage: "15",
      start_date: String(start),
      end_date: String(end),
      limit: "10",
      code: "SMOKE-15",
    });
    expect(c).toMatchObject({ name: "Smoke sale", type: "percentage_off", percentage: "15%", percentage_raw: 15 });
    expect(c).toMatchObject({ flat_rate: null, start_date: start, end_date: end, limit: 10, hits: 0, currency: "USD" });
    expect(c.codes).toEqual([expect.objectContaining({ code: "SMOKE-15", type: "multi_use", active: true })]);
    expect(await ok("GET", `/coupons/${c.id}`, 200)).toEqual(c);
    expect(await ok("GET", "/coupons", 200)).toContainEqual(c);

    // Update: PUT answers the coupon object; what is not sent stays.
    const put = await ok("PUT", `/coupons/${c.id}`, 200, { name: "Smoke sale, deeper", percentage: "20%" });
    expect(put).toEqual({
      ...c,
      name: "Smoke sale, deeper",
      percentage: "20%",
      percentage_raw: 20,
      modified: expect.any(Number),
    });
    expect(await ok("GET", `/coupons/${c.id}`, 200)).toEqual(put);
    expect(await ok("GET", "/coupons", 200)).toContainEqual(put);

    expect(await ok("DELETE", `/coupons/${c.id}`, 200)).toBe(true);
    expectError(await api(store, admin, "GET", `/coupons/${c.id}`), 404);
    expect(ids(await ok("GET", "/coupons", 200))).not.toContain(c.id);
  });

  it("shipping groups, with an option (docs/contract.md#shipping)", async () => {
    const created = await ok("POST", "/shipping_groups", 201, {
      name: "Smoke shipping",
      options: JSON.stringify([{ name: "Ground", per_cart_rate_raw: 5, destinations: [{ country: "us" }] }]),
    });
    expect(created).toHaveLength(1);
    const g = created[0];
    expect(g).toEqual({
      id: expect.any(Number),
      name: "Smoke shipping",
      options: [
        expect.objectContaining({
          name: "Ground",
          per_cart_type: "flat_fee",
          per_cart_rate: "$5.00",
          per_cart_rate_raw: 5,
          per_item_type: "none",
          destinations: [{ country: "US", region: null, allowed: true }],
        }),
      ],
    });
    const option = g.options[0];
    expect(await ok("GET", `/shipping_groups/${g.id}`, 200)).toEqual(g);
    expect(await ok("GET", `/shipping_groups/${g.id}/options/${option.id}`, 200)).toEqual(option);
    expect(await ok("GET", "/shipping_groups", 200)).toContainEqual(g);

    // Update: PUT renames and replaces the options (the option's id kept), answering the group object.
    const put = await ok("PUT", `/shipping_groups/${g.id}`, 200, {
      name: "Smoke express",
      options: JSON.stringify([{ id: option.id, name: "Express", per_cart_rate_raw: "7.50" }]),
    });
    expect(put).toEqual({
      id: g.id,
      name: "Smoke express",
      options: [{ ...option, name: "Express", per_cart_rate: "$7.50", per_cart_rate_raw: 7.5, destinations: [] }],
    });
    expect(await ok("GET", `/shipping_groups/${g.id}`, 200)).toEqual(put);
    expect(await ok("GET", `/shipping_groups/${g.id}/options`, 200)).toEqual(put.options);

    // Delete the group: true; it and its option are 404s, and it is gone from the list.
    expect(await ok("DELETE", `/shipping_groups/${g.id}`, 200)).toBe(true);
    expectError(await api(store, admin, "GET", `/shipping_groups/${g.id}`), 404);
    expectError(await api(store, admin, "GET", `/shipping_groups/${g.id}/options/${option.id}`), 404);
    expect(ids(await ok("GET", "/shipping_groups", 200))).not.toContain(g.id);
  });

  it("tax groups, with a rule: the rule is deleted, the group cannot be (docs/contract.md#tax)", async () => {
    const g = await ok("POST", "/tax_groups", 201, {
      name: "Smoke tax",
      rules: JSON.stringify([{ country: "US", region: "CA", rate: 7.25, on_shipping: true }]),
    });
    expect(g).toEqual({
      id: expect.any(Number),
      name: "Smoke tax",
      taxes: [
        { id: expect.any(Number), country: "US", region: "CA", rate: "7.25%", rate_raw: 7.25, on_shipping: true },
      ],
    });
    const rule = g.taxes[0];
    const rulePath = `/tax_groups/${g.id}/rules/${rule.id}`;
    expect(await ok("GET", `/tax_groups/${g.id}`, 200)).toEqual(g);
    expect(await ok("GET", rulePath, 200)).toEqual(rule);
    expect(await ok("GET", "/tax_groups", 200)).toContainEqual(g);

    // Update: the rule's PUT answers the rule; the group's POST renames it (it has no PUT).
    expect(await ok("PUT", rulePath, 200, { rate: "8.5%" })).toEqual({ ...rule, rate: "8.5%", rate_raw: 8.5 });
    const renamed = await ok("POST", `/tax_groups/${g.id}`, 200, { name: "Smoke tax, renamed" });
    const changed = { id: g.id, name: "Smoke tax, renamed", taxes: [{ ...rule, rate: "8.5%", rate_raw: 8.5 }] };
    expect(renamed).toEqual(changed);
    expect(await ok("GET", `/tax_groups/${g.id}`, 200)).toEqual(changed);
    expect(await ok("GET", "/tax_groups", 200)).toContainEqual(changed);

    // Delete the rule: true; a 404, and gone from the group's taxes.
    expect(await ok("DELETE", rulePath, 200)).toBe(true);
    expectError(await api(store, admin, "GET", rulePath), 404);
    expect((await ok("GET", `/tax_groups/${g.id}`, 200)).taxes).toEqual([]);
    // A tax group has no DELETE: a 405, and it stays.
    const del = await api(store, admin, "DELETE", `/tax_groups/${g.id}`);
    expectError(del, 405);
    expect(del.res.headers.get("allow")).toBe("GET, POST");
    expect(ids(await ok("GET", "/tax_groups", 200))).toContain(g.id);
  });

  it("users: create, a permission change, delete (docs/contract.md#users)", async () => {
    const u = await ok("POST", "/users", 201, {
      email: "smoke-user@example.com",
      permissions: JSON.stringify(["manage_orders"]),
    });
    expect(u).toEqual({
      id: expect.any(Number),
      email: "smoke-user@example.com",
      permissions: ["manage_orders"],
      is_active: true,
      password_set: false,
      created: expect.any(Number),
      modified: expect.any(Number),
    });
    expect(await ok("GET", `/users/${u.id}`, 200)).toEqual(u);
    expect(await ok("GET", "/users", 200)).toContainEqual(u);

    // Update: PUT answers the user (an object) with its new permissions.
    const put = await ok("PUT", `/users/${u.id}`, 200, { permissions: '["manage_orders","view_stats"]' });
    expect(put).toMatchObject({ id: u.id, email: u.email, permissions: ["manage_orders", "view_stats"] });
    expect(await ok("GET", `/users/${u.id}`, 200)).toEqual(put);
    expect(await ok("GET", "/users", 200)).toContainEqual(put);

    expect(await ok("DELETE", `/users/${u.id}`, 200)).toBe(true);
    expectError(await api(store, admin, "GET", `/users/${u.id}`), 404);
    expect(ids(await ok("GET", "/users", 200))).not.toContain(u.id);
  });

  it("orders: create for a product, read, fulfil, cancel; no DELETE (docs/contract.md#orders)", async () => {
    const p = await ok("POST", "/products", 201, {
      name: "Smoke Cup",
      price: "10",
      options: JSON.stringify([{ metadata: { Size: "M" }, quantity: 5, surcharge: 1 }]),
      extras: JSON.stringify([{ metadata: { Lid: "yes" }, quantity: 3, surcharge: "2.50" }]),
    });
    const [option, extra] = [p.options[0].key, p.extras[0].key];
    const created = await ok("POST", "/orders", 201, {
      ship_first_name: "Ada",
      ship_last_name: "Lovelace",
      ship_street1: "12 Fleet St",
      ship_city: "London",
      ship_country: "gb",
      ship_email: "ada@example.com",
      line_1_product_option: option,
      line_1_quantity: "2",
      line_1_product_extras: extra,
      send_notifications: "false",
    });
    expect(created).toHaveLength(1);
    const o = created[0];
    // A unit is $10 + $1 = $11.00, with the lid $13.50; × 2 = $27.00. No shipping or tax group: nothing added.
    expect(o).toMatchObject({
      payment_state: "paid",
      payment_gateway: null,
      fulfilled: false,
      cancelled: false,
      coupon: null,
      subtotal: "$27.00",
      shipping: "$0.00",
      tax: "$0.00",
      total: "$27.00",
      total_raw: 27,
      url: `${store.url}/api/v1/orders/${o.order_number}`,
    });
    expect(o.line_items).toMatchObject([
      {
        name: "Smoke Cup (M)",
        price: "$11.00",
        quantity: 2,
        subtotal: "$22.00",
        product_option: { key: option, metadata: { Size: "M" } },
        extras: [{ key: extra, metadata: { Lid: "yes" } }],
      },
    ]);
    expect(o.shipping_address).toMatchObject({ city: "London", state: "", country: "GB", street2: "" });
    expect(o.billing_address).toEqual(o.shipping_address);
    // The stock went down: the option's and the extra's.
    const stocked = await ok("GET", `/products/${p.key}`, 200);
    expect([stocked.options[0].quantity, stocked.extras[0].quantity]).toEqual([3, 1]);

    // Read back: by number, and in the list (newest first).
    expect(await ok("GET", `/orders/${o.order_number}`, 200)).toEqual(o);
    expect((await ok("GET", "/orders", 200))[0]).toMatchObject({ order_number: o.order_number, total: "$27.00" });

    // Update: fulfil (PUT answers a list holding the order); the order, its list and the state lists show it.
    const fulfilled = await ok("PUT", `/orders/${o.order_number}`, 200, { fulfilled: "true" });
    expect(fulfilled).toMatchObject([{ order_number: o.order_number, fulfilled: true, cancelled: false }]);
    expect((await ok("GET", `/orders/${o.order_number}`, 200)).fulfilled).toBe(true);
    expect((await ok("GET", "/orders", 200))[0]).toMatchObject({ order_number: o.order_number, fulfilled: true });
    expect(await numbers("/orders/fulfilled")).toContain(o.order_number);
    expect(await numbers("/orders/unfulfilled")).not.toContain(o.order_number);

    // No DELETE: a 405 with Allow. Cancelling is how an API order goes: its stock comes back; it stays listed.
    const del = await api(store, admin, "DELETE", `/orders/${o.order_number}`);
    expectError(del, 405);
    expect(del.res.headers.get("allow")).toBe("GET, PUT");
    const cancelled = await ok("PUT", `/orders/${o.order_number}`, 200, { cancelled: "true" });
    expect(cancelled).toMatchObject([{ order_number: o.order_number, fulfilled: true, cancelled: true }]);
    expect((await ok("GET", `/orders/${o.order_number}`, 200)).cancelled).toBe(true);
    const restocked = await ok("GET", `/products/${p.key}`, 200);
    expect([restocked.options[0].quantity, restocked.extras[0].quantity]).toEqual([5, 3]);
    expect(await numbers("/orders/fulfilled")).not.toContain(o.order_number);
    expect(await numbers("/orders")).toContain(o.order_number);
  });
});
