import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, outbox, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { addCatalogue, type Catalogue, type Json, postOrder } from "./order-helpers.js";

/**
 * A shipment with the fulfilment, and the choice to mail the customer or not (an extension:
 * docs/contract.md#extensions): PUT /orders/{n} with fulfilled=true takes carrier, service,
 * tracking_number, ship_date and notify; GET /orders/{n} says so with `X-Order-Fulfilment`.
 */

let store: TestStore;
let admin: string;
let c: Catalogue;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
  c = await addCatalogue(store, admin, "Fulfil");
});
afterAll(() => store.close());

const put = (n: number, form: Record<string, string>) => api(store, admin, "PUT", `/orders/${n}`, form);
const get = async (n: number) => {
  const res = await api(store, admin, "GET", `/orders/${n}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Json;
};
const newOrder = async (form: Record<string, string> = {}) => {
  const res = await postOrder(store, admin, {
    line_1_product_option: c.small,
    line_1_quantity: "2",
    bill_first_name: "Bo",
    bill_last_name: "Li",
    bill_street1: "3 Elm",
    bill_city: "Reno",
    bill_state: "NV",
    bill_country: "US",
    bill_email: "bo@example.com",
    ...form,
  });
  expect(res.status, res.text).toBe(201);
  return res.json[0] as Json;
};
const today = () => new Date().toISOString().slice(0, 10);

describe("X-Order-Fulfilment: what the store takes with a fulfilment", () => {
  it("is on GET /orders/{n}, exposed to browsers, and the fields are marked as an extension in /docs", async () => {
    const o = await newOrder();
    const res = await api(store, admin, "GET", `/orders/${o.order_number}`, undefined, {
      headers: { origin: "http://dashboard.example" },
    });
    expect(res.res.headers.get("x-order-fulfilment")).toBe("shipment, notify");
    expect(res.res.headers.get("access-control-expose-headers")).toMatch(/X-Order-Fulfilment/i);
    const doc = JSON.stringify(await (await fetch(`${store.url}/docs/json`)).json());
    for (const field of ["tracking_number", "notify", "ship_date"]) {
      expect(doc).toMatch(new RegExp(`"${field}":\\{[^}]*"description":"Extension:[^}]*"x-store-extension":true`));
    }
  });
});

describe("PUT /orders/{n} with a shipment", () => {
  it("records the shipment with the fulfilment (label now, shipped today, the order's shipping) and mails its tracking", async () => {
    const o = await newOrder();
    const mail = (await outbox(store)).length;
    const before = Math.floor(Date.now() / 1000);
    const res = await put(o.order_number, {
      fulfilled: "true",
      carrier: " UPS ",
      service: "Ground",
      tracking_number: "1Z999AA10123456784",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toMatchObject({ fulfilled: true });
    const expected = {
      carrier: "UPS",
      service: "Ground",
      tracking_number: "1Z999AA10123456784",
      ship_date: today(),
      shipping_cost: o.shipping_raw,
    };
    expect(res.json[0].shipments).toEqual([expect.objectContaining(expected)]);
    expect(res.json[0].shipments[0].label_created).toBeGreaterThanOrEqual(before);
    expect((await get(o.order_number)).shipments).toEqual([expect.objectContaining(expected)]);

    const sent = (await outbox(store)).slice(0, (await outbox(store)).length - mail);
    expect(sent.map((m) => m.to).sort()).toEqual(["ada@example.com", "bo@example.com"]);
    for (const m of sent) {
      expect(m.subject).toBe(`Your order ${o.order_number} is on its way`);
      expect(m.text).toContain("Carrier: UPS");
      expect(m.text).toContain("Service: Ground");
      expect(m.text).toContain("Tracking number: 1Z999AA10123456784");
      expect(m.html).toContain("Tracking number: 1Z999AA10123456784");
    }
  });

  it("takes a ship date, and a tracking number alone (the other fields read empty)", async () => {
    const o = await newOrder();
    const res = await put(o.order_number, { fulfilled: "1", tracking_number: "TRK-1", ship_date: "2026-11-30" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0].shipments).toEqual([
      expect.objectContaining({ carrier: "", service: "", tracking_number: "TRK-1", ship_date: "2026-11-30" }),
    ]);
  });

  it("notify=false fulfils and records the shipment, and sends no e-mail", async () => {
    const o = await newOrder();
    const mail = (await outbox(store)).length;
    const res = await put(o.order_number, {
      fulfilled: "true",
      carrier: "DHL",
      tracking_number: "JD01",
      notify: "false",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0].fulfilled).toBe(true);
    expect(res.json[0].shipments).toHaveLength(1);
    expect((await outbox(store)).length).toBe(mail);
    // notify=false alone, without a shipment, too.
    const plain = await newOrder();
    const before = (await outbox(store)).length;
    expect((await put(plain.order_number, { fulfilled: "true", notify: "0" })).status).toBe(200);
    expect((await outbox(store)).length).toBe(before);
    expect((await get(plain.order_number)).shipments).toEqual([]);
  });

  it("a plain fulfilment still records nothing and mails the notice without tracking", async () => {
    const o = await newOrder();
    const mail = (await outbox(store)).length;
    const res = await put(o.order_number, { fulfilled: "true" });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0].shipments).toEqual([]);
    const sent = await outbox(store);
    expect(sent.length).toBe(mail + 2);
    expect(sent[0]!.text).not.toContain("Tracking number");
  });

  it("refuses bad values with a 422 naming each field, and changes nothing", async () => {
    const o = await newOrder();
    const mail = (await outbox(store)).length;
    const cases: [Record<string, string>, string][] = [
      [{ carrier: "x".repeat(101) }, "carrier"],
      [{ service: "   " }, "service"],
      [{ tracking_number: "1Z\u0000" }, "tracking_number"],
      [{ tracking_number: "a\nb" }, "tracking_number"],
      [{ tracking_number: "y".repeat(101) }, "tracking_number"],
      [{ ship_date: "2026-02-30" }, "ship_date"],
      [{ ship_date: "30/11/2026", carrier: "UPS" }, "ship_date"],
      [{ ship_date: "2026-11-30" }, "ship_date"],
      [{ label: "x" }, "label"],
    ];
    for (const [form, field] of cases) {
      const res = await put(o.order_number, { fulfilled: "true", ...form });
      expect(res.status, JSON.stringify(form)).toBe(422);
      expect(res.json.error).toBe("validation_failed");
      expect(Object.keys(res.json.fields), JSON.stringify(form)).toEqual([field]);
    }
    // A boolean that is none is malformed, as `fulfilled=maybe` is (docs/contract.md#errors).
    expect((await put(o.order_number, { fulfilled: "true", notify: "maybe" })).status).toBe(400);
    const after = await get(o.order_number);
    expect(after.fulfilled).toBe(false);
    expect(after.shipments).toEqual([]);
    expect((await outbox(store)).length).toBe(mail);
  });

  it("takes the shipment's fields only with fulfilled=true, on an order neither fulfilled nor cancelled", async () => {
    const o = await newOrder();
    const forms: Record<string, string>[] = [
      { tracking_number: "T1" },
      { fulfilled: "false", carrier: "UPS" },
      { notify: "false" },
    ];
    for (const form of forms) {
      const res = await put(o.order_number, form);
      expect(res.status, JSON.stringify(form)).toBe(422);
      const named = Object.keys(form).filter((k) => k !== "fulfilled");
      expect(Object.keys(res.json.fields)).toEqual(named);
      expect(res.json.fields[named[0]!]).toBe("can only be sent with fulfilled=true");
    }
    expect((await put(o.order_number, { fulfilled: "true", tracking_number: "T1" })).status).toBe(200);
    const mail = (await outbox(store)).length;
    const again = await put(o.order_number, { fulfilled: "true", tracking_number: "T2", notify: "true" });
    expect(again.status).toBe(422);
    expect(again.json.fields).toEqual({
      tracking_number: "cannot be sent: the order is already fulfilled",
      notify: "cannot be sent: the order is already fulfilled",
    });
    expect((await get(o.order_number)).shipments.map((s: Json) => s.tracking_number)).toEqual(["T1"]);
    expect((await outbox(store)).length).toBe(mail);

    const cancelled = await newOrder();
    expect((await put(cancelled.order_number, { cancelled: "true" })).status).toBe(200);
    const refused = await put(cancelled.order_number, { fulfilled: "true", carrier: "UPS" });
    expect(refused.status).toBe(422);
    expect(refused.json.fields.carrier).toBe("cannot be sent: the order is cancelled");
    const both = await newOrder();
    const cancelling = await put(both.order_number, { cancelled: "true", fulfilled: "true", carrier: "UPS" });
    expect(cancelling.status).toBe(422);
    expect(cancelling.json.fields.carrier).toBe("cannot be sent: the order is cancelled");
    expect((await get(both.order_number)).cancelled).toBe(false);
  });

  it("takes JSON bodies too, with real booleans", async () => {
    const o = await newOrder();
    const res = await api(store, admin, "PUT", `/orders/${o.order_number}`, undefined, {
      json: { fulfilled: true, carrier: "USPS", service: "Priority", tracking_number: "9400", notify: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json[0].shipments[0]).toMatchObject({ carrier: "USPS", service: "Priority", tracking_number: "9400" });
  });
});
