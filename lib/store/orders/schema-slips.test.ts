import { describe, expect, it, vi } from "vitest";
import { needsProduct, resolveLine, storeSlipOrderSchema } from "./schema-slips";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const address = (first: string) => ({
  first_name: first,
  last_name: "Lovelace",
  street1: "1 Main Street",
  street2: "",
  city: "Oakland",
  state: "CA",
  postal_code: "94607",
  country: "us",
  email: "ada@example.com",
  phone: "",
});

const fullProduct = {
  key: "tee",
  name: "Crew Tee",
  sku: "APP-TEE",
  options: [
    { key: "tee-m", default: false, metadata: { Size: "M" }, fetch_sku: "APP-TEE-M" },
    { key: "tee-l", default: false, metadata: { Size: "L" }, fetch_sku: "" },
  ],
  extras: [{ key: "gift", metadata: { "Gift wrap": "Yes" } }],
};

function read(lineItems: unknown[], more: Record<string, unknown> = {}) {
  return storeSlipOrderSchema.parse({
    order_number: "1042",
    created: 1_700_000_000,
    currency: "USD",
    shipping_address: address("Grace"),
    billing_address: address("Ada"),
    line_items: lineItems,
    ...more,
  });
}

describe("a slip's order", () => {
  it("reads the number, date and ship-to address", () => {
    const slip = read([]);
    expect(slip).toMatchObject({ number: 1042, created: 1_700_000_000, shipToIsBilling: false });
    expect(slip.shipTo).toMatchObject({ firstName: "Grace", country: "US" });
  });

  it("reads the payment state, which marks an unpaid order's slip", () => {
    expect(read([], { payment_state: "Pending" }).paymentState).toBe("pending");
    expect(read([], { payment_state: "paid" }).paymentState).toBe("paid");
  });

  it("ships to the billing address when the shipping one is empty, and says so", () => {
    const slip = read([], { shipping_address: null });
    expect(slip.shipTo?.firstName).toBe("Ada");
    expect(slip.shipToIsBilling).toBe(true);
  });

  it("takes a variant's SKU from its option's fetch_sku, else the product's SKU", () => {
    const slip = read([
      {
        name: "Crew Tee (M)",
        quantity: 2,
        product: fullProduct,
        product_option: fullProduct.options[0],
        extras: [fullProduct.extras[0]],
      },
      { name: "Crew Tee (L)", quantity: "1", product: fullProduct, product_option: fullProduct.options[1], extras: [] },
    ]);
    expect(slip.lines.map(needsProduct)).toEqual([null, null]);
    const [m, l] = slip.lines.map((draft) => resolveLine(draft));
    expect(m).toMatchObject({
      sku: "APP-TEE-M",
      quantity: 2,
      optionValues: { Size: "M" },
      optionKey: "tee-m",
      product: "present",
    });
    expect(m!.extras).toEqual([{ key: "gift", values: { "Gift wrap": "Yes" } }]);
    expect(l).toMatchObject({ sku: "APP-TEE", optionValues: { Size: "L" } });
  });

  it("gives a default option's line the product's SKU and no option values", () => {
    const mug = { key: "mug", name: "Mug", sku: "MUG-1", fetch_sku: "DL-9", options: [] };
    const [draft] = read([
      {
        name: "Mug",
        quantity: 1,
        product: mug,
        product_option: { key: "d", default: true, metadata: { Option: "Default" }, fetch_sku: "DL-9" },
      },
    ]).lines;
    expect(resolveLine(draft!)).toMatchObject({ sku: "MUG-1", optionValues: {} });
  });

  it("asks for the product when the line names it and its option by key only, and fills them in", () => {
    const [draft] = read([
      { name: "Crew Tee (M)", quantity: 1, product: "tee", product_option: "tee-m", extras: ["gift"] },
    ]).lines;
    expect(needsProduct(draft!)).toBe("tee");
    const lookedUp = {
      key: "tee",
      name: "Crew Tee",
      sku: "APP-TEE",
      options: [{ key: "tee-m", values: { Size: "M" }, fetchSku: "APP-TEE-M", isDefault: false }],
      extras: [{ key: "gift", values: { "Gift wrap": "Yes" }, fetchSku: null, isDefault: null }],
    };
    expect(resolveLine(draft!, lookedUp)).toMatchObject({
      sku: "APP-TEE-M",
      optionValues: { Size: "M" },
      extras: [{ key: "gift", values: { "Gift wrap": "Yes" } }],
      product: "present",
    });
  });

  it("asks for the product when it comes without its SKU", () => {
    const [draft] = read([
      {
        name: "Mug",
        quantity: 1,
        product: { key: "mug", name: "Mug" },
        product_option: { key: "d", default: true, metadata: {} },
      },
    ]).lines;
    expect(needsProduct(draft!)).toBe("mug");
  });

  it("keeps what the order kept when the product is gone, and says so", () => {
    const [deleted] = read([
      {
        name: "Old Tee (M)",
        quantity: 3,
        product: null,
        product_option: { key: "o1", metadata: { Size: "M" }, fetch_sku: "OLD-M" },
      },
    ]).lines;
    expect(needsProduct(deleted!)).toBeNull();
    expect(resolveLine(deleted!)).toMatchObject({
      name: "Old Tee (M)",
      sku: "OLD-M",
      optionValues: { Size: "M" },
      product: "gone",
      productKey: null,
    });

    const [byKey] = read([{ name: "Tee", quantity: 1, product: "tee", product_option: "x" }]).lines;
    expect(resolveLine(byKey!, "gone")).toMatchObject({ name: "Tee", sku: "", optionValues: {}, product: "gone" });
    expect(resolveLine(byKey!, "failed").product).toBe("unknown");
  });

  it("leaves out a line it cannot read, not the order", () => {
    const slip = read(["nonsense", { name: "Mug", quantity: 1, product: { key: "m", name: "Mug", sku: "M" } }]);
    expect(slip.lines).toHaveLength(1);
  });
});
