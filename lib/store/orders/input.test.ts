import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { Product } from "../products/model";
import { extraLabel } from "./model";
import {
  type NewOrderValues,
  createOrderInput,
  formFieldOf,
  lineAmount,
  lineFor,
  newOrderFormInput,
  newOrderIssues,
  newOrderValues,
  orderFields,
  placeRefusal,
  prefilledUnitPrice,
} from "./input";

function product(overrides: Partial<Product> = {}): Product {
  return {
    key: "p1",
    slug: "mug",
    url: null,
    created: null,
    modified: null,
    name: "Mug",
    nameShort: "",
    description: "",
    descriptionShort: "",
    sku: "",
    fetchSku: "",
    type: "physical",
    status: "available",
    quantity: 10,
    currency: "USD",
    price: 2400,
    salePrice: null,
    regularPrice: null,
    cost: null,
    weight: null,
    order: null,
    categories: [],
    options: [
      {
        key: "o-default",
        isDefault: true,
        metadata: {},
        quantity: 10,
        surcharge: 0,
        cost: null,
        weight: null,
        fetchSku: null,
        order: null,
      },
    ],
    extras: [],
    optionStyle: "single",
    images: [],
    videos: [],
    digitalSamples: [],
    form: null,
    shippingGroup: null,
    taxGroup: null,
    ...overrides,
  };
}

const ann = {
  firstName: "Ann",
  lastName: "Lee",
  street1: "1 Main St",
  street2: "",
  city: "Springfield",
  state: "IL",
  postalCode: "62701",
  country: "US",
  email: "ann@example.com",
  phone: "",
};

function values(overrides: Partial<NewOrderValues> = {}): NewOrderValues {
  return {
    ...newOrderValues(),
    lines: [
      {
        productKey: "p1",
        productName: "Mug",
        optionKey: "o1",
        extraKeys: ["x1", "x2"],
        quantity: "2",
        unitPrice: "19.50",
      },
      { productKey: "p2", productName: "Tee", optionKey: "o9", extraKeys: [], quantity: "1", unitPrice: "$5" },
    ],
    billing: ann,
    ...overrides,
  };
}

describe("prefilled prices", () => {
  it("takes the sale price while on sale, plus the option's surcharge", () => {
    expect(prefilledUnitPrice(product(), { surcharge: 200 })).toBe(2600);
    expect(prefilledUnitPrice(product({ salePrice: 1950, regularPrice: 2400 }), { surcharge: 200 })).toBe(2150);
    expect(prefilledUnitPrice(product(), null)).toBe(2400);
  });

  it("starts a line of a product without options on its default option", () => {
    expect(lineFor(product({ salePrice: 1950 }))).toEqual({
      productKey: "p1",
      productName: "Mug",
      optionKey: "o-default",
      extraKeys: [],
      quantity: "1",
      unitPrice: "19.50",
    });
  });

  it("counts the chosen extras in a line's amount, and nothing while it is not a number", () => {
    const extras = [
      { key: "x1", surcharge: 300 },
      { key: "x3", surcharge: 1000 },
    ];
    expect(lineAmount({ unitPrice: "19.50", quantity: "2", extraKeys: ["x1"] }, extras, "USD")).toBe(4500);
    expect(lineAmount({ unitPrice: "19.50", quantity: "0", extraKeys: [] }, extras, "USD")).toBeNull();
    expect(lineAmount({ unitPrice: "abc", quantity: "1", extraKeys: [] }, extras, "USD")).toBeNull();
  });
});

describe("orderFields", () => {
  it("numbers the lines from 1 and copies billing to shipping", () => {
    expect(orderFields(values(), "USD")).toEqual({
      line_1_product_option: "o1",
      line_1_quantity: "2",
      line_1_unit_price: "19.50",
      line_1_product_extras: "x1,x2",
      line_2_product_option: "o9",
      line_2_quantity: "1",
      line_2_unit_price: "5.00",
      bill_first_name: "Ann",
      bill_last_name: "Lee",
      bill_street1: "1 Main St",
      bill_city: "Springfield",
      bill_state: "IL",
      bill_postal_code: "62701",
      bill_country: "US",
      bill_email: "ann@example.com",
      ship_first_name: "Ann",
      ship_last_name: "Lee",
      ship_street1: "1 Main St",
      ship_city: "Springfield",
      ship_state: "IL",
      ship_postal_code: "62701",
      ship_country: "US",
      ship_email: "ann@example.com",
      send_notifications: "true",
    });
  });

  it("sends a separate shipping address, the coupon, the custom id, notifications off and set amounts", () => {
    const fields = orderFields(
      values({
        shipToBilling: false,
        shipping: { ...ann, firstName: "Bo", country: "de", state: "Berlin", email: "" },
        coupon: " SAVE10 ",
        customId: "PO-7",
        sendNotifications: false,
        setShipping: true,
        shippingAmount: "0",
        setTax: true,
        taxAmount: "1.5",
      }),
      "USD",
    );
    expect(fields).toMatchObject({
      ship_first_name: "Bo",
      ship_country: "DE",
      ship_state: "Berlin",
      coupon: "SAVE10",
      custom_id: "PO-7",
      send_notifications: "false",
      shipping: "0.00",
      tax: "1.50",
    });
    expect(fields.ship_email).toBe("ann@example.com");
    expect(fields.bill_first_name).toBe("Ann");
  });

  it("leaves the amounts to the store unless staff set them", () => {
    const fields = orderFields(values({ shippingAmount: "9", taxAmount: "9" }), "USD");
    expect(fields).not.toHaveProperty("shipping");
    expect(fields).not.toHaveProperty("tax");
    expect(fields).not.toHaveProperty("coupon");
  });

  it("is what the action accepts", () => {
    expect(z.safeParse(createOrderInput, orderFields(values(), "USD")).success).toBe(true);
  });
});

describe("newOrderIssues", () => {
  it("accepts a complete order", () => {
    expect(newOrderIssues(values(), "USD")).toEqual([]);
  });

  it("puts each problem under its field", () => {
    const issues = newOrderIssues(
      values({
        lines: [
          { productKey: "p", productName: "Mug", optionKey: "", extraKeys: [], quantity: "0", unitPrice: "1.234" },
        ],
        billing: { ...ann, email: "", state: "", firstName: " " },
        shipToBilling: false,
        shipping: { ...ann, country: "XX", email: "nope" },
        coupon: "TWO WORDS",
        setTax: true,
        taxAmount: "",
      }),
      "USD",
    );
    expect(issues.map((i) => i.field)).toEqual([
      "lines.0.optionKey",
      "lines.0.quantity",
      "lines.0.unitPrice",
      "billing.firstName",
      "billing.state",
      "billing.email",
      "shipping.country",
      "shipping.email",
      "coupon",
      "taxAmount",
    ]);
  });

  it("needs a product, and checks the shipping address only when it is its own", () => {
    expect(newOrderIssues(values({ lines: [] }), "USD").map((i) => i.field)).toEqual(["lines"]);
    expect(newOrderIssues(values({ shipping: { ...ann, city: "" } }), "USD")).toEqual([]);
  });

  it("is the form's schema", () => {
    const result = z.safeParse(newOrderFormInput("USD"), values({ coupon: "A B" }));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["coupon"]);
  });
});

describe("createOrderInput", () => {
  it("refuses unknown fields, gaps between lines and an order without lines", () => {
    const fields = orderFields(values(), "USD");
    expect(z.safeParse(createOrderInput, { ...fields, discount: "100" }).success).toBe(false);
    const {
      line_1_product_option: _,
      line_1_quantity: __,
      line_1_unit_price: ___,
      line_1_product_extras: ____,
      ...gap
    } = fields;
    expect(z.safeParse(createOrderInput, gap).success).toBe(false);
    expect(z.safeParse(createOrderInput, { bill_first_name: "Ann" }).success).toBe(false);
  });
});

describe("the store's fields on the form", () => {
  const context = { shipToBilling: false, lineCount: 2 };

  it("maps each store field to its form field", () => {
    expect(formFieldOf("line_2_quantity", context)).toBe("lines.1.quantity");
    expect(formFieldOf("line_1_product_option", context)).toBe("lines.0.optionKey");
    expect(formFieldOf("line_1_product_extras", context)).toBe("lines.0.extraKeys");
    expect(formFieldOf("line_3_quantity", context)).toBeNull();
    expect(formFieldOf("ship_country", context)).toBe("shipping.country");
    expect(formFieldOf("ship_country", { ...context, shipToBilling: true })).toBe("billing.country");
    expect(formFieldOf("bill_email", context)).toBe("billing.email");
    expect(formFieldOf("bill_postal_code", context)).toBe("billing.postalCode");
    expect(formFieldOf("coupon", context)).toBe("coupon");
    expect(formFieldOf("custom_id", context)).toBe("customId");
    expect(formFieldOf("shipping", context)).toBe("shippingAmount");
    expect(formFieldOf("tax", context)).toBe("taxAmount");
    expect(formFieldOf("bill_nonsense", context)).toBeNull();
    expect(formFieldOf("total", context)).toBeNull();
  });

  it("words a refusal in our sentences and says when something had no place", () => {
    const { placed, unplaced } = placeRefusal({ coupon: "x", line_2_quantity: "y", total: "z" }, context, {
      ownWords: false,
    });
    expect(placed.coupon).toMatch(/coupon code/);
    expect(placed["lines.1.quantity"]).toMatch(/enough in stock/);
    expect(unplaced).toBe(true);
    expect(placeRefusal({ coupon: "Ours." }, context, { ownWords: true })).toEqual({
      placed: { coupon: "Ours." },
      unplaced: false,
    });
  });
});

describe("extraLabel", () => {
  it("names an extra by its pair, or its one name", () => {
    expect(extraLabel({ metadata: { "Gift wrap": "Yes" } })).toBe("Gift wrap: Yes");
    expect(extraLabel({ metadata: { Engraving: "Engraving" } })).toBe("Engraving");
    expect(extraLabel({ metadata: { Engraving: "" } })).toBe("Engraving");
    expect(extraLabel({ metadata: {} })).toBe("");
  });
});
