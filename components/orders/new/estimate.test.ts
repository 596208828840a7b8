import { describe, expect, it } from "vitest";
import type { Coupon } from "../../../lib/store/coupons/model";
import type { CouponLookup } from "../../../lib/store/coupons/model-lookup";
import { type OrderLineValues, emptyAddress, newOrderValues } from "../../../lib/store/orders/input";
import type { Product } from "../../../lib/store/products/model";
import type { ShippingGroup } from "../../../lib/store/shipping/model";
import type { TaxGroup } from "../../../lib/store/tax/model";
import {
  type CouponRead,
  type EstimateInput,
  comparisonText,
  compareWithStore,
  couponRefusal,
  estimateOrder,
  unitWeight,
} from "./estimate";

// The new order's estimate (docs/contract.md#pricing): the form's values and the store's groups and
// coupon mapped onto lib/pricing.ts, the figures it cannot know said in words, and the store's answer
// compared with it.

const now = 1_800_000_000;

function product(overrides: Partial<Product> = {}): Product {
  return {
    key: "kettle",
    slug: "kettle",
    url: null,
    created: null,
    modified: null,
    name: "Kettle",
    nameShort: "",
    description: "",
    descriptionShort: "",
    sku: "",
    fetchSku: "",
    type: "physical",
    status: "available",
    quantity: 10,
    currency: "USD",
    price: 2000,
    salePrice: null,
    regularPrice: null,
    cost: null,
    weight: 1.5,
    order: null,
    categories: [],
    options: [
      {
        key: "o-s",
        isDefault: false,
        metadata: { Size: "S" },
        quantity: 10,
        surcharge: 0,
        cost: null,
        weight: null,
        fetchSku: null,
        order: null,
      },
      {
        key: "o-l",
        isDefault: false,
        metadata: { Size: "L" },
        quantity: 10,
        surcharge: 500,
        cost: null,
        weight: 4,
        fetchSku: null,
        order: null,
      },
    ],
    extras: [
      { key: "wrap", metadata: { Wrap: "Yes" }, quantity: -1, surcharge: 300, cost: null, weight: 0.25, order: null },
    ],
    optionStyle: "single",
    images: [],
    videos: [],
    digitalSamples: [],
    form: null,
    shippingGroup: { id: "7", name: "Parcels" },
    taxGroup: { id: "3", name: "Goods" },
    ...overrides,
  };
}

const parcels: ShippingGroup = {
  id: "7",
  name: "Parcels",
  options: [
    {
      id: "71",
      name: "Standard",
      currency: "USD",
      perCart: { type: "flat_fee", amount: 500 },
      perItem: { type: "flat_per_item", amount: 100 },
      destinations: [
        { allowed: true, country: "US", region: null },
        { allowed: false, country: "US", region: "HI" },
      ],
    },
  ],
};

const goods: TaxGroup = {
  id: "3",
  name: "Goods",
  rules: [
    { id: "31", country: "US", region: null, rate: 5, onShipping: false },
    { id: "32", country: "US", region: "CA", rate: 8.25, onShipping: true },
  ],
};

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    id: "9",
    name: "Spring",
    type: "percentage_off",
    startDate: now - 86_400,
    endDate: now + 86_400,
    limit: 0,
    hits: 0,
    redeemed: 0,
    freeShip: false,
    percentage: 10,
    flatRate: null,
    threshold: null,
    currency: "USD",
    created: null,
    modified: null,
    codes: { total: 1, active: 1, oneUse: 0, single: "SPRING10" },
    ...overrides,
  };
}

const found = (c: Coupon = coupon(), active = true): CouponLookup => ({
  found: true,
  coupon: c,
  code: { code: "SPRING10", type: "multi_use", active, created: null },
});

function line(overrides: Partial<OrderLineValues> = {}): OrderLineValues {
  return {
    productKey: "kettle",
    productName: "Kettle",
    optionKey: "o-s",
    extraKeys: [],
    quantity: "2",
    unitPrice: "20.00",
    ...overrides,
  };
}

function input(overrides: Partial<EstimateInput> = {}, values: Partial<EstimateInput["values"]> = {}): EstimateInput {
  return {
    values: {
      ...newOrderValues(),
      lines: [line()],
      billing: { ...emptyAddress(), country: "US", state: "CA" },
      ...values,
    },
    products: new Map([["kettle", product()]]),
    currency: "USD",
    shippingGroups: { status: "ready", data: [parcels] },
    taxGroups: { status: "ready", data: [goods] },
    coupon: { status: "ready", code: "spring10", data: found() },
    now,
    ...overrides,
  };
}

const amounts = (e: ReturnType<typeof estimateOrder>) => ({
  subtotal: e.subtotal.known ? e.subtotal.amount : null,
  discount: e.discount.known ? e.discount.amount : null,
  shipping: e.shipping.known ? e.shipping.amount : null,
  tax: e.tax.known ? e.tax.amount : null,
  total: e.total.known ? e.total.amount : null,
});

describe("estimateOrder", () => {
  it("prices the lines with the store's shipping group, tax group and coupon", () => {
    const estimate = estimateOrder(input());
    // 2 × $20 = $40; 10% off = $4; shipping $5 + 2 × $1 = $7; tax 8.25% of $36 = $2.97 and of $7 = $0.58.
    expect(amounts(estimate)).toEqual({ subtotal: 4000, discount: 400, shipping: 700, tax: 355, total: 4655 });
    expect(estimate.complete).toBe(true);
    expect(estimate.refusals).toEqual([]);
    expect(estimate.details).toEqual(["Coupon: Spring", "Shipping: Standard, of Parcels", "Tax: 8.25% (California)"]);
  });

  it("follows a line's option, extras, quantity and typed price", () => {
    const estimate = estimateOrder(
      input({}, { lines: [line({ optionKey: "o-l", extraKeys: ["wrap"], quantity: "3", unitPrice: "25" })] }),
    );
    // 3 × ($25 + $3) = $84; 10% = $8.40; shipping $5 + $3 = $8; tax 8.25% of $75.60 = $6.24, of $8 = $0.66.
    expect(amounts(estimate)).toEqual({ subtotal: 8400, discount: 840, shipping: 800, tax: 690, total: 9050 });
  });

  it("taxes by the country's rule without a region rule, and leaves shipping untaxed then", () => {
    const estimate = estimateOrder(
      input({ coupon: { status: "none" } }, { billing: { ...emptyAddress(), country: "US", state: "NY" } }),
    );
    expect(amounts(estimate)).toEqual({ subtotal: 4000, discount: 0, shipping: 700, tax: 200, total: 4900 });
  });

  it("names the group that ships nowhere the address is, as the store would refuse", () => {
    const estimate = estimateOrder(input({}, { billing: { ...emptyAddress(), country: "US", state: "HI" } }));
    expect(estimate.refusals).toEqual([
      "The shipping group “Parcels” (of Kettle) has no option for Hawaii: the store will refuse the order. Ship elsewhere, or set the shipping charge yourself.",
    ]);
    expect(amounts(estimate)).toEqual({ subtotal: 4000, discount: 400, shipping: null, tax: null, total: null });
    expect(estimate.shipping).toEqual({ known: false, why: "No shipping option for Hawaii." });
  });

  it("takes a shipping charge and tax set by hand as given, without asking the groups", () => {
    const estimate = estimateOrder(
      input(
        { shippingGroups: { status: "failed", forbidden: true, message: "" } },
        {
          billing: { ...emptyAddress(), country: "US", state: "HI" },
          setShipping: true,
          shippingAmount: "4",
          setTax: true,
          taxAmount: "1.10",
        },
      ),
    );
    expect(amounts(estimate)).toEqual({ subtotal: 4000, discount: 400, shipping: 400, tax: 110, total: 4110 });
    expect(estimate.refusals).toEqual([]);
  });

  it("uses the shipping address when it is not the billing one", () => {
    const estimate = estimateOrder(
      input({}, { shipToBilling: false, shipping: { ...emptyAddress(), country: "US", state: "HI" } }),
    );
    expect(estimate.shipping.known).toBe(false);
  });

  it("says why a figure is missing: lines, country, reads, permissions", () => {
    expect(estimateOrder(input({}, { lines: [] })).total).toEqual({
      known: false,
      why: "Add a product to see the estimate.",
    });
    expect(estimateOrder(input({}, { lines: [line({ quantity: "x" })] })).subtotal).toEqual({
      known: false,
      why: "Complete every line (its quantity and price) to see the estimate.",
    });
    expect(estimateOrder(input({}, { billing: emptyAddress() })).shipping).toEqual({
      known: false,
      why: "Choose the country it ships to.",
    });
    const pending = estimateOrder(input({ shippingGroups: { status: "pending" } }));
    expect(pending.shipping).toEqual({ known: false, why: "Reading the store's shipping groups…" });
    // The shipping is taxed in California: its tax waits for it.
    expect(pending.tax.known).toBe(false);
    expect(pending.discount).toEqual({ known: true, amount: 400 });
    const forbidden = estimateOrder(input({ taxGroups: { status: "failed", forbidden: true, message: "" } }));
    expect(forbidden.tax).toEqual({
      known: false,
      why: "Your account may not read the tax groups, so the tax is not estimated: the store computes it.",
    });
    expect(forbidden.shipping).toEqual({ known: true, amount: 700 });
    expect(forbidden.total.known).toBe(false);
    const gone = estimateOrder(input({ shippingGroups: { status: "ready", data: [] } }));
    expect(gone.shipping).toEqual({
      known: false,
      why: "The shipping group of Kettle is no longer in the store's list: the store computes the shipping.",
    });
  });

  it("needs no group read for products without groups", () => {
    const plain = new Map([["kettle", product({ shippingGroup: null, taxGroup: null })]]);
    const estimate = estimateOrder(
      input({
        products: plain,
        shippingGroups: { status: "failed", forbidden: true, message: "" },
        taxGroups: { status: "pending" },
        coupon: { status: "none" },
      }),
    );
    expect(amounts(estimate)).toEqual({ subtotal: 4000, discount: 0, shipping: 0, tax: 0, total: 4000 });
  });

  it("waits for the coupon, and says when the store will refuse its code", () => {
    const checking = estimateOrder(input({ coupon: { status: "pending", code: "SPRING10" } }));
    expect(checking.discount).toEqual({ known: false, why: "Checking the coupon code…" });
    expect(checking.total.known).toBe(false);
    // Said at the coupon's field, not with the order's refusals.
    const refused = (read: CouponRead) => {
      const estimate = estimateOrder(input({ coupon: read }));
      expect(estimate.refusals).toEqual([]);
      return estimate.couponRefusal === null ? [] : [estimate.couponRefusal];
    };
    expect(refused({ status: "ready", code: "NOPE", data: { found: false } })).toEqual([
      "No coupon has the code “NOPE”: the store will refuse it.",
    ]);
    expect(refused({ status: "ready", code: "SPRING10", data: found(coupon(), false) })).toEqual([
      "The code “SPRING10” was used already: the store will refuse it.",
    ]);
  });

  it("applies free shipping and a flat discount from its threshold", () => {
    const flat = coupon({ type: "flat_discount", percentage: null, flatRate: 1500, threshold: 5000, freeShip: true });
    const under = estimateOrder(input({ coupon: { status: "ready", code: "SPRING10", data: found(flat) } }));
    // Below the $50 threshold: no discount, but the shipping is free (and so untaxed).
    expect(amounts(under)).toEqual({ subtotal: 4000, discount: 0, shipping: 0, tax: 330, total: 4330 });
    expect(under.details).toContain("The coupon waives $7.00 of shipping");
  });
});

describe("couponRefusal", () => {
  it("follows the contract's reasons: not started, ended, used code, used up", () => {
    expect(couponRefusal(found(coupon({ startDate: now + 1 })), "X", now)).toBe(
      "The coupon “Spring” has not started yet: the store will refuse it.",
    );
    // It works up to, not including, its end.
    expect(couponRefusal(found(coupon({ endDate: now })), "X", now)).toBe(
      "The coupon “Spring” has ended: the store will refuse it.",
    );
    expect(couponRefusal(found(coupon({ limit: 3, redeemed: 3 })), "X", now)).toBe(
      "The coupon “Spring” is used up: the store will refuse it.",
    );
    expect(couponRefusal(found(coupon({ limit: 3, redeemed: 2 })), "X", now)).toBeNull();
  });
});

describe("unitWeight", () => {
  it("takes the option's weight when it has one, else the product's, and adds the extras'", () => {
    expect(unitWeight(product(), "o-s", [])).toBe(1.5);
    expect(unitWeight(product(), "o-l", ["wrap"])).toBe(4.25);
  });
});

describe("compareWithStore", () => {
  const estimate = estimateOrder(input());

  it("matches when the store answers the estimate", () => {
    const answer = { currency: "USD", subtotal: 4000, shipping: 700, tax: 355, total: 4655 };
    expect(compareWithStore(estimate, answer).differences).toEqual([]);
    expect(comparisonText(estimate, answer)).toEqual({
      same: true,
      text: "The store's total, $46.55, matches the estimate.",
    });
  });

  it("names each figure that differs, the discount being what the others leave", () => {
    const answer = { currency: "USD", subtotal: 4000, shipping: 900, tax: 371, total: 4871 };
    expect(compareWithStore(estimate, answer).differences).toEqual([
      { figure: "shipping", estimated: 700, store: 900 },
      { figure: "tax", estimated: 355, store: 371 },
      { figure: "total", estimated: 4655, store: 4871 },
    ]);
    expect(comparisonText(estimate, answer)?.text).toBe(
      "The store's figures differ from the estimate: Shipping $9.00 (estimated $7.00); Tax $3.71 (estimated $3.55); Total $48.71 (estimated $46.55).",
    );
  });

  it("compares only what was estimated", () => {
    const partial = estimateOrder(input({ shippingGroups: { status: "pending" } }));
    const answer = { currency: "USD", subtotal: 4000, shipping: 900, tax: 371, total: 4871 };
    expect(compareWithStore(partial, answer).compared).toEqual(["subtotal", "discount"]);
    expect(comparisonText(partial, answer)).toEqual({
      same: true,
      text: "The store's figures match what was estimated.",
    });
    expect(comparisonText(estimateOrder(input({}, { lines: [] })), answer)).toBeNull();
  });
});
