import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "../../../../src/api/errors.js";
import { couponDetail, createCoupon, getCoupon } from "../../../../src/coupons/coupons.js";
import {
  type CouponForOrder,
  findCouponForOrder,
  recordCouponHit,
  redeemCoupon,
} from "../../../../src/coupons/counting.js";
import type { CreateCouponInput } from "../../../../src/coupons/schemas.js";
import { couponCodes, coupons } from "../../../../src/db/schema/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";

/**
 * The counts the orders resource moves (src/coupons/counting.ts,
 * docs/contract.md#coupons), called directly on a real store's database, and
 * read back through the API.
 */

const DAY = 86_400;
const NOW = new Date(Date.UTC(2031, 5, 15, 12));
const now = Math.floor(NOW.getTime() / 1000);

let store: TestStore;
let admin: string;
let made = 0;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin());
});
afterAll(async () => {
  await store.close();
});

const db = () => store.database.db;

/** A coupon valid around NOW: with `code` one multi_use code, else `limit` one_use codes. */
async function coupon(input: Partial<CreateCouponInput> = {}) {
  const row = await db().transaction((tx) =>
    createCoupon(tx, {
      name: `Coupon ${++made}`,
      type: "percentage_off",
      ...(input.type === undefined || input.type === "percentage_off" ? { percentage: 10 } : {}),
      start_date: now - DAY,
      end_date: now + DAY,
      limit: 0,
      ...input,
    }),
  );
  return db().transaction((tx) => couponDetail(tx, row));
}

/** What an order transaction does with a code: find it and redeem it; any refusal rolls back. */
const order = (code: string, at = NOW) =>
  db().transaction(async (tx) => redeemCoupon(tx, await findCouponForOrder(tx, code, at)));

/** The refusal's sentence for `coupon`, or a failure when there was none. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const err = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ValidationError);
  const v = err as ValidationError;
  expect(v.status).toBe(422);
  expect(Object.keys(v.fields ?? {})).toEqual(["coupon"]);
  return v.fields!.coupon!;
}

const read = async (id: number) => (await api(store, admin, "GET", `/coupons/${id}`)).json;

describe("findCouponForOrder", () => {
  it("finds a coupon by its code, without case, and tells why one cannot be used", async () => {
    const c = await coupon({ code: "Find-Me" });
    for (const code of ["Find-Me", "FIND-ME", "find-me", " find-me "]) {
      const found = await findCouponForOrder(db(), code, NOW);
      expect(found.coupon.id).toBe(c.coupon.id);
      expect(found.code.code).toBe("Find-Me");
    }
    expect(await refusal(findCouponForOrder(db(), "NO-SUCH-CODE", NOW))).toBe("is not a known coupon code");
    expect(await refusal(findCouponForOrder(db(), "bad\u0000code", NOW))).toBe("is not a known coupon code");
  });

  it("a coupon works from start_date up to, not including, end_date", async () => {
    const c = await coupon({ code: "WINDOW", start_date: now, end_date: now + DAY });
    const at = (s: number) => new Date(s * 1000);
    expect(await refusal(findCouponForOrder(db(), "WINDOW", at(now - 1)))).toMatch(/^is not valid yet/);
    expect((await findCouponForOrder(db(), "WINDOW", at(now))).coupon.id).toBe(c.coupon.id);
    expect((await findCouponForOrder(db(), "WINDOW", at(now + DAY - 1))).coupon.id).toBe(c.coupon.id);
    expect(await refusal(findCouponForOrder(db(), "WINDOW", at(now + DAY)))).toMatch(/^has expired/);
  });
});

describe("redeemCoupon", () => {
  it("counts a redemption; a multi_use code stays active; the coupon's modified stays", async () => {
    const c = await coupon({ code: "MULTI" });
    const result = await order("multi");
    expect(result.coupon.redeemed).toBe(1);
    expect(result.code.active).toBe(true);
    await order("MULTI");
    const after = await read(c.coupon.id);
    expect(after).toMatchObject({ redeemed: 2, hits: 0, codes: [{ code: "MULTI", active: true }] });
    expect(after.modified).toBe(Math.floor(c.coupon.updatedAt.getTime() / 1000));
  });

  it("a one_use code turns inactive when redeemed, and cannot be used again", async () => {
    const c = await coupon({ type: "free_shipping", limit: 3 });
    const [first, second] = c.codes;
    const result = await order(first!.code.toLowerCase());
    expect(result.code).toMatchObject({ id: first!.id, active: false });
    expect(result.code.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    expect(await refusal(order(first!.code))).toBe("has already been used");
    await order(second!.code);
    const after = await read(c.coupon.id);
    expect(after.redeemed).toBe(2);
    expect(after.codes.map((x: { active: boolean }) => x.active)).toEqual([false, false, true]);
  });

  it("a coupon used beyond its limit is refused, and the count stays at the limit", async () => {
    const c = await coupon({ code: "TWICE", limit: 2 });
    // Found before either use: the limit is enforced by the redemption itself, not only by the lookup.
    const stale: CouponForOrder = await findCouponForOrder(db(), "TWICE", NOW);
    await order("TWICE");
    await db().transaction((tx) => redeemCoupon(tx, stale));
    expect(await refusal(db().transaction((tx) => redeemCoupon(tx, stale)))).toBe(
      "has been used up (its limit is 2 uses)",
    );
    expect(await refusal(order("TWICE"))).toBe("has been used up (its limit is 2 uses)");
    expect((await getCoupon(db(), c.coupon.id)).redeemed).toBe(2);
  });

  it("limit 0 is no limit", async () => {
    const c = await coupon({ code: "ENDLESS", limit: 0 });
    for (let i = 0; i < 5; i++) await order("ENDLESS");
    expect((await getCoupon(db(), c.coupon.id)).redeemed).toBe(5);
  });

  it("the limit caps a coupon of one_use codes too", async () => {
    const c = await coupon({ type: "free_shipping", limit: 3 });
    const put = await api(store, admin, "PUT", `/coupons/${c.coupon.id}`, { limit: "1" });
    expect(put.status, put.text).toBe(200);
    await order(c.codes[0]!.code);
    expect(await refusal(order(c.codes[1]!.code))).toBe("has been used up (its limit is 1 use)");
    // The refused redemption left the second code as it was.
    const codes = await db().select().from(couponCodes).where(eq(couponCodes.couponId, c.coupon.id));
    expect(codes.map((x) => x.active).sort()).toEqual([false, true, true]);
  });

  it("orders racing for the last uses: exactly `limit` of them get the coupon", async () => {
    const c = await coupon({ code: "RACE", limit: 3 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => order("RACE")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) {
      if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ValidationError);
    }
    expect((await getCoupon(db(), c.coupon.id)).redeemed).toBe(3);
  });

  it("orders racing for one one_use code: one gets it", async () => {
    const c = await coupon({ type: "free_shipping", limit: 5 });
    const code = c.codes[0]!.code;
    const found = await findCouponForOrder(db(), code, NOW);
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => db().transaction((tx) => redeemCoupon(tx, found))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await getCoupon(db(), c.coupon.id)).redeemed).toBe(1);
  });
});

describe("recordCouponHit", () => {
  it("counts every attempt by code, without case; an unknown code changes nothing", async () => {
    const c = await coupon({ code: "HIT-ME" });
    expect(await recordCouponHit(db(), "HIT-ME")).toBe(true);
    expect(await recordCouponHit(db(), " hit-me ")).toBe(true);
    expect(await recordCouponHit(db(), "NOBODY")).toBe(false);
    expect(await recordCouponHit(db(), "nul\u0000")).toBe(false);
    expect(await read(c.coupon.id)).toMatchObject({ hits: 2, redeemed: 0 });
  });

  it("a refused order still counts its hit, written after the rollback; nothing else moves", async () => {
    const c = await coupon({ type: "free_shipping", limit: 1 });
    const code = c.codes[0]!.code;
    const before = await read(c.coupon.id);
    // An order that fails after the redemption (say, out of stock): its transaction rolls back whole.
    await expect(
      db().transaction(async (tx) => {
        await redeemCoupon(tx, await findCouponForOrder(tx, code, NOW));
        throw new Error("out of stock");
      }),
    ).rejects.toThrow("out of stock");
    // What the orders resource does after the rollback.
    await recordCouponHit(db(), code);
    expect(await read(c.coupon.id)).toEqual({ ...before, hits: 1 });
    // The coupon is still there to be used; then it is used up, and that attempt counts too.
    await order(code);
    await recordCouponHit(db(), code);
    expect(await refusal(order(code))).toBe("has already been used");
    await recordCouponHit(db(), code);
    expect(await read(c.coupon.id)).toMatchObject({ hits: 3, redeemed: 1, codes: [{ code, active: false }] });
  });

  it("a one_use coupon's hits count any of its codes", async () => {
    const c = await coupon({ type: "free_shipping", limit: 2 });
    await order(c.codes[0]!.code);
    await recordCouponHit(db(), c.codes[0]!.code);
    // A second use of the spent code: refused, and counted.
    expect(await refusal(order(c.codes[0]!.code))).toBe("has already been used");
    await recordCouponHit(db(), c.codes[0]!.code);
    await recordCouponHit(db(), c.codes[1]!.code);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, c.coupon.id));
    expect(row).toMatchObject({ hits: 3, redeemed: 1 });
  });
});
