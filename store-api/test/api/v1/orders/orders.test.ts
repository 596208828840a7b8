import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, shipments } from "../../../../src/db/schema/index.js";
import type { OrderAddress } from "../../../../src/db/schema/orders.js";
import {
  addUser,
  api,
  outbox,
  seedToken,
  startStoreWithAdmin,
  type TestStore,
  writeBehindApi,
} from "../../../helpers/index.js";
import { addCatalogue, type Catalogue, type Json, orderCount, postOrder, stock } from "./order-helpers.js";

/**
 * Reading, listing, counting, fulfilling and cancelling orders
 * (docs/contract.md#orders, #lists): storefront orders are written straight
 * into the database (as the seed and a storefront would make them), API
 * orders through POST.
 */

let store: TestStore;
let admin: string;
let c: Catalogue;
let client: { client_id: string };

const ADDRESS: OrderAddress = {
  first_name: "Lin",
  last_name: "Wu",
  street1: "9 Bay Rd",
  street2: "",
  city: "Austin",
  state: "TX",
  postal_code: "73301",
  country: "US",
  email: "lin@example.com",
  phone: "",
};

/** Storefront orders straight into the database, created at the given UNIX seconds (no lines needed here). */
async function storefrontOrders(
  rows: { created: number; state?: "paid" | "pending" | "failed"; fulfilled?: boolean; gateway?: string }[],
) {
  // Behind the API's back, bracketed as the store brackets its own writes (no cached read outlives it).
  const inserted = await writeBehindApi(store, () =>
    store.database.db
      .insert(orders)
      .values(
        rows.map((r) => ({
          currency: "USD",
          billingAddress: ADDRESS,
          shippingAddress: ADDRESS,
          subtotal: 1000,
          shipping: 0,
          tax: 0,
          total: 1000,
          paymentState: r.state ?? "paid",
          paymentGateway: r.gateway ?? "stripe",
          fulfilled: r.fulfilled ?? false,
          createdAt: new Date(r.created * 1000),
          updatedAt: new Date(r.created * 1000),
        })),
      )
      .returning({ number: orders.number }),
  );
  return inserted.map((r) => r.number);
}

const T0 = 1_700_000_000;

beforeAll(async () => {
  ({ store, admin, client } = await startStoreWithAdmin({ rateLimit: 0 }));
  c = await addCatalogue(store, admin);
});
afterAll(() => store.close());

const numbers = (list: Json[]) => list.map((o) => o.order_number);

describe("GET /orders and the state lists", () => {
  let made: number[];
  beforeAll(async () => {
    // 25 orders a minute apart, oldest first: 0–9 paid and fulfilled, 10–19 pending, 20–24 failed.
    made = await storefrontOrders(
      Array.from({ length: 25 }, (_, i) => ({
        created: T0 + i * 60,
        state: i < 10 ? "paid" : i < 20 ? "pending" : "failed",
        fulfilled: i < 10,
        gateway: ["stripe", "paypal", "square", "authorize_net"][i % 4],
      })),
    );
  });

  it("lists newest first, 20 by default, paged from 0, with X-Total-Count; a page past the end is empty", async () => {
    const first = await api(store, admin, "GET", "/orders");
    expect(first.status, first.text).toBe(200);
    expect(first.res.headers.get("x-total-count")).toBe("25");
    expect(numbers(first.json)).toEqual([...made].reverse().slice(0, 20));
    const second = await api(store, admin, "GET", "/orders?page=1");
    expect(numbers(second.json)).toEqual([...made].reverse().slice(20));
    const sized = await api(store, admin, "GET", "/orders?page=2&count=10");
    expect(numbers(sized.json)).toEqual(made.slice(0, 5).reverse());
    const beyond = await api(store, admin, "GET", "/orders?page=9");
    expect(beyond.status).toBe(200);
    expect(beyond.json).toEqual([]);
    expect(beyond.res.headers.get("x-total-count")).toBe("25");
    for (const bad of ["page=-1", "count=0", "count=251", "page=x", "created_since=soon"]) {
      const res = await api(store, admin, "GET", `/orders?${bad}`);
      expect(res.status, bad).toBe(422);
    }
  });

  it("created_since: only orders created after it, not at it", async () => {
    const res = await api(store, admin, "GET", `/orders?created_since=${T0 + 22 * 60}&count=100`);
    expect(numbers(res.json)).toEqual([made[24], made[23]]);
    expect(res.res.headers.get("x-total-count")).toBe("2");
    const justBefore = await api(store, admin, "GET", `/orders?created_since=${T0 + 22 * 60 - 1}`);
    expect(numbers(justBefore.json)).toEqual([made[24], made[23], made[22]]);
  });

  it("the state lists hold their orders, newest first, paged; the counts say how many", async () => {
    const expected: Record<string, number[]> = {
      paid: made.slice(0, 10),
      fulfilled: made.slice(0, 10),
      pending: made.slice(10, 20),
      failed: made.slice(20),
      unfulfilled: made.slice(10),
    };
    for (const [state, list] of Object.entries(expected)) {
      const res = await api(store, admin, "GET", `/orders/${state}?count=100`);
      expect(res.status, `${state}: ${res.text}`).toBe(200);
      expect(numbers(res.json), state).toEqual([...list].reverse());
      expect(res.res.headers.get("x-total-count")).toBe(String(list.length));
      const count = await api(store, admin, "GET", `/orders/${state}/count`);
      expect(count.json, state).toEqual({ count: list.length });
      const paged = await api(store, admin, "GET", `/orders/${state}?count=3&page=1`);
      expect(numbers(paged.json), state).toEqual([...list].reverse().slice(3, 6));
    }
    expect((await api(store, admin, "GET", "/orders/count")).json).toEqual({ count: 25 });
  });

  it("reads a storefront order with its gateway and shipments", async () => {
    await writeBehindApi(store, () =>
      store.database.db.insert(shipments).values({
        orderNumber: made[0]!,
        labelCreated: new Date((T0 + 3600) * 1000),
        shipDate: "2023-11-15",
        carrier: "UPS",
        service: "UPS Ground",
        trackingNumber: "1Z999AA10123456784",
        shippingCost: 845,
      }),
    );
    const res = await api(store, admin, "GET", `/orders/${made[0]}`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      order_number: made[0],
      created: T0,
      payment_gateway: "stripe",
      payment_state: "paid",
      fulfilled: true,
      cancelled: false,
      coupon: null,
      discount: null,
      custom_id: "",
      line_items: [],
      shipments: [
        {
          label_created: T0 + 3600,
          ship_date: "2023-11-15",
          carrier: "UPS",
          service: "UPS Ground",
          tracking_number: "1Z999AA10123456784",
          shipping_cost: 8.45,
        },
      ],
    });
  });
});

describe("paths and access", () => {
  it("an order number that names nothing, or is no number, is a 404; other methods are 405s", async () => {
    expect((await api(store, admin, "GET", "/orders/999999")).status).toBe(404);
    for (const path of [
      "/orders/abc",
      "/orders/0",
      "/orders/1.5",
      "/orders/99999999999",
      "/orders/paid/1",
      "/orders/1001/count",
    ]) {
      const res = await api(store, admin, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.json.error).toBe("not_found");
    }
    for (const [method, path, allow] of [
      ["DELETE", "/orders/1001", "GET, PUT"],
      ["PUT", "/orders", "GET, POST"],
      ["POST", "/orders/count", "GET"],
      ["PUT", "/orders/paid", "GET"],
      ["DELETE", "/orders/fulfilled/count", "GET"],
    ] as const) {
      const res = await api(store, admin, method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.res.headers.get("allow")).toBe(allow);
    }
  });

  it("orders need the admin scope and manage_orders; counts need view_stats", async () => {
    const clerk = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders"] });
    const clerkToken = (await seedToken(store, client, clerk)).access_token;
    expect((await api(store, clerkToken, "GET", "/orders")).status).toBe(200);
    expect((await api(store, clerkToken, "GET", "/orders/paid")).status).toBe(200);
    for (const path of ["/orders/count", "/orders/paid/count", "/orders/unfulfilled/count"]) {
      const res = await api(store, clerkToken, "GET", path);
      expect(res.status, path).toBe(403);
      expect(res.json.error).toBe("forbidden");
    }
    const analyst = await addUser(store, { email: "analyst@example.com", permissions: ["view_stats"] });
    const analystToken = (await seedToken(store, client, analyst)).access_token;
    expect((await api(store, analystToken, "GET", "/orders/count")).status).toBe(200);
    expect((await api(store, analystToken, "GET", "/orders")).json.error).toBe("forbidden");
    expect((await api(store, analystToken, "POST", "/orders", { line_1_quantity: "1" })).status).toBe(403);
    const owner = await addUser(store, { email: "front@example.com" });
    const storefront = (await seedToken(store, client, owner, "storefront")).access_token;
    const res = await api(store, storefront, "GET", "/orders");
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("insufficient_scope");
    expect((await api(store, null, "GET", "/orders")).status).toBe(401);
  });
});

describe("PUT /orders/{n}: fulfilling and cancelling", () => {
  const line = (quantity = "1") => ({ line_1_product_option: c.small, line_1_quantity: quantity });
  const put = (n: number, form: Record<string, string>) => api(store, admin, "PUT", `/orders/${n}`, form);
  const newOrder = async (form: Record<string, string> = {}) => {
    const res = await postOrder(store, admin, { ...line(), ...form });
    expect(res.status, res.text).toBe(201);
    return res.json[0] as Json;
  };

  it("fulfils (a list holding the order) and sends the shipping notice; false takes it back", async () => {
    const o = await newOrder({
      bill_first_name: "Bo",
      bill_last_name: "Li",
      bill_street1: "3 Elm",
      bill_city: "Reno",
      bill_state: "NV",
      bill_country: "US",
      bill_email: "bo@example.com",
    });
    const mail = (await outbox(store)).length;
    const res = await put(o.order_number, { fulfilled: "true" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({ order_number: o.order_number, fulfilled: true, cancelled: false });
    const sent = await outbox(store);
    expect(sent.length).toBe(mail + 2);
    expect(
      sent
        .slice(0, 2)
        .map((m) => m.to)
        .sort(),
    ).toEqual(["ada@example.com", "bo@example.com"]);
    expect(sent[0]!.subject).toBe(`Your order ${o.order_number} is on its way`);
    // Fulfilling again changes nothing and sends nothing.
    expect((await put(o.order_number, { fulfilled: "1" })).json[0].fulfilled).toBe(true);
    expect((await outbox(store)).length).toBe(mail + 2);
    const back = await put(o.order_number, { fulfilled: "false" });
    expect(back.json[0].fulfilled).toBe(false);
    const listed = await api(store, admin, "GET", "/orders/unfulfilled?count=250");
    expect(numbers(listed.json)).toContain(o.order_number);
  });

  it("send_notifications=false silences the shipping notice too", async () => {
    const o = await newOrder({ send_notifications: "false" });
    const mail = (await outbox(store)).length;
    expect((await put(o.order_number, { fulfilled: "true" })).status).toBe(200);
    expect((await outbox(store)).length).toBe(mail);
  });

  it("cancels an API order for good, putting its stock back; it leaves the fulfilled and unfulfilled lists", async () => {
    const before = await stock(store, admin, c.mug.key);
    const o = await newOrder({
      send_notifications: "false",
      line_1_quantity: "2",
      line_1_product_extras: `${c.careKit},${c.giftWrap}`,
    });
    const during = await stock(store, admin, c.mug.key);
    expect(during[c.small]).toBe(before[c.small]! - 2);
    expect(during[c.careKit]).toBe(before[c.careKit]! - 2);
    const res = await put(o.order_number, { cancelled: "true" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toMatchObject({ cancelled: true, fulfilled: false });
    expect(await stock(store, admin, c.mug.key)).toEqual(before);
    // Cancelling again changes nothing (nor the stock).
    expect((await put(o.order_number, { cancelled: "true" })).status).toBe(200);
    expect(await stock(store, admin, c.mug.key)).toEqual(before);
    // Irreversible; and a cancelled order's fulfilled cannot change.
    const undo = await put(o.order_number, { cancelled: "false" });
    expect(undo.status).toBe(422);
    expect(Object.keys(undo.json.fields)).toEqual(["cancelled"]);
    const fulfil = await put(o.order_number, { fulfilled: "true" });
    expect(fulfil.status).toBe(422);
    expect(Object.keys(fulfil.json.fields)).toEqual(["fulfilled"]);
    expect((await api(store, admin, "GET", `/orders/${o.order_number}`)).json).toMatchObject({
      cancelled: true,
      fulfilled: false,
    });
    for (const state of ["fulfilled", "unfulfilled"]) {
      const list = await api(store, admin, "GET", `/orders/${state}?count=250`);
      expect(numbers(list.json), state).not.toContain(o.order_number);
    }
    const paid = await api(store, admin, "GET", "/orders/paid?count=250");
    expect(numbers(paid.json)).toContain(o.order_number);
  });

  it("a fulfilled order can still be cancelled; fulfilling while cancelling is a 422", async () => {
    const o = await newOrder({ send_notifications: "false" });
    const both = await put(o.order_number, { fulfilled: "true", cancelled: "true" });
    expect(both.status).toBe(422);
    expect(Object.keys(both.json.fields)).toEqual(["fulfilled"]);
    expect((await api(store, admin, "GET", `/orders/${o.order_number}`)).json.cancelled).toBe(false);
    await put(o.order_number, { fulfilled: "true" });
    const res = await put(o.order_number, { cancelled: "true" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toMatchObject({ fulfilled: true, cancelled: true });
    const fulfilled = await api(store, admin, "GET", "/orders/fulfilled?count=250");
    expect(numbers(fulfilled.json)).not.toContain(o.order_number);
  });

  it("a storefront order cannot be cancelled (403 forbidden), and nothing changes", async () => {
    const [n] = await storefrontOrders([{ created: T0 + 99_999, gateway: "paypal" }]);
    const res = await put(n!, { cancelled: "true" });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("forbidden");
    expect((await api(store, admin, "GET", `/orders/${n}`)).json.cancelled).toBe(false);
    // It can be fulfilled.
    expect((await put(n!, { fulfilled: "true" })).json[0].fulfilled).toBe(true);
  });

  it("takes fulfilled and cancelled only: any other field is a 422; an empty PUT changes nothing", async () => {
    const o = await newOrder({ send_notifications: "false" });
    const res = await put(o.order_number, { custom_id: "X", fulfilled: "true" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.fields)).toEqual(["custom_id"]);
    // Not a boolean: malformed, as everywhere (docs/contract.md#encoding).
    expect((await put(o.order_number, { fulfilled: "maybe" })).status).toBe(400);
    const idle = await api(store, admin, "PUT", `/orders/${o.order_number}`);
    expect(idle.status, idle.text).toBe(200);
    expect(idle.json[0]).toMatchObject({ fulfilled: false, cancelled: false });
    expect((await put(999_999, { fulfilled: "true" })).status).toBe(404);
  });
});

describe("an order outlives its products", () => {
  it("a deleted product's line keeps its name, prices, option and extras; the product reads null; cancelling still works", async () => {
    const other = await addCatalogue(store, admin, "Vase");
    const res = await postOrder(store, admin, {
      line_1_product_option: other.large,
      line_1_quantity: "1",
      line_1_product_extras: other.giftWrap,
      send_notifications: "false",
    });
    expect(res.status, res.text).toBe(201);
    const o = res.json[0];
    expect((await api(store, admin, "DELETE", `/products/${other.mug.key}`)).status).toBe(200);
    const read = await api(store, admin, "GET", `/orders/${o.order_number}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json.line_items[0]).toMatchObject({
      name: "Vase (L)",
      price: "$14.50",
      product: null,
      product_option: { key: other.large, metadata: { Size: "L" }, surcharge: "$2.00", default: false },
      extras: [{ key: other.giftWrap, metadata: { Extra: "Gift wrap" }, surcharge: "$4.00" }],
    });
    expect(read.json.total).toBe(o.total);
    const cancelled = await api(store, admin, "PUT", `/orders/${o.order_number}`, { cancelled: "true" });
    expect(cancelled.status, cancelled.text).toBe(200);
  });
});

describe("an order's url", () => {
  it("is its page in the dashboard when the store knows the dashboard's address", async () => {
    const [n] = await storefrontOrders([{ created: T0 }]);
    expect((await api(store, admin, "GET", `/orders/${n}`)).json.url).toBe(`${store.url}/api/v1/orders/${n}`);
    // A change of configuration, made as a restart would: no answer read before it is served after it.
    const configure = (url: string | undefined) =>
      writeBehindApi(store, async () => {
        store.app.config.dashboardUrl = url;
      });
    await configure("https://admin.example.com/");
    try {
      expect((await api(store, admin, "GET", `/orders/${n}`)).json.url).toBe(`https://admin.example.com/orders/${n}`);
    } finally {
      await configure(undefined);
    }
    expect(await orderCount(store, admin)).toBeGreaterThan(0);
  });
});
