import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addGeneratedCodes, CODE_ALPHABET, GENERATED_CODE } from "../../../../src/coupons/codes.js";
import { createCoupon } from "../../../../src/coupons/coupons.js";
import { couponCodes } from "../../../../src/db/schema/index.js";
import { api, expectError, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";

/** Generated one_use codes (docs/contract.md#coupons): how many, what they look like, unique everywhere. */

const DAY = 86_400;
const start = Math.floor(Date.UTC(2030, 0, 1) / 1000);
const terms = (limit: number, extra: Record<string, string> = {}) => ({
  name: "Launch",
  type: "free_shipping",
  start_date: String(start),
  end_date: String(start + 30 * DAY),
  limit: String(limit),
  ...extra,
});

describe("generated coupon codes", () => {
  let store: TestStore;
  let admin: string;

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin());
  });
  afterAll(async () => {
    await store.close();
  });

  it("without a code, limit one_use codes: active, readable, grouped, distinct", async () => {
    const res = await api(store, admin, "POST", "/coupons", terms(250));
    expect(res.status, res.text).toBe(201);
    const codes = res.json.codes as { code: string; type: string; active: boolean }[];
    expect(codes).toHaveLength(250);
    expect(new Set(codes.map((c) => c.code)).size).toBe(250);
    for (const c of codes) {
      expect(c).toEqual({
        code: expect.stringMatching(GENERATED_CODE),
        type: "one_use",
        active: true,
        created: expect.any(Number),
        modified: expect.any(Number),
      });
      expect(c.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      expect(c.code).not.toMatch(/[01OI]/);
    }
    // Every symbol of the alphabet turns up among 3,000 random ones: the whole alphabet is used.
    const seen = new Set(codes.flatMap((c) => [...c.code.replace(/-/g, "")]));
    expect([...seen].sort().join("")).toBe([...CODE_ALPHABET].sort().join(""));
    // Long enough that guessing is hopeless: at least 50 random bits.
    expect(12 * Math.log2(CODE_ALPHABET.length)).toBeGreaterThanOrEqual(50);
  });

  it("two coupons never share a code", async () => {
    const a = await api(store, admin, "POST", "/coupons", terms(300));
    const b = await api(store, admin, "POST", "/coupons", terms(300));
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const all = [...a.json.codes, ...b.json.codes].map((c: { code: string }) => c.code.toLowerCase());
    expect(new Set(all).size).toBe(600);
  });

  it("limit must be 1–100,000 without a code", async () => {
    for (const limit of [0, 100_001]) {
      const res = await api(store, admin, "POST", "/coupons", terms(limit));
      expectError(res, 422, ["limit"]);
      expect(res.json.fields.limit).toMatch(/from 1 to 100,000/);
    }
  });

  it("a generated code already taken in the database is replaced, not duplicated", async () => {
    const taken = "AAAA-BBBB-CCCC";
    const first = await api(store, admin, "POST", "/coupons", terms(0, { code: taken.toLowerCase() }));
    expect(first.status, first.text).toBe(201);
    const db = store.database.db;
    const coupon = await db.transaction((tx) =>
      createCoupon(tx, {
        name: "Seeded",
        type: "free_shipping",
        start_date: start,
        end_date: start + DAY,
        limit: 1,
        code: "SEED-ONLY",
      }),
    );
    // The first batch holds the taken code (in another case) beside two fresh ones.
    const batches = [[taken, "DDDD-EEEE-FFFF", "GGGG-HHHH-JJJJ"], ["KKKK-LLLL-MMMM"]];
    const asked: number[] = [];
    await db.transaction((tx) =>
      addGeneratedCodes(tx, coupon.id, 3, (n) => {
        asked.push(n);
        return batches.shift()!;
      }),
    );
    expect(asked).toEqual([3, 1]);
    const mine = await db.select().from(couponCodes).where(eq(couponCodes.couponId, coupon.id));
    expect(mine.map((c) => c.code).sort()).toEqual(["DDDD-EEEE-FFFF", "GGGG-HHHH-JJJJ", "KKKK-LLLL-MMMM", "SEED-ONLY"]);
    const owners = await db.select().from(couponCodes).where(eq(couponCodes.code, taken.toLowerCase()));
    expect(owners.map((c) => c.couponId)).toEqual([first.json.id]);
  });

  it("makes 100,000 codes in one request, all distinct (bulk inserts in chunks, one transaction)", async () => {
    const res = await api(store, admin, "POST", "/coupons", terms(100_000, { name: "Mailing" }));
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    const codes = (res.json.codes as { code: string }[]).map((c) => c.code);
    expect(codes).toHaveLength(100_000);
    expect(new Set(codes).size).toBe(100_000);
    expect(codes.every((c) => GENERATED_CODE.test(c))).toBe(true);
    const read = await api(store, admin, "GET", `/coupons/${res.json.id}`);
    expect(read.json.codes).toHaveLength(100_000);
    expect(read.json.limit).toBe(100_000);
  }, 120_000); // 100,000 rows written and read back: a minute on a loaded machine (a hang guard, not a timing check)
});
