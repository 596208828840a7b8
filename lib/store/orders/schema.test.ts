import { describe, expect, it, vi } from "vitest";
import { cancelAvailability, lineTotal, parseOrderNumber } from "./model";
import { storeOrderSchema, storeOrderSummarySchema } from "./schema";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const address = {
  first_name: "Ada",
  last_name: "Lovelace",
  street1: "1 Main St",
  street2: "",
  city: "Springfield",
  state: "IL",
  postal_code: "62701",
  country: "us",
  email: "ada@example.com",
  phone: "",
};

const product = { key: "p1", name: "Mug", price: "$10.00", price_raw: 10, currency: "USD" };

const order = {
  order_number: 1042,
  custom_id: "web-1",
  created: 1_700_000_000,
  currency: "USD",
  billing_address: address,
  shipping_address: { ...address, country: "CA", state: "ON" },
  coupon: { id: 7, name: "Spring", type: "percentage_off", code: "SPRING15" },
  discount: "15% off",
  fulfilled: false,
  cancelled: false,
  payment_gateway: null,
  payment_state: "paid",
  line_items: [
    {
      name: "Mug",
      currency: "USD",
      price: "$10.00",
      price_raw: 10,
      quantity: 2,
      subtotal: "$20.00",
      subtotal_raw: 20,
      product,
      product_option: { key: "o1", default: false, metadata: { Size: "L" }, surcharge: "$0.00", surcharge_raw: 0 },
      extras: [{ key: "e1", metadata: { Gift: "wrap" }, surcharge: "$2.50", surcharge_raw: 2.5 }],
    },
  ],
  shipments: [
    {
      label_created: 1_700_000_100,
      ship_date: "2023-11-15",
      carrier: "UPS",
      service: "Ground",
      tracking_number: "1Z999",
      shipping_cost: 4.5,
    },
  ],
  shipping: "$5.00",
  shipping_raw: 5,
  subtotal: "$20.00",
  subtotal_raw: 20,
  tax: "$1.00",
  tax_raw: 1,
  total: "$27.25",
  total_raw: 27.25,
  url: "http://admin.example/orders/1042",
};

describe("the store's order, read tolerantly", () => {
  it("reads every field of the spec's order into minor units and words", () => {
    const read = storeOrderSchema.parse(order);
    expect(read).toMatchObject({
      number: 1042,
      customer: "Ada Lovelace",
      country: "CA",
      total: 2725,
      subtotal: 2000,
      shippingCharge: 500,
      tax: 100,
      discount: "15% off",
      coupon: { id: "7", name: "Spring", type: "percentage_off", code: "SPRING15" },
      paymentGateway: null,
      paymentGatewayKnown: true,
      cancelled: false,
      itemCount: 2,
    });
    expect(read.billing?.country).toBe("US");
    expect(read.lines[0]).toMatchObject({ price: 1000, quantity: 2, subtotal: 2000 });
    expect(read.lines[0]!.product?.key).toBe("p1");
    expect(read.lines[0]!.option?.metadata).toEqual({ Size: "L" });
    expect(lineTotal(read.lines[0]!)).toBe(2500);
    expect(read.shipments[0]).toMatchObject({ carrier: "UPS", trackingNumber: "1Z999", shippingCost: 450 });
  });

  it("copes with a store that sends only the spec: no cancelled, no payment_gateway, strings for numbers", () => {
    const { cancelled: _c, payment_gateway: _g, ...plain } = order;
    const read = storeOrderSummarySchema.parse({ ...plain, order_number: "17", total_raw: undefined });
    expect(read).toMatchObject({ number: 17, cancelled: null, paymentGatewayKnown: false, total: 2725 });
    expect(cancelAvailability(read)).toEqual({ allowed: true });
  });

  it("needs only the order number; leaves out unreadable lines and shipments", () => {
    const read = storeOrderSchema.parse({ order_number: 5, line_items: [7, null], shipments: ["x"], coupon: 3 });
    expect(read).toMatchObject({ number: 5, lines: [], shipments: [], coupon: null, customer: "", total: 0 });
    expect(() => storeOrderSchema.parse({ order_number: "abc" })).toThrow();
  });

  it("offers cancel only for API orders where the store says which they are", () => {
    const api = storeOrderSummarySchema.parse(order);
    expect(cancelAvailability(api)).toEqual({ allowed: true });
    const storefront = storeOrderSummarySchema.parse({ ...order, payment_gateway: "stripe" });
    expect(cancelAvailability(storefront)).toMatchObject({ allowed: false, reason: expect.stringContaining("Stripe") });
    const done = storeOrderSummarySchema.parse({ ...order, cancelled: true });
    expect(cancelAvailability(done)).toMatchObject({ allowed: false });
  });

  it("reads an order number as a person types it", () => {
    expect(parseOrderNumber(" #1042 ")).toBe(1042);
    expect(parseOrderNumber("1042")).toBe(1042);
    expect(parseOrderNumber("0")).toBeNull();
    expect(parseOrderNumber("10a")).toBeNull();
  });
});
