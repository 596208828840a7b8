import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MoneyError, currencyDigits, formatMoney, moneyRaw, parseMoney } from "./money.js";
import { moneyField } from "./schema.js";

describe("parseMoney", () => {
  it.each([
    [12.5, 1250],
    ["12.50", 1250],
    ["$12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    [12, 1200],
    [0, 0],
    ["0", 0],
    [".5", 50],
    ["0.29", 29],
    [0.29, 29],
    [0.1 + 0.2, 30],
    ["  $ 12.50  ", 1250],
    ["$1,234.50", 123450],
    ["1,234,567", 123456700],
    ["12.50 USD", 1250],
    ["USD 12.50", 1250],
    ["USD12.50", 1250],
    ["12.500", 1250],
    ["+3", 300],
    ["-0", 0],
  ])("%j → %i cents", (input, minor) => {
    expect(parseMoney(input, "USD")).toBe(minor);
  });

  it("takes negatives only when allowed, with the sign before or after the symbol", () => {
    expect(parseMoney("-$5.00", "USD", { allowNegative: true })).toBe(-500);
    expect(parseMoney("$-5", "USD", { allowNegative: true })).toBe(-500);
    expect(parseMoney(-5.25, "USD", { allowNegative: true })).toBe(-525);
    expect(() => parseMoney("-5", "USD")).toThrow("must not be negative");
  });

  it.each([
    ["", "must be an amount such as 12.50"],
    ["   ", "must be an amount such as 12.50"],
    ["abc", "must be in the store currency (USD)"],
    ["12,50", "must be an amount such as 12.50"],
    ["1,23.00", "must be an amount such as 12.50"],
    ["12.5.0", "must be an amount such as 12.50"],
    ["$", "must be an amount such as 12.50"],
    [".", "must be an amount such as 12.50"],
    ["1e3", "must be an amount such as 12.50"],
    ["0x10", "must be an amount such as 12.50"],
    ["12.505", "must have at most 2 decimal places"],
    [12.345, "must have at most 2 decimal places"],
    [1e-7, "must have at most 2 decimal places"],
    ["€12.50", "must be in the store currency (USD)"],
    ["12.50 EUR", "must be an amount such as 12.50"],
    [Number.NaN, "must be an amount such as 12.50"],
    [Number.POSITIVE_INFINITY, "must be an amount such as 12.50"],
    [1e21, "is too large"],
    ["100000000000.00", "is too large"],
    ["99999999999999999999999", "is too large"],
    [true, "must be an amount such as 12.50"],
    [null, "must be an amount such as 12.50"],
  ])("%j is refused: %s", (input, message) => {
    expect(() => parseMoney(input, "USD")).toThrow(new MoneyError(message));
  });

  it("follows the currency's minor unit", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(parseMoney("¥1,235", "JPY")).toBe(1235);
    expect(parseMoney("1235.0", "JPY")).toBe(1235);
    expect(() => parseMoney("12.5", "JPY")).toThrow("must be a whole amount (JPY has no minor unit)");
    expect(parseMoney("1.234", "KWD")).toBe(1234);
    expect(parseMoney("€12.50", "EUR")).toBe(1250);
    expect(parseMoney("CA$12.50", "CAD")).toBe(1250);
    expect(parseMoney("$12.50", "CAD")).toBe(1250);
  });
});

describe("formatMoney and moneyRaw", () => {
  it.each([
    [1250, "USD", "$12.50", 12.5],
    [0, "USD", "$0.00", 0],
    [5, "USD", "$0.05", 0.05],
    [123450, "USD", "$1,234.50", 1234.5],
    [-500, "USD", "-$5.00", -5],
    [1235, "JPY", "¥1,235", 1235],
    [1250, "EUR", "€12.50", 12.5],
    [1234, "KWD", "KWD\u00a01.234", 1.234],
  ])("%i %s → %s and %d", (minor, currency, text, raw) => {
    expect(formatMoney(minor, currency)).toBe(text);
    expect(moneyRaw(minor, currency)).toBe(raw);
  });

  it("round-trips: what the API shows parses back to the same minor units", () => {
    for (const currency of ["USD", "EUR", "JPY", "KWD", "CAD"]) {
      for (const minor of [0, 1, 29, 99, 100, 1250, 123456, 999999999, 9_999_999_999_999]) {
        expect(parseMoney(formatMoney(minor, currency), currency)).toBe(minor);
        expect(parseMoney(moneyRaw(minor, currency), currency)).toBe(minor);
      }
    }
  });
});

describe("moneyField", () => {
  const schema = z.object({ price: moneyField("USD"), sale_price: moneyField("USD").optional() });

  it("gives minor units", () => {
    expect(schema.parse({ price: "$12.50", sale_price: 3 })).toEqual({ price: 1250, sale_price: 300 });
    expect(schema.parse({ price: 1 })).toEqual({ price: 100 });
  });

  it("reports a missing amount as missing, a wrong type as a type error, and bad text by field", () => {
    const issues = (input: unknown) => schema.safeParse(input, { reportInput: true }).error?.issues ?? [];
    expect(issues({})).toMatchObject([{ code: "invalid_type", path: ["price"] }]);
    expect(issues({})[0]?.input).toBeUndefined();
    expect(issues({ price: true })).toMatchObject([{ code: "invalid_type", path: ["price"], input: true }]);
    expect(issues({ price: "12.505" })).toMatchObject([
      { code: "custom", path: ["price"], message: "must have at most 2 decimal places" },
    ]);
  });

  it("documents itself as text or number in the OpenAPI reference", () => {
    const json = z.toJSONSchema(schema, { io: "input" }) as { properties: Record<string, { type: unknown }> };
    expect(json.properties.price?.type).toEqual(["string", "number"]);
  });
});
