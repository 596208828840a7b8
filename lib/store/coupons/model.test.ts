import { describe, expect, it } from "vitest";
import { codesCsv, codesCsvFileName } from "./model-csv";
import {
  type Coupon,
  codeState,
  codesText,
  couponValidity,
  deleteCouponWarning,
  discountText,
  hasGeneratedCodes,
  isUsedUp,
  summariseCodes,
  limitText,
  usageText,
} from "./model";

const terms = {
  type: "percentage_off",
  percentage: 15,
  flatRate: null,
  threshold: null,
  currency: "USD",
  freeShip: false,
} satisfies Partial<Coupon>;

describe("coupon words", () => {
  it("says what a coupon gives", () => {
    expect(discountText(terms)).toBe("15% off");
    expect(discountText({ ...terms, percentage: 12.5, freeShip: true })).toBe("12.5% off + free shipping");
    expect(discountText({ ...terms, type: "flat_discount", flatRate: 500, threshold: 5000 })).toBe(
      "$5.00 off orders of $50.00 or more",
    );
    expect(discountText({ ...terms, type: "flat_discount", flatRate: 500, threshold: 0, currency: "EUR" })).toBe(
      "€5.00 off",
    );
    expect(discountText({ ...terms, type: "free_shipping", freeShip: true })).toBe("Free shipping");
    expect(discountText({ ...terms, type: "bogo" })).toBe("bogo");
  });

  it("tells upcoming, active and expired by the dates (the end not included)", () => {
    const dates = { startDate: 100, endDate: 200 };
    expect(couponValidity(dates, 99)).toBe("upcoming");
    expect(couponValidity(dates, 100)).toBe("active");
    expect(couponValidity(dates, 199)).toBe("active");
    expect(couponValidity(dates, 200)).toBe("expired");
    expect(couponValidity({ startDate: null, endDate: null }, 0)).toBe("active");
  });

  it("tells the usage: redeemed of limit, or unlimited", () => {
    expect(usageText({ redeemed: 12, limit: 100 })).toBe("12 of 100 used");
    expect(usageText({ redeemed: 1234, limit: 0 })).toBe("1,234 used");
    // Under the word "Limit", so not "Limit 500" again.
    expect([500, 1, 0].map((limit) => limitText({ limit }))).toEqual(["500 uses", "1 use", "Unlimited"]);
    expect(isUsedUp({ redeemed: 100, limit: 100 })).toBe(true);
    expect(isUsedUp({ redeemed: 100, limit: 0 })).toBe(false);
  });

  it("sums codes up and tells a used single-use code from an inactive shared one", () => {
    const shared = summariseCodes([{ code: "SPRING", type: "multi_use", active: true, created: null }]);
    expect(shared).toEqual({ total: 1, active: 1, oneUse: 0, single: "SPRING" });
    expect(codesText(shared)).toBe("SPRING");
    expect(hasGeneratedCodes({ codes: shared })).toBe(false);
    const generated = summariseCodes([
      { code: "A", type: "one_use", active: true, created: null },
      { code: "B", type: "one_use", active: false, created: null },
    ]);
    expect(generated).toEqual({ total: 2, active: 1, oneUse: 2, single: null });
    expect(codesText(generated)).toBe("2 single-use codes");
    expect(hasGeneratedCodes({ codes: generated })).toBe(true);
    expect(codesText({ total: 0, active: 0, oneUse: 0, single: null })).toBe("No codes");
    expect(codeState({ type: "one_use", active: false })).toBe("Used");
    expect(codeState({ type: "multi_use", active: false })).toBe("Inactive");
    expect(codeState({ type: "one_use", active: true })).toBe("Active");
    expect(deleteCouponWarning({ codes: generated })).toBe(
      "Its 2 codes stop working at checkout. This cannot be undone.",
    );
  });
});

describe("codes as CSV", () => {
  it("writes a header and one line per code, created in ISO 8601", () => {
    const csv = codesCsv([
      ["AAAA-BBBB", "one_use", true, 1_740_787_200],
      ["CCCC-DDDD", "one_use", false, null],
    ]);
    expect(csv).toBe(
      "code,type,active,created\r\nAAAA-BBBB,one_use,true,2025-03-01T00:00:00.000Z\r\nCCCC-DDDD,one_use,false,\r\n",
    );
  });

  it("quotes what needs it and never writes a formula", () => {
    const csv = codesCsv([
      ['A,"B"', "multi_use", true, null],
      ["=HYPERLINK(1)", "multi_use", true, null],
    ]);
    expect(csv.split("\r\n").slice(1, 3)).toEqual(['"A,""B""",multi_use,true,', "'=HYPERLINK(1),multi_use,true,"]);
  });

  it("names the file after the coupon", () => {
    expect(codesCsvFileName("Été sale: 20%!", "7")).toBe("ete-sale-20-codes.csv");
    expect(codesCsvFileName("???", "7")).toBe("coupon-7-codes.csv");
  });
});
