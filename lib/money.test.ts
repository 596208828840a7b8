import { describe, expect, it } from "vitest";
import { formatMoney, minorDigits, normaliseCurrency, parseFormattedAmount, toMinorUnits } from "./money";

describe("money in minor units", () => {
  it("knows each currency's minor digits", () => {
    expect(minorDigits("USD")).toBe(2);
    expect(minorDigits("JPY")).toBe(0);
    expect(minorDigits("KWD")).toBe(3);
  });

  it("turns the store's floats into minor units without float dust", () => {
    expect(toMinorUnits(19.99, "USD")).toBe(1999);
    expect(toMinorUnits(0.29, "USD")).toBe(29);
    expect(toMinorUnits(1.005, "KWD")).toBe(1005);
    expect(toMinorUnits(2500, "JPY")).toBe(2500);
  });

  it("reads plain formatted amounts only", () => {
    expect(parseFormattedAmount("$1,234.50")).toBe(1234.5);
    expect(parseFormattedAmount("12.50 USD")).toBe(12.5);
    expect(parseFormattedAmount("-$3")).toBe(-3);
    expect(parseFormattedAmount("€12,50")).toBeUndefined();
    expect(parseFormattedAmount("free")).toBeUndefined();
  });

  it("formats minor units for a person", () => {
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    expect(formatMoney(2500, "JPY")).toBe("¥2,500");
  });

  it("falls back to the default currency for a code Intl does not know", () => {
    expect(normaliseCurrency("eur")).toBe("EUR");
    expect(normaliseCurrency("dollars")).toBe("USD");
    expect(normaliseCurrency(undefined, "GBP")).toBe("GBP");
  });
});
