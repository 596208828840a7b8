import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { createTaxGroupInput, rulesDraftInput, saveTaxRulesInput } from "./input";

describe("tax forms", () => {
  it("a group's name is trimmed and required", () => {
    expect(z.parse(createTaxGroupInput, { name: " Clothing " })).toEqual({ name: "Clothing" });
    expect(z.safeParse(createTaxGroupInput, { name: "" }).error?.issues[0]?.message).toBe(
      "Enter a name, such as Standard rate or Clothing.",
    );
  });

  it("the rules form puts each problem under its row's field", () => {
    const result = z.safeParse(rulesDraftInput, {
      rules: [
        { key: "a", id: "1", country: "US", region: "", rate: "6", onShipping: false },
        { key: "b", id: "", country: "US", region: "", rate: "abc", onShipping: false },
      ],
    });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["rules.1.rate", "Enter a percentage from 0 to 100, such as 8.25."],
      ["rules.1.country", "Rule 1 is for this place already: a group has one rule per country and region."],
    ]);
  });

  it("the save action takes the whole set and the ids the page knew", () => {
    const rules = [
      { id: 10, country: "US", region: null, rate: 6.25, on_shipping: false },
      { country: "US", region: "CA", rate: 8.25, on_shipping: true },
    ];
    expect(z.safeParse(saveTaxRulesInput, { groupId: "4", knownIds: ["10"], rules }).success).toBe(true);
    expect(z.safeParse(saveTaxRulesInput, { groupId: "4", knownIds: [], rules: [] }).success).toBe(true);
    expect(
      z.safeParse(saveTaxRulesInput, { groupId: "4", knownIds: [], rules: [{ ...rules[0], rate: 120 }] }).success,
    ).toBe(false);
    expect(
      z.safeParse(saveTaxRulesInput, { groupId: "4", knownIds: [], rules: [{ ...rules[1], region: "" }] }).success,
    ).toBe(false);
  });
});
