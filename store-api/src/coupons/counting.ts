import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { couponCodes, coupons } from "../db/schema/index.js";
import { type CouponCodeRow, type CouponRow, findCode } from "./coupons.js";

/**
 * A coupon's counts, for the orders resource (docs/contract.md#coupons). An
 * order request that names a code goes through three steps:
 *
 *   1. inside the order's transaction, `findCouponForOrder` (a 422 naming
 *      `coupon` when the code cannot be used), then, once the order is made,
 *      `redeemCoupon` (redeemed + 1; a one_use code turns inactive);
 *   2. after that transaction, committed or rolled back, `recordCouponHit` in
 *      its own: `hits` counts every attempt, refused ones included, so it is
 *      the one write a failed request leaves behind.
 *
 * The counts are not edits: they move neither the coupon's `modified` nor its
 * terms. A code's `modified` moves when it turns inactive.
 */

/** A usable coupon and the code an order named it by. */
export interface CouponForOrder {
  coupon: CouponRow;
  code: CouponCodeRow;
}

function refused(why: string): ValidationError {
  return new ValidationError({ coupon: why });
}

const UNKNOWN = "is not a known coupon code";
const usedUp = (limit: number) => `has been used up (its limit is ${limit} ${limit === 1 ? "use" : "uses"})`;

/**
 * The coupon a code names, when an order can use it at `now`; otherwise a 422
 * naming `coupon`: unknown (the code is matched without case), not started,
 * expired (a coupon works from start_date up to, not including, end_date),
 * inactive (a one_use code already redeemed), or used up (redeemed reached a
 * limit above 0).
 */
export async function findCouponForOrder(q: Queryable, code: string, now: Date): Promise<CouponForOrder> {
  const codeRow = await findCode(q, code.trim());
  if (!codeRow) throw refused(UNKNOWN);
  const [coupon] = await q.select().from(coupons).where(eq(coupons.id, codeRow.couponId));
  if (!coupon) throw refused(UNKNOWN);
  if (now < coupon.startsAt) throw refused(`is not valid yet (it starts at ${coupon.startsAt.toISOString()})`);
  if (now >= coupon.endsAt) throw refused(`has expired (it ended at ${coupon.endsAt.toISOString()})`);
  if (!codeRow.active) throw refused(codeRow.type === "one_use" ? "has already been used" : "is no longer active");
  if (coupon.useLimit > 0 && coupon.redeemed >= coupon.useLimit) throw refused(usedUp(coupon.useLimit));
  return { coupon, code: codeRow };
}

/**
 * Counts an attempt to use the code: hits + 1 on the coupon that owns it
 * (matched without case); an unknown code changes nothing. One statement, meant
 * to run on the database on its own, after the order's transaction has ended
 * (the demo seed's order history counts its attempts inside its one
 * transaction). Whether a coupon was counted.
 */
export async function recordCouponHit(db: Queryable, code: string): Promise<boolean> {
  const value = code.trim();
  if (value.includes("\0")) return false; // no stored code has one, and PostgreSQL refuses it in a query
  const owner = db
    .select({ id: couponCodes.couponId })
    .from(couponCodes)
    .where(sql`lower(${couponCodes.code}) = ${value.toLowerCase()}`);
  const counted = await db
    .update(coupons)
    .set({ hits: sql`${coupons.hits} + 1` })
    .where(inArray(coupons.id, owner))
    .returning({ id: coupons.id });
  return counted.length > 0;
}

/**
 * Redeems a coupon found by findCouponForOrder, inside the order's transaction:
 * redeemed + 1 and, for a one_use code, the code inactive. Each is a
 * conditional UPDATE, so that orders racing for the last use (or for one code)
 * cannot both have it: the loser's UPDATE waits for the winner's row lock, finds
 * its condition false, and the order gets a 422 naming `coupon`. The rows as
 * they are now.
 */
export async function redeemCoupon(q: Queryable, found: CouponForOrder): Promise<CouponForOrder> {
  // The coupon's row first, then the code's: the order in which a coupon's deletion (or update) takes
  // them too, so that neither waits on the other in a deadlock.
  const [coupon] = await q
    .update(coupons)
    .set({ redeemed: sql`${coupons.redeemed} + 1` })
    .where(and(eq(coupons.id, found.coupon.id), or(eq(coupons.useLimit, 0), lt(coupons.redeemed, coupons.useLimit))))
    .returning();
  if (!coupon) {
    const [current] = await q.select().from(coupons).where(eq(coupons.id, found.coupon.id));
    throw refused(current ? usedUp(current.useLimit) : UNKNOWN);
  }
  let code = found.code;
  if (code.type === "one_use") {
    const [used] = await q
      .update(couponCodes)
      .set({ active: false, updatedAt: new Date() })
      .where(and(eq(couponCodes.id, code.id), eq(couponCodes.active, true)))
      .returning();
    if (!used) throw refused("has already been used");
    code = used;
  }
  return { coupon, code };
}
