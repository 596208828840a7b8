import { describe, expect, it } from "vitest";
import {
  type OptionTerms,
  measure,
  optionCharge,
  optionFit,
  percentOf,
  pickOption,
  quoteGroup,
  rangeIndex,
} from "./shipping-calculator";

// Worked examples of docs/contract.md#pricing, rule by rule.

const option = (partial: Partial<OptionTerms>): OptionTerms => ({
  perCart: { type: "flat_fee", amount: 0 },
  perItem: { type: "none" },
  destinations: [],
  ...partial,
});

describe("percentOf: the percent itself, six decimals, half-up to the minor unit", () => {
  it("rounds half up, never down by binary noise", () => {
    expect(percentOf(1000, 8.25)).toBe(83); // 82.5
    expect(percentOf(1995, 10)).toBe(200); // 199.5
    expect(percentOf(1000, 8.2)).toBe(82);
    expect(percentOf(333, 33.333333)).toBe(111);
  });

  it("is nothing for nothing", () => {
    expect(percentOf(0, 10)).toBe(0);
    expect(percentOf(1000, 0)).toBe(0);
  });
});

describe("which places an option ships to", () => {
  const us = { allowed: true, country: "US" };

  it("an option without destinations ships anywhere", () => {
    expect(optionFit([], { country: "DE" })).toBe("anywhere");
  });

  it("a country covers its regions; a region names itself", () => {
    expect(optionFit([us], { country: "US", region: "CA" })).toBe("country");
    expect(optionFit([us, { allowed: true, country: "US", region: "CA" }], { country: "US", region: "CA" })).toBe(
      "region",
    );
    expect(optionFit([us], { country: "CA" })).toBe("elsewhere");
  });

  it("the US but not Hawaii", () => {
    const places = [us, { allowed: false, country: "US", region: "HI" }];
    expect(optionFit(places, { country: "US", region: "HI" })).toBe("excluded");
    expect(optionFit(places, { country: "US", region: "NY" })).toBe("country");
    expect(optionFit(places, { country: "US" })).toBe("country");
  });

  it("no part of the US but Washington", () => {
    const places = [
      { allowed: false, country: "US" },
      { allowed: true, country: "US", region: "WA" },
    ];
    expect(optionFit(places, { country: "US", region: "WA" })).toBe("region");
    expect(optionFit(places, { country: "US", region: "OR" })).toBe("excluded");
  });

  it("compares without case, spaces or punctuation", () => {
    const places = [{ allowed: true, country: "AU", region: "NewSouthWales" }];
    expect(optionFit(places, { country: "au", region: "New South Wales" })).toBe("region");
    expect(optionFit(places, { country: "AU", region: "new-south-wales" })).toBe("region");
    // Naming only a region of a country does not cover the rest of it.
    expect(optionFit(places, { country: "AU", region: "Victoria" })).toBe("elsewhere");
  });
});

describe("which option applies", () => {
  const anywhere = option({});
  const usa = option({ destinations: [{ allowed: true, country: "US" }] });
  const california = option({ destinations: [{ allowed: true, country: "US", region: "CA" }] });

  it("region matches before country matches before options naming no place", () => {
    expect(pickOption([anywhere, usa, california], { country: "US", region: "CA" })).toBe(2);
    expect(pickOption([anywhere, usa, california], { country: "US", region: "NY" })).toBe(1);
    expect(pickOption([anywhere, usa, california], { country: "FR" })).toBe(0);
  });

  it("then the first by position", () => {
    expect(pickOption([usa, usa], { country: "US" })).toBe(0);
    expect(pickOption([anywhere, anywhere], { country: "US" })).toBe(0);
  });

  it("none when no option ships there", () => {
    expect(pickOption([usa, california], { country: "FR" })).toBe(-1);
    expect(pickOption([], { country: "FR" })).toBe(-1);
  });
});

describe("what an option charges", () => {
  const items = [
    { quantity: 2, unitPrice: 1000, weight: 1.5 },
    { quantity: 3, unitPrice: 250, weight: 0.2 },
  ];

  it("measures the group's items", () => {
    const m = measure(items);
    expect(m).toMatchObject({ subtotal: 2750, quantity: 5 });
    // 2 × 1.5 + 3 × 0.2 is 3.6000000000000005 in floats; the total weight is taken to 12 significant digits.
    expect(m.weight).toBe(3.6);
  });

  it("a flat fee per cart plus a fee per item", () => {
    const charge = optionCharge(
      option({ perCart: { type: "flat_fee", amount: 500 }, perItem: { type: "flat_per_item", amount: 100 } }),
      items,
    );
    expect(charge).toEqual({ perCart: 500, perItem: 500, total: 1000 });
  });

  it("a percentage of the group's subtotal, rounded half-up", () => {
    // 8.25% of 27.50 = 2.26875 → 2.27
    expect(optionCharge(option({ perCart: { type: "percentage", percent: 8.25 } }), items).total).toBe(227);
  });

  it("quantity ranges: the range the total quantity falls in, range_max inclusive", () => {
    const ranges = [
      { max: 4, rate: 500 },
      { max: 5, rate: 700 },
      { max: null, rate: 900 },
    ];
    const charge = optionCharge(option({ perItem: { type: "quantity_ranges", ranges } }), items);
    expect(charge).toEqual({ perCart: 0, perItem: 700, total: 700, range: 1 });
    expect(optionCharge(option({ perItem: { type: "quantity_ranges", ranges } }), [items[0]!]).perItem).toBe(500);
    expect(rangeIndex(ranges, 6)).toBe(2);
  });

  it("nothing past the last bounded range", () => {
    const charge = optionCharge(
      option({ perItem: { type: "quantity_ranges", ranges: [{ max: 3, rate: 500 }] } }),
      items,
    );
    expect(charge).toEqual({ perCart: 0, perItem: 0, total: 0, range: -1 });
  });

  it("price ranges by the subtotal, weight ranges by the total weight", () => {
    const byPrice = optionCharge(
      option({
        perItem: {
          type: "price_ranges",
          ranges: [
            { max: 2750, rate: 800 },
            { max: null, rate: 0 },
          ],
        },
      }),
      items,
    );
    expect(byPrice.perItem).toBe(800);
    const byWeight = optionCharge(
      option({
        perItem: {
          type: "weight_ranges",
          ranges: [
            { max: 3.5, rate: 400 },
            { max: 10, rate: 900 },
          ],
        },
      }),
      items,
    );
    expect(byWeight).toMatchObject({ perItem: 900, range: 1 });
  });
});

describe("a group's quote", () => {
  const options = [
    option({ destinations: [{ allowed: true, country: "US" }], perCart: { type: "flat_fee", amount: 500 } }),
    option({
      destinations: [{ allowed: true, country: "US", region: "AK" }],
      perCart: { type: "flat_fee", amount: 2000 },
    }),
  ];
  const items = [{ quantity: 1, unitPrice: 1000 }];

  it("names the option and what it charges", () => {
    expect(quoteGroup(options, items, { country: "US", region: "AK" })).toEqual({
      ships: true,
      option: 1,
      fit: "region",
      charge: { perCart: 2000, perItem: 0, total: 2000 },
      fits: ["country", "region"],
    });
  });

  it("says when no option ships there", () => {
    expect(quoteGroup(options, items, { country: "CA" })).toEqual({ ships: false, fits: ["elsewhere", "elsewhere"] });
  });
});
