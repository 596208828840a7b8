import { describe, expect, it } from "vitest";
import { locateItem } from "./list-errors";

describe("locateItem: where in a list a store's refusal points", () => {
  it("a field deep inside an item", () => {
    const detail =
      "options option 2: price_range_rates, range 3: range_max must be above the previous range's (10): ranges ascend; options: option 2: price_range_rates, range 3: range_max must be above the previous range's (10): ranges ascend";
    expect(locateItem(detail, "options", "option")).toEqual({
      index: 1,
      path: ["price_range_rates", 2, "range_max"],
      rest: "must be above the previous range's (10): ranges ascend",
    });
  });

  it("a field of the item itself", () => {
    expect(locateItem("rules: rule 2: region must be a camel-cased name", "rules", "rule")).toEqual({
      index: 1,
      path: ["region"],
      rest: "must be a camel-cased name",
    });
    expect(
      locateItem("options: option 1: destinations, destination 4: country must be a code", "options", "option"),
    ).toEqual({ index: 0, path: ["destinations", 3, "country"], rest: "must be a code" });
  });

  it("the item as a whole", () => {
    expect(locateItem("rules: rule 3 names the id 7, which is no rule of this group", "rules", "rule")).toEqual({
      index: 2,
      path: [],
      rest: "names the id 7, which is no rule of this group",
    });
    expect(locateItem('options: option 1: has an unknown field "x"', "options", "option")).toEqual({
      index: 0,
      path: [],
      rest: 'has an unknown field "x"',
    });
  });

  it("nothing it can place", () => {
    expect(locateItem(undefined, "rules", "rule")).toBeNull();
    expect(locateItem("rules: must be a JSON list", "rules", "rule")).toBeNull();
    expect(locateItem("Error: Request failed", "rules", "rule")).toBeNull();
    expect(locateItem("rules: rule 0: bad", "rules", "rule")).toBeNull();
    // Another field's item does not count.
    expect(locateItem("options: option 2: name must not be empty", "rules", "rule")).toBeNull();
  });
});
