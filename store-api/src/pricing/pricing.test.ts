import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  type CartLine,
  couponEffect,
  type Destination,
  NoShippingOption,
  optionCharge,
  percentOf,
  pickShippingOption,
  priceCart,
  type ShippingGroupTerms,
  type ShippingOptionTerms,
  type TaxGroupTerms,
  taxRuleFor,
} from "./pricing.js";

/** The arithmetic of docs/contract.md#pricing, as worked examples (amounts in cents). */

const option = (o: Partial<ShippingOptionTerms> & Pick<ShippingOptionTerms, "id">): ShippingOptionTerms => ({
  position: o.id,
  perCart: { type: "flat_fee", amount: 0 },
  perItem: { type: "none" },
  destinations: [],
  ...o,
});

// Domestic: flat $5 plus $1 per item, the US but not Hawaii or Alaska; California by its own option.
const domestic: ShippingGroupTerms = {
  id: 1,
  options: [
    option({
      id: 10,
      perCart: { type: "flat_fee", amount: 500 },
      perItem: { type: "flat_per_item", amount: 100 },
      destinations: [
        { allowed: true, country: "US" },
        { allowed: false, country: "US", region: "HI" },
        { allowed: false, country: "US", region: "AK" },
      ],
    }),
    option({
      id: 11,
      perCart: { type: "flat_fee", amount: 300 },
      destinations: [{ allowed: true, country: "US", region: "CA" }],
    }),
  ],
};

// International: 10% of the group's subtotal plus weight ranges (0–1: $5, 1–5: $12, above: $30).
const international: ShippingGroupTerms = {
  id: 2,
  options: [
    option({
      id: 20,
      perCart: { type: "percentage", percent: 10 },
      perItem: {
        type: "weight_ranges",
        ranges: [
          { max: 1, rate: 500 },
          { max: 5, rate: 1200 },
          { max: null, rate: 3000 },
        ],
      },
      destinations: [
        { allowed: true, country: "DE" },
        { allowed: true, country: "FR" },
        { allowed: true, country: "AU", region: "NewSouthWales" },
      ],
    }),
  ],
};

const usSales: TaxGroupTerms = {
  id: 1,
  rules: [
    { id: 1, country: "US", region: "CA", rate: 7.25, onShipping: false },
    { id: 2, country: "US", region: "NY", rate: 8.875, onShipping: true },
    { id: 3, country: "US", region: null, rate: 5, onShipping: false },
  ],
};
const euVat: TaxGroupTerms = {
  id: 2,
  rules: [
    { id: 4, country: "DE", region: null, rate: 19, onShipping: true },
    { id: 5, country: "FR", region: null, rate: 20, onShipping: true },
  ],
};

const mug: CartLine = { unitPrice: 1250, quantity: 2, weight: 0.4, shippingGroup: domestic, taxGroup: usSales };
const tee: CartLine = {
  unitPrice: 2000,
  quantity: 1,
  extras: 300,
  weight: 0.2,
  shippingGroup: domestic,
  taxGroup: usSales,
};

describe("percentOf: half-up to the cent, exactly", () => {
  it.each([
    [1000, 8.25, 83], // 82.5 → 83
    [1000, 8.875, 89], // 88.75 → 89
    [199, 10, 20], // 19.9 → 20
    [105, 10, 11], // 10.5 → 11
    [104, 10, 10], // 10.4 → 10
    [333, 33.333333, 111], // 110.99999 → 111
    [1, 50, 1], // 0.5 → 1
    [1, 49.9, 0],
    [0, 20, 0],
    [5000, 0, 0],
    [1_000_000_000_000, 19, 190_000_000_000],
  ])("%i at %f%% is %i", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe("which shipping option applies", () => {
  it.each([
    [{ country: "US", region: "NY" }, 10, "the country's option"],
    [{ country: "US", region: "CA" }, 11, "naming the region beats naming the country"],
    [{ country: "US", region: "HI" }, null, "allowed: false excludes Hawaii"],
    [{ country: "US" }, 10, "no region: the country's option"],
    [{ country: "us", region: "ny" }, 10, "codes compare without case"],
    [{ country: "CA", region: "ON" }, null, "not a place of any option"],
  ] as [Destination, number | null, string][])("%o → option %s (%s)", (to, expected) => {
    expect(pickShippingOption(domestic, to)?.id ?? null).toBe(expected);
  });

  it("a region given as a name matches its camel-cased form", () => {
    expect(pickShippingOption(international, { country: "AU", region: "New South Wales" })?.id).toBe(20);
    expect(pickShippingOption(international, { country: "AU", region: "Victoria" })).toBeNull();
  });

  it("equal fits go to the first by position; an option naming no place ships anywhere, after the others", () => {
    const group: ShippingGroupTerms = {
      id: 9,
      options: [
        option({ id: 3, position: 3, destinations: [{ allowed: true, country: "GB" }] }),
        option({ id: 1, position: 1, destinations: [] }),
        option({ id: 2, position: 2, destinations: [{ allowed: true, country: "GB" }] }),
      ],
    };
    expect(pickShippingOption(group, { country: "GB" })?.id).toBe(2);
    expect(pickShippingOption(group, { country: "JP" })?.id).toBe(1);
  });

  it("a country excluded but a region of it allowed: only that region", () => {
    const group: ShippingGroupTerms = {
      id: 8,
      options: [
        option({
          id: 1,
          destinations: [
            { allowed: false, country: "US" },
            { allowed: true, country: "US", region: "WA" },
          ],
        }),
      ],
    };
    expect(pickShippingOption(group, { country: "US", region: "WA" })?.id).toBe(1);
    expect(pickShippingOption(group, { country: "US", region: "OR" })).toBeNull();
  });
});

describe("what an option charges", () => {
  const ranged = (type: "quantity_ranges" | "price_ranges" | "weight_ranges") =>
    option({
      id: 1,
      perItem: {
        type,
        ranges: [
          { max: 2, rate: 400 },
          { max: 5, rate: 700 },
          { max: 10, rate: 900 },
        ],
      },
    });

  it.each([
    // [description, option, lines, expected]
    ["flat fee", option({ id: 1, perCart: { type: "flat_fee", amount: 499 } }), [mug], 499],
    [
      "percentage of the subtotal, half-up",
      option({ id: 1, perCart: { type: "percentage", percent: 7.5 } }),
      [mug],
      188,
    ], // 2500 × 7.5% = 187.5
    [
      "flat fee plus flat per item, extras not items",
      option({ id: 1, perCart: { type: "flat_fee", amount: 500 }, perItem: { type: "flat_per_item", amount: 100 } }),
      [mug, tee],
      800,
    ],
    ["quantity 2 is in the range up to 2 (inclusive)", ranged("quantity_ranges"), [mug], 400],
    ["quantity 3 is in the next range", ranged("quantity_ranges"), [mug, tee], 700],
    ["past the last bounded range: no per-item charge", ranged("quantity_ranges"), [{ ...mug, quantity: 11 }], 0],
    ["price ranges use the subtotal in cents", ranged("price_ranges"), [{ ...mug, unitPrice: 1, quantity: 5 }], 700],
    ["weight ranges use unit weight × quantity", ranged("weight_ranges"), [{ ...mug, weight: 2.5, quantity: 2 }], 700],
  ] as const)("%s", (_what, opt, lines, expected) => {
    expect(optionCharge(opt, [...lines])).toBe(expected);
  });
});

describe("tax rules", () => {
  it.each([
    [{ country: "US", region: "CA" }, 1],
    [{ country: "US", region: "TX" }, 3],
    [{ country: "US" }, 3],
    [{ country: "DE" }, null],
  ])("%o → rule %s", (to, expected) => {
    expect(taxRuleFor(usSales, to)?.id ?? null).toBe(expected);
  });
  it("a product without a tax group has no rule", () => {
    expect(taxRuleFor(null, { country: "US", region: "CA" })).toBeNull();
  });
});

describe("coupons", () => {
  it.each([
    ["15% off", { type: "percentage_off", percent: 15 }, 3333, 500, false], // 499.95 → 500
    ["flat $5 at $20 or more", { type: "flat_discount", flatRate: 500, threshold: 2000 }, 2000, 500, false],
    ["flat $5 below its threshold", { type: "flat_discount", flatRate: 500, threshold: 2000 }, 1999, 0, false],
    ["flat never beyond the subtotal", { type: "flat_discount", flatRate: 5000 }, 1200, 1200, false],
    ["free shipping", { type: "free_shipping" }, 1000, 0, true],
    ["free shipping ignores free_ship", { type: "free_shipping", freeShip: false }, 1000, 0, true],
    ["percentage with free_ship", { type: "percentage_off", percent: 10, freeShip: true }, 1000, 100, true],
    ["no coupon", null, 1000, 0, false],
  ] as const)("%s", (_what, coupon, subtotal, discount, freeShipping) => {
    expect(couponEffect(coupon, subtotal)).toEqual({ discount, freeShipping });
  });
});

describe("allocate: shares that add up exactly", () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [500, [2500, 2300], [260, 240]],
    [1, [1, 1], [1, 0]],
    [0, [5, 5], [0, 0]],
    [10, [0, 0], [0, 0]],
  ])("%i over %o → %o", (amount, totals, expected) => {
    expect(allocate(amount, totals)).toEqual(expected);
  });

  it("always adds up, never exceeds a line", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (totals, want) => {
          const sum = totals.reduce((a, b) => a + b, 0);
          const amount = Math.min(want, sum);
          const shares = allocate(amount, totals);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum > 0 ? amount : 0);
          shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(totals[i]!));
        },
      ),
    );
  });
});

describe("priceCart: whole orders", () => {
  it("New York: shipping by the country's option, tax on goods and shipping at 8.875%", () => {
    const priced = priceCart({ lines: [mug, tee], destination: { country: "US", region: "NY" } });
    // subtotal 2×1250 + (2000+300) = 4800; shipping $5 + 3 items × $1 = 800
    // tax 2500 × 8.875% = 221.875 → 222, 2300 × 8.875% = 204.125 → 204, shipping 800 × 8.875% = 71
    expect(priced).toMatchObject({
      subtotal: 4800,
      discount: 0,
      shipping: 800,
      shippingTax: 71,
      tax: 222 + 204 + 71,
      total: 4800 + 800 + 497,
      groups: [{ groupId: 1, optionId: 10, amount: 800 }],
    });
    expect(priced.lines.map((l) => l.tax)).toEqual([222, 204]);
  });

  it("California: its own option; 7.25% on goods only", () => {
    const priced = priceCart({ lines: [mug], destination: { country: "US", region: "CA" } });
    // 2500 × 7.25% = 181.25 → 181
    expect(priced).toMatchObject({ subtotal: 2500, shipping: 300, tax: 181, shippingTax: 0, total: 2981 });
  });

  it("a coupon's discount is shared across the lines before tax; free_ship waives the shipping", () => {
    const priced = priceCart({
      lines: [mug, tee],
      destination: { country: "US", region: "NY" },
      coupon: { type: "flat_discount", flatRate: 500, threshold: 4000, freeShip: true },
    });
    // discount 500 over 2500 : 2300 → 260 + 240; taxable 2240 and 2060
    // tax 2240 × 8.875% = 198.8 → 199; 2060 × 8.875% = 182.825 → 183; shipping waived: no shipping tax
    expect(priced.lines.map((l) => [l.discount, l.tax])).toEqual([
      [260, 199],
      [240, 183],
    ]);
    expect(priced).toMatchObject({
      discount: 500,
      shippingCharged: 800,
      shippingWaived: 800,
      shipping: 0,
      shippingTax: 0,
      tax: 382,
      total: 4800 - 500 + 0 + 382,
    });
  });

  it("groups add up; lines without a group add no shipping or tax", () => {
    const book: CartLine = {
      unitPrice: 2000,
      quantity: 1,
      weight: 1.5,
      shippingGroup: international,
      taxGroup: euVat,
    };
    const gift: CartLine = { unitPrice: 500, quantity: 3 };
    const priced = priceCart({ lines: [gift, book, { ...book, quantity: 2 }], destination: { country: "DE" } });
    // international group: subtotal 6000 → 10% = 600; weight 4.5 → 1200. gift: nothing.
    // tax at 19%: 2000 → 380, 4000 → 760; shipping 1800 × 19% = 342 (the first line whose rule taxes shipping)
    expect(priced).toMatchObject({
      subtotal: 7500,
      shipping: 1800,
      groups: [{ groupId: 2, optionId: 20, amount: 1800 }],
      shippingTax: 342,
      tax: 380 + 760 + 342,
    });
    expect(priced.lines.map((l) => l.tax)).toEqual([0, 380, 760]);
  });

  it("the first line whose rule taxes shipping sets the shipping's rate", () => {
    const shipsFree: ShippingGroupTerms = {
      id: 5,
      options: [option({ id: 50, perCart: { type: "flat_fee", amount: 1000 } })],
    };
    const noShippingTax: TaxGroupTerms = {
      id: 7,
      rules: [{ id: 70, country: "FR", region: null, rate: 5.5, onShipping: false }],
    };
    const priced = priceCart({
      lines: [
        { unitPrice: 1000, quantity: 1, shippingGroup: shipsFree, taxGroup: noShippingTax },
        { unitPrice: 1000, quantity: 1, shippingGroup: shipsFree, taxGroup: euVat },
      ],
      destination: { country: "FR" },
    });
    // lines: 1000 × 5.5% = 55, 1000 × 20% = 200; shipping 1000 taxed at 20% (line 2's rule) = 200
    expect(priced).toMatchObject({ shipping: 1000, shippingTax: 200, tax: 455 });
    expect(priced.shippingTaxRule?.id).toBe(5);
  });

  it("a percentage coupon is rounded once, then shared", () => {
    const priced = priceCart({
      lines: [
        { unitPrice: 333, quantity: 1 },
        { unitPrice: 333, quantity: 1 },
        { unitPrice: 334, quantity: 1 },
      ],
      destination: { country: "US" },
      coupon: { type: "percentage_off", percent: 12.5 },
    });
    // 1000 × 12.5% = 125 → 42 + 41 + 42? largest remainders of 41.625, 41.625, 41.75 → the third, then the first
    expect(priced.discount).toBe(125);
    expect(priced.lines.map((l) => l.discount)).toEqual([42, 41, 42]);
    expect(priced.total).toBe(875);
  });

  it("a line's total set by hand (a posted line_N_total) counts instead of (unit price + extras) × quantity", () => {
    const priced = priceCart({ lines: [{ ...tee, total: 2000 }, mug], destination: { country: "US", region: "CA" } });
    // subtotal 2000 + 2500; shipping (CA option) $3; tax 7.25%: 2000 → 145, 2500 → 181.25 → 181
    expect(priced).toMatchObject({ subtotal: 4500, shipping: 300, tax: 145 + 181, total: 4500 + 300 + 326 });
    expect(priced.lines.map((l) => l.total)).toEqual([2000, 2500]);
  });

  it("throws NoShippingOption (ship_country) when a group ships nowhere the address is", () => {
    expect(() => priceCart({ lines: [mug], destination: { country: "US", region: "HI" } })).toThrow(NoShippingOption);
    try {
      priceCart({ lines: [mug], destination: { country: "JP" } });
    } catch (err) {
      expect((err as NoShippingOption).field).toBe("ship_country");
      expect((err as NoShippingOption).groupId).toBe(1);
    }
    // A cart whose products have no shipping group ships anywhere, for nothing.
    expect(priceCart({ lines: [{ unitPrice: 100, quantity: 1 }], destination: { country: "JP" } }).shipping).toBe(0);
  });

  it("the total is always subtotal − discount + shipping + tax, and nothing is negative", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 0, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 50 }),
            extras: fc.integer({ min: 0, max: 5_000 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.oneof(
          fc.constant(null),
          fc.record({
            type: fc.constant("percentage_off" as const),
            percent: fc.double({ min: 0, max: 100, noNaN: true }),
          }),
          fc.record({
            type: fc.constant("flat_discount" as const),
            flatRate: fc.integer({ min: 0, max: 1_000_000 }),
            threshold: fc.integer({ min: 0, max: 100_000 }),
          }),
        ),
        (lines, coupon) => {
          const priced = priceCart({
            lines: lines.map((l) => ({ ...l, shippingGroup: domestic, taxGroup: usSales })),
            destination: { country: "US", region: "NY" },
            coupon,
          });
          expect(priced.total).toBe(priced.subtotal - priced.discount + priced.shipping + priced.tax);
          expect(priced.discount).toBeLessThanOrEqual(priced.subtotal);
          for (const line of priced.lines) {
            expect(line.discount).toBeGreaterThanOrEqual(0);
            expect(line.tax).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
