import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { oneOrListOfOne, percentOf, readTime } from "../shapes";
import { readCodes, storeCouponSchema, toCoupon, toCouponWithCodes } from "./schema";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

/** A coupon as the bundled store sends it (docs/contract.md#coupons). */
const percentageCoupon = {
  id: 7,
  name: "Summer sale",
  type: "percentage_off",
  codes: [{ code: "SUMMER15", type: "multi_use", active: true, created: 1_740_000_000, modified: 1_740_000_000 }],
  start_date: 1_740_787_200,
  end_date: 1_743_465_600,
  limit: 100,
  hits: 30,
  redeemed: 12,
  free_ship: false,
  percentage: "15%",
  percentage_raw: 15,
  flat_rate: null,
  flat_rate_raw: null,
  threshold: null,
  threshold_raw: null,
  currency: "USD",
  created: 1_740_000_000,
  modified: 1_740_000_100,
  something_new: { kept: true },
};

const read = (raw: unknown) => toCoupon(storeCouponSchema.parse(raw));

describe("a store coupon, read tolerantly", () => {
  it("maps the API's coupon to the app's, its codes summed up", () => {
    expect(read(percentageCoupon)).toEqual({
      id: "7",
      name: "Summer sale",
      type: "percentage_off",
      startDate: 1_740_787_200,
      endDate: 1_743_465_600,
      limit: 100,
      hits: 30,
      redeemed: 12,
      freeShip: false,
      percentage: 15,
      flatRate: null,
      threshold: null,
      currency: "USD",
      created: 1_740_000_000,
      modified: 1_740_000_100,
      codes: { total: 1, active: 1, oneUse: 0, single: "SUMMER15" },
    });
  });

  it("reads the percentage as “15%”, “15”, 15 or 12.5 when percentage_raw is missing", () => {
    const percent = (fields: object) => read({ id: 1, type: "percentage_off", ...fields }).percentage;
    expect(percent({ percentage: "15%" })).toBe(15);
    expect(percent({ percentage: "12.5 %" })).toBe(12.5);
    expect(percent({ percentage: "15" })).toBe(15);
    expect(percent({ percentage: 15 })).toBe(15);
    expect(percent({ percentage_raw: "20", percentage: "15%" })).toBe(20);
    expect(percent({ percentage: "a lot" })).toBeNull();
    expect(percent({})).toBeNull();
    expect(percentOf(undefined, "7,5%")).toBe(7.5);
  });

  it("reads money from the _raw float, else from the formatted string, in minor units", () => {
    const flat = read({
      id: 2,
      type: "flat_discount",
      flat_rate: "$5.00",
      flat_rate_raw: 5,
      threshold: "$1,250.50",
      currency: "usd",
    });
    expect(flat).toMatchObject({ flatRate: 500, threshold: 125_050, currency: "USD", percentage: null });
    const jpy = read({ id: 3, type: "flat_discount", flat_rate: "¥500", currency: "JPY" });
    expect(jpy).toMatchObject({ flatRate: 500, threshold: null, currency: "JPY" });
    // A type's fields only: a store sending them on another type is not believed.
    expect(read({ id: 4, type: "free_shipping", flat_rate_raw: 5, percentage: "10%" })).toMatchObject({
      flatRate: null,
      percentage: null,
    });
  });

  it("reads dates as numbers, numeric strings, milliseconds or dates in words", () => {
    expect(readTime(1_740_787_200)).toBe(1_740_787_200);
    expect(readTime("1740787200")).toBe(1_740_787_200);
    expect(readTime(1_740_787_200_000)).toBe(1_740_787_200);
    expect(readTime("2025-03-01T00:00:00Z")).toBe(1_740_787_200);
    expect(readTime("2025-03-01")).toBe(1_740_787_200);
    expect(readTime("soon")).toBeNull();
    expect(readTime(null)).toBeNull();
    const coupon = read({ id: 1, start_date: "2025-03-01T00:00:00Z", end_date: "1743465600" });
    expect(coupon).toMatchObject({ startDate: 1_740_787_200, endDate: 1_743_465_600 });
  });

  it("gives what is missing or of another shape a default instead of failing", () => {
    expect(read({ id: "c-1" })).toEqual({
      id: "c-1",
      name: "",
      type: "",
      startDate: null,
      endDate: null,
      limit: 0,
      hits: 0,
      redeemed: 0,
      freeShip: false,
      percentage: null,
      flatRate: null,
      threshold: null,
      currency: null,
      created: null,
      modified: null,
      codes: { total: 0, active: 0, oneUse: 0, single: null },
    });
    const odd = read({ id: 1, name: 42, limit: "5", hits: -3, redeemed: "many", free_ship: "true", codes: "none" });
    expect(odd).toMatchObject({ name: "42", limit: 5, hits: 0, redeemed: 0, freeShip: true });
    expect(odd.codes.total).toBe(0);
    // free_ship is "ignored for type free_shipping".
    expect(read({ id: 1, type: "free_shipping", free_ship: true }).freeShip).toBe(false);
    expect(read({ id: 1, currency: "dollars" }).currency).toBeNull();
  });

  it("refuses a coupon without an id", () => {
    expect(storeCouponSchema.safeParse({ name: "No id" }).success).toBe(false);
    expect(storeCouponSchema.safeParse({ id: "" }).success).toBe(false);
    expect(z.array(storeCouponSchema).safeParse([{ id: 1 }, { id: 2.5 }]).success).toBe(false);
  });

  it("reads generated codes, their state and times; leaves out codes without text", () => {
    const codes = readCodes([
      { code: "AAAA-BBBB-CCCC", type: "one_use", active: true, created: "1740000000" },
      { code: "DDDD-EEEE-FFFF", type: "one_use", active: false, created: 1_740_000_000 },
      { code: "GGGG", type: "one_use", active: "0" },
      { code: "", type: "one_use" },
      { type: "one_use" },
      null,
      "PLAIN",
    ]);
    expect(codes).toEqual([
      { code: "AAAA-BBBB-CCCC", type: "one_use", active: true, created: 1_740_000_000 },
      { code: "DDDD-EEEE-FFFF", type: "one_use", active: false, created: 1_740_000_000 },
      { code: "GGGG", type: "one_use", active: false, created: null },
      { code: "PLAIN", type: "multi_use", active: true, created: null },
    ]);
    const coupon = toCouponWithCodes(
      storeCouponSchema.parse({ id: 9, codes: codes.slice(0, 3).map((c) => ({ ...c })) }),
    );
    expect(coupon.codes).toEqual({ total: 3, active: 1, oneUse: 3, single: null });
    expect(coupon.codeList).toHaveLength(3);
  });

  it("reads 100,000 codes quickly enough for a page", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      code: `CODE-${i}`,
      type: "one_use",
      active: i % 10 !== 0,
      created: 1_740_000_000,
      modified: 1_740_000_000,
    }));
    const coupon = toCouponWithCodes(storeCouponSchema.parse({ id: 1, limit: 100_000, codes: many }));
    expect(coupon.codes).toEqual({ total: 100_000, active: 90_000, oneUse: 100_000, single: null });
  });

  it("reads a write's answer as the coupon or a list holding it (decisions: PUT answers either)", () => {
    const schema = oneOrListOfOne(storeCouponSchema.transform(toCoupon));
    expect(schema.parse(percentageCoupon).id).toBe("7");
    expect(schema.parse([percentageCoupon]).id).toBe("7");
    expect(schema.safeParse([]).success).toBe(false);
    expect(schema.safeParse(true).success).toBe(false);
  });
});
