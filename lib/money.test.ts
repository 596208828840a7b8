import { describe, expect, it } from "vitest";
import {
  formatMoney,
  minorDigits,
  moneyText,
  normaliseCurrency,
  parseFormattedAmount,
  parseMoneyText,
  toMinorUnits,
} from "./money";

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

describe("money as typed", () => {
  it("writes minor units as a person types them, in the currency's decimals", () => {
    expect(moneyText(1250, "USD")).toBe("12.50");
    expect(moneyText(5, "USD")).toBe("0.05");
    expect(moneyText(-200, "USD")).toBe("-2.00");
    expect(moneyText(500, "JPY")).toBe("500");
    expect(moneyText(1234, "KWD")).toBe("1.234");
  });

  it("reads what a person types, with a symbol, grouping or a code", () => {
    expect(parseMoneyText("12.5", "USD")).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyText(" $1,234.50 ", "USD")).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyText("12.50 USD", "USD")).toEqual({ ok: true, minor: 1250 });
    expect(parseMoneyText(".5", "USD")).toEqual({ ok: true, minor: 50 });
    expect(parseMoneyText("0", "USD")).toEqual({ ok: true, minor: 0 });
  });

  it("refuses more decimals than the currency has, text, and negatives unless allowed", () => {
    expect(parseMoneyText("12.505", "USD")).toEqual({ ok: false, error: "must have at most 2 decimals" });
    expect(parseMoneyText("12.5", "JPY")).toEqual({ ok: false, error: "must be a whole amount in this currency" });
    expect(parseMoneyText("twelve", "USD").ok).toBe(false);
    expect(parseMoneyText("", "USD").ok).toBe(false);
    expect(parseMoneyText("1,23", "USD").ok).toBe(false);
    expect(parseMoneyText("-2", "USD")).toEqual({ ok: false, error: "must not be negative" });
    expect(parseMoneyText("-2", "USD", { negative: true })).toEqual({ ok: true, minor: -200 });
    expect(parseMoneyText("-$2.50", "USD", { negative: true })).toEqual({ ok: true, minor: -250 });
  });
});
