import { describe, expect, it } from "vitest";
import { draftFromRules, type RuleDraft, ruleRefusal, rulesIssues, rulesWrite, sameRules } from "./edit";

const rule = (partial: Partial<RuleDraft>): RuleDraft => ({
  key: Math.random().toString(36),
  id: "",
  country: "US",
  region: "",
  rate: "8.25",
  onShipping: false,
  ...partial,
});
const messages = (issues: { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((i) => [i.path, i.message]));

describe("the rules editor's rows", () => {
  it("need a country, a region that fits it and a rate from 0 to 100", () => {
    const issues = messages(
      rulesIssues({
        rules: [
          rule({ country: "" }),
          rule({ region: "Cali" }),
          rule({ country: "AU", region: "new south wales" }),
          rule({ rate: "" }),
          rule({ country: "DE", rate: "101" }),
          rule({ country: "FR", rate: "7.1234567" }),
        ],
      }),
    );
    expect(issues).toEqual({
      "rules.0.country": "Choose a country.",
      "rules.1.region": "Choose a US state, or the whole country.",
      "rules.2.region": "Write it as one word with capitals: “NewSouthWales”.",
      "rules.3.rate": "Enter a rate, such as 8.25.",
      "rules.4.rate": "Enter a percentage from 0 to 100, such as 8.25.",
      "rules.5.rate": "Enter a percentage from 0 to 100, such as 8.25.",
    });
  });

  it("hold one rule per country and region", () => {
    const issues = messages(
      rulesIssues({ rules: [rule({}), rule({ region: "CA" }), rule({ rate: "5" }), rule({ region: "ca" })] }),
    );
    expect(issues).toEqual({
      "rules.2.country": "Rule 1 is for this place already: a group has one rule per country and region.",
      "rules.3.region": "Rule 2 is for this place already: a group has one rule per country and region.",
    });
  });
});

describe("the replace-all set", () => {
  it("sends every rule, the stored ones with their id, a rate as a number, no region as null", () => {
    expect(
      rulesWrite({
        rules: [
          rule({ id: "10", rate: "6.25%" }),
          rule({ region: "ca", rate: "8.25", onShipping: true }),
          rule({ id: "x-1", country: "AU", region: "NewSouthWales", rate: "10" }),
        ],
      }),
    ).toEqual([
      { id: 10, country: "US", region: null, rate: 6.25, on_shipping: false },
      { country: "US", region: "CA", rate: 8.25, on_shipping: true },
      { id: "x-1", country: "AU", region: "NewSouthWales", rate: 10, on_shipping: false },
    ]);
  });

  it("knows when nothing changed", () => {
    const stored = draftFromRules([{ id: "1", country: "US", region: "CA", rate: 8.25, onShipping: true }]);
    expect(stored.rules[0]).toMatchObject({ id: "1", region: "CA", rate: "8.25", onShipping: true });
    const same = { rules: stored.rules.map((r) => ({ ...r, key: "other", rate: "8.250" })) };
    expect(sameRules(stored, same)).toBe(true);
    expect(sameRules(stored, { rules: [{ ...stored.rules[0]!, onShipping: false }] })).toBe(false);
  });
});

describe("a refused rule under its row", () => {
  it("puts each part under its field, in our words", () => {
    expect(ruleRefusal(1, ["region"], "must be a camel-cased name", { region: "x" })).toEqual({
      field: "rules.1.region",
      message: "The store did not accept this region for the country.",
    });
    expect(ruleRefusal(0, ["rate"], "must be a percentage", undefined).field).toBe("rules.0.rate");
    expect(ruleRefusal(2, [], "names the id 7, which is no rule of this group", { region: null })).toEqual({
      field: "rules.2.country",
      message:
        "This rule is no longer in the store: another person may have deleted it. Remove the row, or reload the page to see the rules as they are now.",
    });
    expect(ruleRefusal(3, [], "is for US (CA), which rule 1 is for already", { region: "CA" }).field).toBe(
      "rules.3.region",
    );
    expect(ruleRefusal(0, [], "something else", { region: null })).toEqual({
      field: "rules.0.country",
      message: "The store did not accept this rule.",
    });
  });
});
