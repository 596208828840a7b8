import { describe, expect, it } from "vitest";
import {
  destinationIssues,
  draftFromOption,
  emptyOptionDraft,
  type OptionDraft,
  optionFieldOf,
  optionFromDraft,
  optionIssues,
  optionWriteFrom,
  parsePercentText,
  type RangeDraft,
  rangeFromWords,
  rangeIssues,
} from "./edit";
import type { ShippingOption } from "./model";

const rows = (...pairs: [string, string][]): RangeDraft[] =>
  pairs.map(([max, rate], i) => ({ id: `r${i}`, max, rate }));
const messages = (issues: { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [i.path, i.message]));

describe("the range table, flagged as typed", () => {
  it("takes ascending maxima and an open-ended last row", () => {
    expect(rangeIssues("quantity_ranges", rows(["5", "4.00"], ["10", "6"], ["", "8"]), "USD")).toEqual([]);
  });

  it("flags a maximum not above the previous one", () => {
    const issues = messages(rangeIssues("quantity_ranges", rows(["5", "4"], ["5", "6"], ["3", "8"]), "USD"));
    expect(issues["ranges.1.max"]).toBe("Make it more than 5, the maximum of the range before.");
    expect(issues["ranges.2.max"]).toBe("Make it more than 5, the maximum of the range before.");
    const money = messages(rangeIssues("price_ranges", rows(["50", "4"], ["49.99", "6"]), "USD"));
    expect(money["ranges.1.max"]).toBe("Make it more than $50.00, the maximum of the range before.");
  });

  it("lets only the last row be open-ended", () => {
    const issues = messages(rangeIssues("weight_ranges", rows(["", "4"], ["2.5", "6"]), "USD"));
    expect(issues["ranges.0.max"]).toBe("Enter a maximum: only the last range may be open-ended.");
    expect(issues["ranges.1.max"]).toBeUndefined();
  });

  it("says what each kind of maximum and rate is", () => {
    const issues = messages(rangeIssues("quantity_ranges", rows(["2.5", ""], ["0", "1.234"]), "USD"));
    expect(issues["ranges.0.max"]).toBe("Enter a whole number of items, such as 5.");
    expect(issues["ranges.0.rate"]).toBe("Enter a rate, such as 5.00 (0 for free).");
    expect(issues["ranges.1.max"]).toBe("Enter a whole number of items, such as 5.");
    expect(issues["ranges.1.rate"]).toBe("The rate must have at most 2 decimals.");
    expect(rangeIssues("price_ranges", [], "USD")).toEqual([
      { path: "ranges", message: "Add a range, or choose another charge by the items." },
    ]);
  });

  it("shows where each range starts: just above the previous maximum", () => {
    const quantities = rows(["5", "1"], ["10", "1"], ["", "1"]);
    expect([0, 1, 2].map((i) => rangeFromWords("quantity_ranges", quantities, i, "USD"))).toEqual(["0", "6", "11"]);
    const prices = rows(["50", "1"], ["x", "1"], ["", "1"]);
    expect([0, 1, 2].map((i) => rangeFromWords("price_ranges", prices, i, "USD"))).toEqual([
      "$0.00",
      "over $50.00",
      null,
    ]);
  });
});

describe("destinations", () => {
  const place = (country: string, region = "", allowed = true) => ({ id: country + region, allowed, country, region });

  it("need a listed country and a region that fits it", () => {
    const issues = messages(
      destinationIssues([
        place(""),
        place("XX"),
        place("US", "ZZ"),
        place("AU", "new south wales"),
        place("AU", "NewSouthWales"),
      ]),
    );
    expect(issues).toEqual({
      "destinations.0.country": "Choose a country.",
      "destinations.1.country": "Choose a country from the list.",
      "destinations.2.region": "Choose a US state, or the whole country.",
      "destinations.3.region": "Write it as one word with capitals: “NewSouthWales”.",
    });
  });

  it("name each place once, whatever the case", () => {
    expect(messages(destinationIssues([place("US"), place("US", "HI", false), place("US", "hi")]))).toEqual({
      "destinations.2.region": "Destination 2 already names this place.",
    });
  });
});

describe("an option draft", () => {
  it("needs a name and amounts that read", () => {
    const draft: OptionDraft = {
      ...emptyOptionDraft(),
      perCartType: "percentage",
      perCartRate: "120",
      perItemType: "flat_per_item",
      perItemRate: "",
    };
    expect(messages(optionIssues(draft, "USD"))).toEqual({
      name: "Enter a name, such as Standard or Express.",
      perCartRate: "Enter a percentage from 0 to 100, such as 10.",
      perItemRate: "Enter the fee for each item, such as 1.00.",
    });
    expect(parsePercentText("8.25%")).toBe(8.25);
    expect(parsePercentText("100.5")).toBeNull();
  });

  it("checks the ranges only for a range kind", () => {
    const draft: OptionDraft = { ...emptyOptionDraft(), name: "A", ranges: rows(["", ""], ["x", "y"]) };
    expect(optionIssues(draft, "USD")).toEqual([]);
    expect(optionIssues({ ...draft, perItemType: "weight_ranges" }, "USD").map((i) => i.path)).toEqual([
      "ranges.0.max",
      "ranges.0.rate",
      "ranges.1.max",
      "ranges.1.rate",
    ]);
  });
});

describe("what is written", () => {
  const option: ShippingOption = {
    id: "12",
    name: "Express",
    currency: "USD",
    perCart: { type: "flat_fee", amount: 1250 },
    perItem: {
      type: "price_ranges",
      ranges: [
        { max: 4999, rate: 700 },
        { max: null, rate: 0 },
      ],
    },
    destinations: [
      { allowed: true, country: "US", region: null },
      { allowed: false, country: "US", region: "AK" },
    ],
  };

  it("writes an option back as the contract's POST takes it: floats through the _raw fields, no per_item_type", () => {
    expect(optionWriteFrom(option)).toEqual({
      id: 12,
      name: "Express",
      per_cart_type: "flat_fee",
      per_cart_rate_raw: 12.5,
      price_range_rates: [
        { range_max: 49.99, rate_raw: 7 },
        { range_max: null, rate_raw: 0 },
      ],
      destinations: [
        { country: "US", allowed: true },
        { country: "US", region: "AK", allowed: false },
      ],
    });
  });

  it("a flat fee per item goes through per_item_rate_raw; none sends nothing", () => {
    const flat = optionWriteFrom({ ...option, perItem: { type: "flat_per_item", amount: 99 } });
    expect(flat.per_item_rate_raw).toBe(0.99);
    expect(flat.price_range_rates).toBeUndefined();
    const none = optionWriteFrom({
      ...option,
      perCart: { type: "percentage", percent: 7.5 },
      perItem: { type: "none" },
    });
    expect(none).toMatchObject({ per_cart_type: "percentage", per_cart_rate_raw: 7.5 });
    expect(Object.keys(none)).not.toContain("per_item_rate_raw");
  });

  it("a draft made from an option describes the same option", () => {
    const draft = draftFromOption(option);
    expect(draft).toMatchObject({
      name: "Express",
      perCartRate: "12.50",
      perItemType: "price_ranges",
      ranges: [
        { max: "49.99", rate: "7.00" },
        { max: "", rate: "0.00" },
      ],
    });
    expect(optionIssues(draft, "USD")).toEqual([]);
    expect(optionFromDraft(draft, "USD", "12")).toEqual(option);
  });

  it("US regions are written upper case", () => {
    const draft: OptionDraft = {
      ...emptyOptionDraft(),
      name: "West",
      destinations: [{ id: "d", allowed: true, country: "US", region: "wa" }],
    };
    expect(optionFromDraft(draft, "USD").destinations).toEqual([{ allowed: true, country: "US", region: "WA" }]);
  });
});

describe("the store's refusals under the editor's fields", () => {
  it("maps the parts of an option the store names", () => {
    expect(optionFieldOf(["name"])).toBe("name");
    expect(optionFieldOf(["per_cart_rate_raw"])).toBe("perCartRate");
    expect(optionFieldOf(["per_item_rate_raw"])).toBe("perItemRate");
    expect(optionFieldOf(["quantity_range_rates", 2, "range_max"])).toBe("ranges.2.max");
    expect(optionFieldOf(["price_range_rates", 0, "rate_raw"])).toBe("ranges.0.rate");
    expect(optionFieldOf(["destinations", 1, "region"])).toBe("destinations.1.region");
    expect(optionFieldOf(["destinations", 1, "country"])).toBe("destinations.1.country");
    expect(optionFieldOf([])).toBeNull();
    expect(optionFieldOf(["id"])).toBeNull();
  });
});
