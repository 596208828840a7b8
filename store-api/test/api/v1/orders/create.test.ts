import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, outbox, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import {
  addCatalogue,
  type Catalogue,
  type Json,
  made,
  NEW_YORK,
  orderCount,
  postOrder,
  stock,
} from "./order-helpers.js";

/**
 * POST /api/v1/orders (docs/contract.md#orders): the lines, the totals computed
 * through the pricing module or stored as posted, the stock, the coupon, the
 * addresses, the confirmation e-mail, and every refusal changing nothing.
 */

let store: TestStore;
let admin: string;
let c: Catalogue;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin());
  c = await addCatalogue(store, admin);
  await made(store, admin, "/coupons", {
    name: "Ten percent",
    type: "percentage_off",
    percentage: "10",
    code: "TEN",
    start_date: String(Math.floor(Date.now() / 1000) - 86_400),
    end_date: String(Math.floor(Date.now() / 1000) + 86_400),
    limit: "0",
  });
});
afterAll(() => store.close());

const couponByCode = async (code: string): Promise<Json> => {
  const res = await api(store, admin, "GET", "/coupons");
  return (res.json as Json[]).find((x) => x.codes.some((k: Json) => k.code === code));
};

describe("POST /orders: an API order, priced by the store", () => {
  it("prices the worked example: options, extras, shipping group, tax group and a coupon (201, a list of one)", async () => {
    const before = await stock(store, admin, c.mug.key);
    const res = await postOrder(store, admin, {
      custom_id: "EXT-1",
      coupon: "ten",
      line_1_product_option: c.large,
      line_1_quantity: "2",
      line_1_product_extras: c.giftWrap,
      line_2_product_option: c.small,
      line_2_quantity: "1",
      send_notifications: "false",
    });
    expect(res.status, res.text).toBe(201);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json).toHaveLength(1);
    const o = res.json[0];
    // Lines: L is $12.50 + $2 = $14.50 a unit, gift wrap $4: (14.50 + 4) × 2 = $37.00; S: $12.50. Subtotal $49.50.
    // 10% off: $4.95, shared 3700 : 1250 → 370 + 125. Taxable 3330 and 1125 at 8.875% (NY): 295.5 → 296, 99.8 → 100.
    // Shipping $5 + 3 items × $1 = $8.00, taxed in NY: 71. Tax 296 + 100 + 71 = $4.67.
    // Total 49.50 − 4.95 + 8.00 + 4.67 = $57.22.
    expect(o).toMatchObject({
      custom_id: "EXT-1",
      currency: "USD",
      coupon: { name: "Ten percent", type: "percentage_off", code: "TEN" },
      discount: "10% off",
      fulfilled: false,
      cancelled: false,
      payment_gateway: null,
      payment_state: "paid",
      subtotal: "$49.50",
      subtotal_raw: 49.5,
      shipping: "$8.00",
      shipping_raw: 8,
      tax: "$4.67",
      tax_raw: 4.67,
      total: "$57.22",
      total_raw: 57.22,
      shipments: [],
    });
    expect(Number.isInteger(o.order_number)).toBe(true);
    expect(o.coupon.id).toEqual(expect.any(Number));
    expect(Math.abs(o.created - Date.now() / 1000)).toBeLessThan(60);
    expect(o.url).toBe(`${store.url}/api/v1/orders/${o.order_number}`);
    // Line prices exclude extras; the total includes them.
    const [l1, l2] = o.line_items;
    expect(l1).toMatchObject({
      name: "Mug (L)",
      currency: "USD",
      price: "$14.50",
      price_raw: 14.5,
      quantity: 2,
      subtotal: "$29.00",
      subtotal_raw: 29,
      product_option: { key: c.large, metadata: { Size: "L" }, surcharge: "$2.00", default: false },
      extras: [{ key: c.giftWrap, metadata: { Extra: "Gift wrap" }, surcharge: "$4.00" }],
    });
    expect(l2).toMatchObject({ name: "Mug (S)", price: "$12.50", quantity: 1, subtotal: "$12.50", extras: [] });
    // The full product, as GET /products/{key} shows it (its stock now lower).
    const product = await api(store, admin, "GET", `/products/${c.mug.key}`);
    expect(l1.product).toEqual(product.json);
    expect(o.billing_address).toEqual(o.shipping_address);
    expect(o.shipping_address).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      street1: "1 Main St",
      street2: "",
      city: "New York",
      state: "NY",
      postal_code: "10001",
      country: "US",
      email: "ada@example.com",
      phone: "",
    });
    // Stock went down: L by 2, S by 1; the unlimited gift wrap stays -1.
    const after = await stock(store, admin, c.mug.key);
    expect(after[c.large]).toBe(before[c.large]! - 2);
    expect(after[c.small]).toBe(before[c.small]! - 1);
    expect(after[c.giftWrap]).toBe(-1);
    expect(after.product).toBe(before.product! - 3);
    // GET answers the same order.
    const read = await api(store, admin, "GET", `/orders/${o.order_number}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ ...o, line_items: read.json.line_items });
    expect(read.json.line_items.map((l: Json) => l.name)).toEqual(["Mug (L)", "Mug (S)"]);
  });

  it("stores total, shipping and tax as posted; line prices as posted; California taxes goods only", async () => {
    const res = await postOrder(store, admin, {
      ship_state: "CA",
      line_1_product_option: c.small,
      line_1_quantity: "2",
      line_1_unit_price: "10",
      send_notifications: "false",
    });
    expect(res.status, res.text).toBe(201);
    // 2 × $10 = $20; shipping $5 + $2; tax 7.25% of $20 = $1.45 (CA does not tax shipping).
    expect(res.json[0]).toMatchObject({ subtotal: "$20.00", shipping: "$7.00", tax: "$1.45", total: "$28.45" });
    expect(res.json[0].line_items[0]).toMatchObject({ price: "$10.00", subtotal: "$20.00" });

    const posted = await postOrder(store, admin, {
      line_1_product_option: c.small,
      line_1_quantity: "1",
      shipping: "3.00",
      tax: "$1.10",
      total: "99",
      discount: "Friends and family",
      send_notifications: "false",
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.json[0]).toMatchObject({
      subtotal: "$12.50",
      shipping: "$3.00",
      tax: "$1.10",
      total: "$99.00",
      total_raw: 99,
      discount: "Friends and family",
      coupon: null,
    });
    // Shipping posted, tax computed: the posted shipping is taxed like computed shipping (NY: 8.875%).
    const taxed = await postOrder(store, admin, {
      line_1_product_option: c.small,
      line_1_quantity: "1",
      shipping: "10",
      send_notifications: "false",
    });
    // 1250 × 8.875% = 110.9 → 111; 1000 × 8.875% = 88.75 → 89.
    expect(taxed.json[0]).toMatchObject({ shipping: "$10.00", tax: "$2.00", total: "$24.50" });
    // A posted line total counts in the subtotal.
    const lineTotal = await postOrder(store, admin, {
      line_1_product_option: c.small,
      line_1_quantity: "2",
      line_1_total: "20",
      shipping: "0",
      tax: "0",
      send_notifications: "false",
    });
    expect(lineTotal.json[0]).toMatchObject({ subtotal: "$20.00", total: "$20.00" });
    expect(lineTotal.json[0].line_items[0]).toMatchObject({ price: "$12.50", subtotal: "$25.00" });
  });

  it("a product without groups adds no shipping or tax; its unit price is the sale price while on sale", async () => {
    const res = await postOrder(store, admin, {
      line_1_product_option: c.posterOption,
      line_1_quantity: "3",
      ship_country: "JP",
      ship_state: "",
      send_notifications: "false",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json[0]).toMatchObject({ subtotal: "$75.00", shipping: "$0.00", tax: "$0.00", total: "$75.00" });
    expect(res.json[0].line_items[0]).toMatchObject({
      name: "Mug poster",
      price: "$25.00",
      product_option: { default: true },
    });
  });

  it("takes a billing address beside the shipping one, and copies the shipping one when there is none", async () => {
    const res = await postOrder(store, admin, {
      line_1_product_option: c.posterOption,
      line_1_quantity: "1",
      bill_first_name: "Grace",
      bill_last_name: "Hopper",
      bill_street1: "2 Navy Way",
      bill_city: "Arlington",
      bill_state: "va",
      bill_country: "us",
      bill_email: "grace@example.com",
      bill_phone: "+1 555 0100",
      send_notifications: "false",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json[0].billing_address).toMatchObject({
      first_name: "Grace",
      state: "VA",
      country: "US",
      phone: "+1 555 0100",
    });
    expect(res.json[0].shipping_address).toMatchObject({ first_name: "Ada", state: "NY" });
  });
});

describe("POST /orders: the confirmation e-mail", () => {
  it("goes to the billing e-mail once the order is made, and never with send_notifications=false", async () => {
    const before = (await outbox(store)).length;
    const quiet = await postOrder(store, admin, {
      line_1_product_option: c.posterOption,
      line_1_quantity: "1",
      send_notifications: "false",
    });
    expect(quiet.status).toBe(201);
    expect((await outbox(store)).length).toBe(before);

    const res = await postOrder(store, admin, {
      line_1_product_option: c.posterOption,
      line_1_quantity: "1",
      bill_first_name: "Grace",
      bill_last_name: "Hopper",
      bill_street1: "2 Navy Way",
      bill_city: "Arlington",
      bill_state: "VA",
      bill_country: "US",
      bill_email: "grace@example.com",
    });
    expect(res.status).toBe(201);
    const mail = await outbox(store);
    expect(mail.length).toBe(before + 1);
    const n = res.json[0].order_number;
    expect(mail[0]).toMatchObject({ to: "grace@example.com", subject: `Your order ${n} at Demo Store` });
    expect(mail[0]!.text).toContain("1 × Mug poster: $25.00");
    expect(mail[0]!.text).toContain("Total: $25.00");
  });
});

describe("POST /orders: refusals change nothing", () => {
  const line = () => ({ line_1_product_option: c.small, line_1_quantity: "1" });

  async function unchanged(attempt: () => Promise<{ status: number; json: Json }>, status: number, fields: string[]) {
    const orders = await orderCount(store, admin);
    const stockBefore = await stock(store, admin, c.mug.key);
    const mail = (await outbox(store)).length;
    const res = await attempt();
    expect(res.status, JSON.stringify(res.json)).toBe(status);
    if (fields.length) expect(Object.keys(res.json.fields ?? {}).sort()).toEqual([...fields].sort());
    expect(await orderCount(store, admin)).toBe(orders);
    expect(await stock(store, admin, c.mug.key)).toEqual(stockBefore);
    expect((await outbox(store)).length).toBe(mail);
    return res.json;
  }

  it("no lines: a 422; a gap in the line numbers: a 400", async () => {
    const none = await unchanged(() => postOrder(store, admin, {}), 422, ["line_1_product_option"]);
    expect(none.error).toBe("validation_failed");
    const gap = await unchanged(
      () =>
        postOrder(store, admin, {
          ...line(),
          line_3_product_option: c.small,
          line_3_quantity: "1",
        }),
      400,
      ["line_2_product_option"],
    );
    expect(gap.error).toBe("invalid_request");
    await unchanged(() => postOrder(store, admin, { line_2_product_option: c.small, line_2_quantity: "1" }), 400, [
      "line_1_product_option",
    ]);
  });

  it("line fields: required, a positive whole quantity, known option and extras of the line's product", async () => {
    await unchanged(() => postOrder(store, admin, { line_1_product_option: c.small }), 422, ["line_1_quantity"]);
    await unchanged(() => postOrder(store, admin, { line_1_quantity: "1" }), 422, ["line_1_product_option"]);
    for (const quantity of ["0", "-1", "1.5", "two"]) {
      await unchanged(() => postOrder(store, admin, { ...line(), line_1_quantity: quantity }), 422, [
        "line_1_quantity",
      ]);
    }
    const unknown = await unchanged(() => postOrder(store, admin, { ...line(), line_1_product_option: "nope" }), 422, [
      "line_1_product_option",
    ]);
    expect(unknown.fields.line_1_product_option).toMatch(/names no product option/);
    // The poster's extras are none; the mug's extra on the poster's line is not the poster's.
    const foreign = await unchanged(
      () =>
        postOrder(store, admin, {
          line_1_product_option: c.posterOption,
          line_1_quantity: "1",
          line_1_product_extras: c.giftWrap,
        }),
      422,
      ["line_1_product_extras"],
    );
    expect(foreign.fields.line_1_product_extras).toContain("which is no extra of Mug poster");
    await unchanged(
      () => postOrder(store, admin, { ...line(), line_1_product_extras: `${c.giftWrap},${c.giftWrap}` }),
      422,
      ["line_1_product_extras"],
    );
    // The hidden default option of a product with options names nothing.
    const mug = (await api(store, admin, "GET", `/products/${c.mug.key}`)).json;
    expect(mug.options.every((o: Json) => !o.default)).toBe(true);
    await unchanged(() => postOrder(store, admin, { ...line(), line_1_unit_price: "abc" }), 422, ["line_1_unit_price"]);
    await unchanged(() => postOrder(store, admin, { ...line(), line_1_colour: "red" }), 422, ["line_1_colour"]);
    await unchanged(() => postOrder(store, admin, { ...line(), order_number: "5", payment_state: "failed" }), 422, [
      "order_number",
      "payment_state",
    ]);
  });

  it("amounts past the money limit: a 422 naming the field, never a 500 or a total the store cannot keep", async () => {
    const poster = (fields: Record<string, string>) =>
      postOrder(store, admin, { line_1_product_option: c.posterOption, ...fields });
    // Past PostgreSQL's bigint: was a 500.
    const bigint = await unchanged(
      () => poster({ line_1_quantity: "1000000", line_1_unit_price: "99999999999.99" }),
      422,
      ["line_1_quantity"],
    );
    expect(bigint.fields.line_1_quantity).toMatch(/more than \$99,999,999,999\.99/);
    // Past the store's 10^13 minor units (and 2^53): was stored.
    await unchanged(() => poster({ line_1_quantity: "1000000", line_1_unit_price: "9999999999.99" }), 422, [
      "line_1_quantity",
    ]);
    // A posted line total does not hide the line item's subtotal (quantity × price).
    await unchanged(
      () => poster({ line_1_quantity: "1000000", line_1_unit_price: "9999999999.99", line_1_total: "10" }),
      422,
      ["line_1_quantity"],
    );
    // Posted amounts each within the limit, whose sum is not.
    await unchanged(() => poster({ line_1_quantity: "1", shipping: "99999999999.99", tax: "99999999999.99" }), 422, [
      "total",
    ]);
    // Two lines, each within the limit: their subtotal is not.
    await unchanged(
      () =>
        poster({
          line_1_quantity: "1",
          line_1_unit_price: "99999999999.99",
          line_2_product_option: c.posterOption,
          line_2_quantity: "1",
          line_2_unit_price: "99999999999.99",
          total: "1",
        }),
      422,
      ["subtotal"],
    );
    // Just within the limit: made, and read back exactly.
    const made = await poster({ line_1_quantity: "1000", line_1_unit_price: "99999999.99" });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json[0]).toMatchObject({ subtotal: "$99,999,999,990.00", subtotal_raw: 99999999990 });
  });

  it("a computed discount, shipping, tax or line with extras past the money limit: a 422 naming it, nothing stored", async () => {
    const now = Math.floor(Date.now() / 1000);
    await made(store, admin, "/coupons", {
      name: "Everything off",
      type: "percentage_off",
      percentage: "100",
      code: "ALLOFF",
      start_date: String(now - 86_400),
      end_date: String(now + 86_400),
      limit: "0",
    });
    // $1 a crate, $99,999,999,999.99 (the most an amount can be) to ship each; no tax.
    const [crateShipping] = await made(store, admin, "/shipping_groups", {
      name: "Crate shipping",
      options: JSON.stringify([{ name: "US", per_item_rate_raw: "99999999999.99", destinations: [{ country: "US" }] }]),
    });
    const crate = await made(store, admin, "/products", {
      name: "Crate",
      price: "1",
      quantity: "10",
      shipping_group: String(crateShipping.id),
    });
    // $60,000,000,000 a vault, as much again to ship it, and New York taxes both at 100%.
    const [vaultShipping] = await made(store, admin, "/shipping_groups", {
      name: "Vault shipping",
      options: JSON.stringify([{ name: "US", per_cart_rate_raw: "60000000000", destinations: [{ country: "US" }] }]),
    });
    const vaultTax = await made(store, admin, "/tax_groups", {
      name: "Vault tax",
      rules: JSON.stringify([{ country: "US", region: "NY", rate: 100, on_shipping: true }]),
    });
    const vault = await made(store, admin, "/products", {
      name: "Vault",
      price: "60000000000",
      quantity: "10",
      shipping_group: String(vaultShipping.id),
      tax_group: String(vaultTax.id),
    });
    const others = async () => ({
      crate: await stock(store, admin, crate.key),
      vault: await stock(store, admin, vault.key),
    });
    /** Refused as `unchanged` checks, and the crate's and vault's stock unchanged too. */
    const refused = async (fields: Record<string, string>, named: string[]) => {
      const before = await others();
      const res = await unchanged(
        () => postOrder(store, admin, { send_notifications: "false", ...fields }),
        422,
        named,
      );
      for (const field of named)
        expect(res.fields[field]).toMatch(/more than \$99,999,999,999\.99, the most an amount/);
      expect(await others()).toEqual(before);
    };

    // Shipping: 2 crates at $99,999,999,999.99 each to ship; the goods are $2.
    await refused({ line_1_product_option: crate.options[0].key, line_1_quantity: "2" }, ["shipping", "total"]);
    // …the total posted: the computed shipping alone is named.
    await refused({ line_1_product_option: crate.options[0].key, line_1_quantity: "2", total: "2" }, ["shipping"]);

    // Tax: 100% of the $60,000,000,000 vault and of its $60,000,000,000 shipping, each within the limit.
    await refused({ line_1_product_option: vault.options[0].key, line_1_quantity: "1" }, ["tax", "total"]);
    await refused({ line_1_product_option: vault.options[0].key, line_1_quantity: "1", total: "1" }, ["tax"]);

    // The line's extras: a unit price within the limit, which the gift wrap's $4 takes past it…
    await refused(
      {
        line_1_product_option: c.small,
        line_1_quantity: "1",
        line_1_unit_price: "99999999999.99",
        line_1_product_extras: c.giftWrap,
      },
      ["line_1_product_extras"],
    );
    // …and 1,000 units whose price is within the limit ($99,999,997,000.00), but not with the extras ($100,000,001,000).
    await refused(
      {
        line_1_product_option: c.small,
        line_1_quantity: "1000",
        line_1_unit_price: "99999997",
        line_1_product_extras: c.giftWrap,
      },
      ["line_1_quantity"],
    );

    // Discount: it is at most the subtotal (100% off at most), so it passes the limit only when the subtotal does.
    // Two lines, each within the limit, 100% off: the discount is named beside the subtotal (the total, 0, is not).
    await refused(
      {
        coupon: "ALLOFF",
        line_1_product_option: c.posterOption,
        line_1_quantity: "1",
        line_1_unit_price: "99999999999.99",
        line_2_product_option: c.posterOption,
        line_2_quantity: "1",
        line_2_unit_price: "99999999999.99",
      },
      ["discount", "subtotal"],
    );
    const coupon = await couponByCode("ALLOFF");
    expect(coupon.redeemed).toBe(0);
  });

  it("a wrong type is a 400 (a JSON body with a list where a value goes)", async () => {
    await unchanged(
      () =>
        api(store, admin, "POST", "/orders", undefined, {
          json: { ...NEW_YORK, line_1_product_option: [c.small], line_1_quantity: 1 },
        }),
      400,
      ["line_1_product_option"],
    );
    // JSON numbers work where forms send strings.
    const ok = await api(store, admin, "POST", "/orders", undefined, {
      json: { ...NEW_YORK, line_1_product_option: c.posterOption, line_1_quantity: 2, send_notifications: false },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it("addresses: names, street, city, a country code, an e-mail, and a US state's code", async () => {
    const empty = Object.fromEntries(Object.keys(NEW_YORK).map((k) => [k, ""]));
    const res = await unchanged(() => api(store, admin, "POST", "/orders", { ...empty, ...line() }), 422, [
      "ship_first_name",
      "ship_last_name",
      "ship_street1",
      "ship_city",
      "ship_country",
      "ship_email",
    ]);
    expect(res.fields.ship_city).toBe("is required");
    await unchanged(() => postOrder(store, admin, { ...line(), ship_country: "XX" }), 422, ["ship_country"]);
    await unchanged(() => postOrder(store, admin, { ...line(), ship_country: "UK" }), 422, ["ship_country"]);
    await unchanged(() => postOrder(store, admin, { ...line(), ship_email: "not-an-email" }), 422, ["ship_email"]);
    await unchanged(() => postOrder(store, admin, { ...line(), ship_state: "New York" }), 422, ["ship_state"]);
    await unchanged(() => postOrder(store, admin, { ...line(), ship_state: "" }), 422, ["ship_state"]);
    await unchanged(() => postOrder(store, admin, { ...line(), bill_first_name: "Grace" }), 422, [
      "bill_last_name",
      "bill_street1",
      "bill_city",
      "bill_country",
      "bill_email",
    ]);
  });

  it("an address the products do not ship to is a 422 naming ship_country, unless shipping is posted", async () => {
    const res = await unchanged(() => postOrder(store, admin, { ...line(), ship_state: "HI" }), 422, ["ship_country"]);
    expect(res.fields.ship_country).toMatch(/do not ship to/);
    await unchanged(() => postOrder(store, admin, { ...line(), ship_country: "FR", ship_state: "" }), 422, [
      "ship_country",
    ]);
    const posted = await postOrder(store, admin, {
      ...line(),
      ship_state: "HI",
      shipping: "25",
      send_notifications: "false",
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.json[0]).toMatchObject({ shipping: "$25.00", tax: "$0.00" });
  });

  it("more than is in stock: a 422 naming the line's quantity (or its extras), and nothing changes", async () => {
    const left = (await stock(store, admin, c.mug.key))[c.large]!;
    const res = await unchanged(
      () =>
        postOrder(store, admin, {
          coupon: "TEN",
          ...line(),
          line_2_product_option: c.large,
          line_2_quantity: String(left + 1),
        }),
      422,
      ["line_2_quantity"],
    );
    expect(res.fields.line_2_quantity).toBe(`is more than is in stock of Mug (L) (${left} left)`);
    // Two lines of one option add up.
    await unchanged(
      () =>
        postOrder(store, admin, {
          line_1_product_option: c.large,
          line_1_quantity: String(left),
          line_2_product_option: c.large,
          line_2_quantity: "1",
        }),
      422,
      ["line_2_quantity"],
    );
    const kits = (await stock(store, admin, c.mug.key))[c.careKit]!;
    await unchanged(
      () => postOrder(store, admin, { ...line(), line_1_quantity: String(kits + 1), line_1_product_extras: c.careKit }),
      422,
      ["line_1_product_extras"],
    );
  });

  it("a coupon that cannot be used is a 422 naming coupon; only its hits move", async () => {
    const now = Math.floor(Date.now() / 1000);
    const dates = (from: number, to: number) => ({ start_date: String(now + from), end_date: String(now + to) });
    await made(store, admin, "/coupons", {
      name: "Old",
      type: "free_shipping",
      code: "OLD",
      limit: "0",
      ...dates(-9000, -10),
    });
    await made(store, admin, "/coupons", {
      name: "Soon",
      type: "free_shipping",
      code: "SOON",
      limit: "0",
      ...dates(5000, 9000),
    });
    const once = await made(store, admin, "/coupons", {
      name: "Once",
      type: "free_shipping",
      limit: "1",
      ...dates(-10, 9000),
    });
    const oneUse = once.codes[0].code as string;
    await made(store, admin, "/coupons", {
      name: "Capped",
      type: "free_shipping",
      code: "CAPPED",
      limit: "1",
      ...dates(-10, 9000),
    });
    // Use up the one-use code and the capped coupon.
    for (const code of [oneUse, "CAPPED"]) {
      const used = await postOrder(store, admin, { coupon: code, ...line(), send_notifications: "false" });
      expect(used.status, used.text).toBe(201);
      expect(used.json[0]).toMatchObject({ shipping: "$0.00", discount: "Free shipping" });
    }
    for (const [code, why] of [
      ["NOPE", /is not a known coupon code/],
      ["OLD", /has expired/],
      ["SOON", /is not valid yet/],
      [oneUse, /has already been used/],
      ["CAPPED", /has been used up/],
    ] as const) {
      const before = await couponByCode(code);
      const res = await unchanged(() => postOrder(store, admin, { coupon: code, ...line() }), 422, ["coupon"]);
      expect(res.fields.coupon).toMatch(why);
      const after = await couponByCode(code);
      if (before) {
        expect(after.hits, code).toBe(before.hits + 1);
        expect({ ...after, hits: 0 }).toEqual({ ...before, hits: 0 });
      }
    }
  });

  it("a request refused for another reason still counts the coupon's hit (and only that)", async () => {
    const before = await couponByCode("TEN");
    await unchanged(
      () => postOrder(store, admin, { coupon: "TEN", line_1_product_option: "nope", line_1_quantity: "1" }),
      422,
      ["line_1_product_option"],
    );
    await unchanged(
      () => postOrder(store, admin, { coupon: "TEN", line_2_product_option: c.small, line_2_quantity: "1" }),
      400,
      ["line_1_product_option"],
    );
    const after = await couponByCode("TEN");
    expect(after.hits).toBe(before.hits + 2);
    expect(after.redeemed).toBe(before.redeemed);
  });

  it("a redeemed coupon counts the order (redeemed and hits)", async () => {
    const before = await couponByCode("TEN");
    const res = await postOrder(store, admin, { coupon: "TEN", ...line(), send_notifications: "false" });
    expect(res.status, res.text).toBe(201);
    const after = await couponByCode("TEN");
    expect([after.hits, after.redeemed]).toEqual([before.hits + 1, before.redeemed + 1]);
  });
});
