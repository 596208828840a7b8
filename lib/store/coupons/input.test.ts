import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  type CouponFormOptions,
  type CouponFormValues,
  couponChanges,
  couponFormInput,
  couponFormIssues,
  couponValues,
  couponWrite,
  createCouponInput,
  dayEnd,
  dayOf,
  dayStart,
  formFieldOf,
  isDay,
  lastDayOf,
  newCouponValues,
  parsePercentage,
  updateCouponInput,
} from "./input";
import type { Coupon } from "./model";

// Days are the browser's: pin a time zone with a daylight-saving change.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "America/New_York";
});
afterAll(() => {
  process.env.TZ = zone;
});

const create: CouponFormOptions = { currency: "USD", mode: "create" };
const values = (extra: Partial<CouponFormValues> = {}): CouponFormValues => ({
  ...newCouponValues("2025-03-01"),
  name: "Spring",
  percentage: "15",
  endDate: "2025-03-31",
  code: "SPRING15",
  ...extra,
});
const issues = (v: CouponFormValues, options = create) =>
  Object.fromEntries(couponFormIssues(v, options).map((i) => [i.field, i.message]));

describe("days and UNIX seconds, in the browser's time zone", () => {
  it("starts a day at local midnight and ends it when the next one starts", () => {
    expect(dayStart("2025-03-01")).toBe(Date.UTC(2025, 2, 1, 5) / 1000); // EST, UTC-5
    expect(dayEnd("2025-03-31")).toBe(Date.UTC(2025, 3, 1, 4) / 1000); // EDT, UTC-4
    // 9 March 2025 has 23 hours there.
    expect(dayEnd("2025-03-09")! - dayStart("2025-03-09")!).toBe(23 * 3600);
    expect(dayEnd("2025-12-31")).toBe(Date.UTC(2026, 0, 1, 5) / 1000);
  });

  it("refuses what is not a day of the calendar", () => {
    expect(isDay("2025-02-29")).toBe(false);
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2025-13-01")).toBe(false);
    expect(isDay("1 March")).toBe(false);
    expect(dayStart("2025-02-30")).toBeNull();
    expect(dayEnd("")).toBeNull();
  });

  it("shows an end_date as the last day it covers, and round-trips", () => {
    const end = dayEnd("2025-03-31")!;
    expect(lastDayOf(end)).toBe("2025-03-31");
    expect(dayOf(dayStart("2025-03-01")!)).toBe("2025-03-01");
    // An end set by another client mid-day: that day is the last.
    expect(lastDayOf(Date.UTC(2025, 2, 31, 20) / 1000)).toBe("2025-03-31");
  });
});

describe("the coupon form", () => {
  it("accepts a complete percentage coupon with a code", () => {
    expect(couponFormIssues(values(), create)).toEqual([]);
    expect(z.safeParse(couponFormInput(create), values()).success).toBe(true);
  });

  it("takes the percentage as a number from 0 to 100, not 0 and not more", () => {
    expect(parsePercentage("15")).toBe(15);
    expect(parsePercentage("12.5%")).toBe(12.5);
    expect(parsePercentage("7,5")).toBe(7.5);
    expect(parsePercentage("fifteen")).toBeNull();
    expect(issues(values({ percentage: "" })).percentage).toMatch(/Enter the percentage off/);
    expect(issues(values({ percentage: "0" })).percentage).toMatch(/above 0 and at most 100/);
    expect(issues(values({ percentage: "100.5" })).percentage).toMatch(/above 0 and at most 100/);
    expect(issues(values({ percentage: "-5" })).percentage).toMatch(/above 0 and at most 100/);
    expect(issues(values({ percentage: "100" })).percentage).toBeUndefined();
  });

  it("asks only the chosen type's fields", () => {
    // Free shipping needs no amount and no percentage, whatever the hidden fields hold.
    expect(issues(values({ type: "free_shipping", percentage: "nonsense" }))).toEqual({});
    const flat = issues(values({ type: "flat_discount", flatRate: "", threshold: "abc" }));
    expect(flat.flatRate).toMatch(/Enter the amount off, such as 5.00/);
    expect(flat.threshold).toMatch(/^The minimum order must be an amount/);
    expect(flat.percentage).toBeUndefined();
    expect(issues(values({ type: "flat_discount", flatRate: "0" })).flatRate).toMatch(/more than 0/);
    expect(issues(values({ type: "flat_discount", flatRate: "5.005" })).flatRate).toMatch(/at most 2 decimals/);
    expect(issues(values({ type: "flat_discount", flatRate: "$5", threshold: "50" }))).toEqual({});
  });

  it("wants both dates, the end on or after the start, next to the end date", () => {
    expect(issues(values({ startDate: "", endDate: "" }))).toMatchObject({
      startDate: expect.stringMatching(/first day/),
      endDate: expect.stringMatching(/last day/),
    });
    expect(issues(values({ endDate: "2025-02-28" })).endDate).toBe("Choose an end date on or after the start date.");
    // One day is a coupon too: it works through the end of that day.
    expect(issues(values({ endDate: "2025-03-01" })).endDate).toBeUndefined();
    expect(issues(values({ startDate: "2025-02-30" })).startDate).toMatch(/Enter a date/);
  });

  it("with a code: a code without spaces, and a limit or Unlimited", () => {
    expect(issues(values({ code: "" })).code).toMatch(/Enter the code/);
    expect(issues(values({ code: "TWO WORDS" })).code).toMatch(/without spaces/);
    expect(issues(values({ code: "X".repeat(65) })).code).toMatch(/at most 64/);
    expect(issues(values({ unlimited: false, limit: "" })).limit).toMatch(/or tick Unlimited/);
    expect(issues(values({ unlimited: false, limit: "0" })).limit).toMatch(/or tick Unlimited/);
    expect(issues(values({ unlimited: false, limit: "25" }))).toEqual({});
  });

  it("generating: N from 1 to 100,000, no code asked", () => {
    const gen = (count: string) => issues(values({ codeMode: "generate", code: "", count }));
    expect(gen("500")).toEqual({});
    expect(gen("1")).toEqual({});
    expect(gen("100000")).toEqual({});
    expect(gen("0").count).toMatch(/from 1 to 100,000/);
    expect(gen("100001").count).toMatch(/from 1 to 100,000/);
    expect(gen("2.5").count).toMatch(/from 1 to 100,000/);
  });

  it("wants a name", () => {
    expect(issues(values({ name: "  " })).name).toMatch(/Enter a name/);
    expect(issues(values({ name: "x".repeat(256) })).name).toMatch(/at most 255/);
  });
});

describe("what the form sends", () => {
  it("a percentage coupon with a code and no limit", () => {
    expect(couponWrite(values({ freeShip: true }), create)).toEqual({
      name: "Spring",
      type: "percentage_off",
      start_date: dayStart("2025-03-01"),
      end_date: dayEnd("2025-03-31"),
      limit: 0,
      code: "SPRING15",
      free_ship: true,
      percentage: 15,
    });
  });

  it("generated codes: limit N and no code", () => {
    const write = couponWrite(values({ codeMode: "generate", count: "500", type: "free_shipping" }), create);
    expect(write).toEqual({
      name: "Spring",
      type: "free_shipping",
      start_date: dayStart("2025-03-01"),
      end_date: dayEnd("2025-03-31"),
      limit: 500,
    });
    expect(z.safeParse(createCouponInput, write).success).toBe(true);
  });

  it("an amount off as plain amounts in the currency, the minimum order 0 when left empty", () => {
    expect(
      couponWrite(values({ type: "flat_discount", flatRate: "$5", unlimited: false, limit: "3" }), create),
    ).toMatchObject({
      flat_rate: "5.00",
      threshold: "0.00",
      limit: 3,
      free_ship: false,
    });
    const yen = couponWrite(values({ type: "flat_discount", flatRate: "500", threshold: "1,000" }), {
      ...create,
      currency: "JPY",
    });
    expect(yen).toMatchObject({ flat_rate: "500", threshold: "1000" });
    expect(yen).not.toHaveProperty("percentage");
  });
});

describe("editing", () => {
  const stored: Coupon = {
    id: "7",
    name: "Spring",
    type: "percentage_off",
    // Set by another client at 15:00 UTC: not a local midnight.
    startDate: Date.UTC(2025, 2, 1, 15) / 1000,
    endDate: dayEnd("2025-03-31"),
    limit: 100,
    hits: 3,
    redeemed: 1,
    freeShip: false,
    percentage: 15,
    flatRate: null,
    threshold: null,
    currency: "USD",
    created: 1,
    modified: 1,
    codes: { total: 1, active: 1, oneUse: 0, single: "SPRING15" },
  };
  const edit: CouponFormOptions = { currency: "USD", mode: "edit", generated: false };

  it("starts from the stored coupon, in days", () => {
    expect(couponValues(stored, "USD")).toMatchObject({
      startDate: "2025-03-01",
      endDate: "2025-03-31",
      percentage: "15",
      limit: "100",
      unlimited: false,
      codeMode: "code",
      code: "SPRING15",
    });
  });

  it("sends only what changed: an untouched start day keeps the store's hour", () => {
    const initial = couponValues(stored, "USD");
    expect(couponChanges(initial, initial, edit)).toEqual({});
    expect(couponChanges(initial, { ...initial, name: "Spring!", endDate: "2025-04-30" }, edit)).toEqual({
      name: "Spring!",
      end_date: dayEnd("2025-04-30"),
    });
    expect(couponChanges(initial, { ...initial, unlimited: true }, edit)).toEqual({ limit: 0 });
  });

  it("a change of type brings the new type's fields", () => {
    const initial = couponValues(stored, "USD");
    const changes = couponChanges(initial, { ...initial, type: "flat_discount", flatRate: "5" }, edit);
    expect(changes).toEqual({ type: "flat_discount", flat_rate: "5.00", threshold: "0.00" });
    expect(z.safeParse(updateCouponInput, { id: "7", ...changes }).success).toBe(true);
  });

  it("keeps a coupon of generated codes at 1–100,000 uses, no Unlimited", () => {
    const generated = { ...stored, limit: 500, codes: { total: 500, active: 500, oneUse: 500, single: null } };
    const initial = couponValues(generated, "USD");
    expect(initial).toMatchObject({ codeMode: "generate", unlimited: false, limit: "500" });
    const options = { ...edit, generated: true };
    expect(issues({ ...initial, limit: "0" }, options).limit).toMatch(/from 1 to 100,000/);
    expect(couponChanges(initial, { ...initial, limit: "400" }, options)).toEqual({ limit: 400 });
    // Editing never asks for a code.
    expect(issues({ ...initial, code: "" }, options)).toEqual({});
  });
});

describe("the server actions' payloads", () => {
  const base = { name: "S", type: "free_shipping", start_date: 100, end_date: 200, limit: 0, code: "S" } as const;

  it("checks the end after the start and each type's field", () => {
    const fields = (input: unknown) => {
      const result = z.safeParse(createCouponInput, input);
      return result.success ? [] : result.error.issues.map((i) => String(i.path[0]));
    };
    expect(fields(base)).toEqual([]);
    expect(fields({ ...base, end_date: 100 })).toEqual(["end_date"]);
    expect(fields({ ...base, type: "percentage_off" })).toEqual(["percentage"]);
    expect(fields({ ...base, type: "percentage_off", percentage: 101 })).toEqual(["percentage"]);
    expect(fields({ ...base, type: "flat_discount" })).toEqual(["flat_rate"]);
    expect(fields({ ...base, code: undefined, limit: 0 })).toEqual(["limit"]);
    expect(fields({ ...base, code: undefined, limit: 100_001 })).toEqual(["limit"]);
    expect(fields({ ...base, flat_rate: "five" })).toEqual(["flat_rate"]);
  });

  it("an update names its coupon and may send one field", () => {
    expect(z.safeParse(updateCouponInput, { id: "7", name: "New" }).success).toBe(true);
    expect(z.safeParse(updateCouponInput, { id: "a/b", name: "New" }).success).toBe(false);
    expect(z.safeParse(updateCouponInput, { id: "7", start_date: 300, end_date: 200 }).success).toBe(false);
  });

  it("puts a store field's refusal under the form field that holds it", () => {
    expect(formFieldOf("end_date", create, "code")).toBe("endDate");
    expect(formFieldOf("flat_rate", create, "code")).toBe("flatRate");
    expect(formFieldOf("limit", create, "generate")).toBe("count");
    expect(formFieldOf("limit", create, "code")).toBe("limit");
    expect(formFieldOf("limit", { ...create, mode: "edit" }, "generate")).toBe("limit");
    expect(formFieldOf("code", create, "code")).toBe("code");
    expect(formFieldOf("codes", create, "code")).toBeNull();
  });
});
