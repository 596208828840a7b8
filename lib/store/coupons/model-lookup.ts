import type { Coupon, CouponCode } from "./model";

/**
 * A coupon found by one of its codes (GET /api/coupons/by-code?code=…): the
 * coupon, its codes summed up, and the code itself as the store holds it
 * (its case, its type, whether it is still active). The contract has no
 * lookup by code (docs/contract.md#coupons): the dashboard reads the list.
 */
export type CouponLookup = { found: true; coupon: Coupon; code: CouponCode } | { found: false };

/** Codes compare without case, as the store matches an order's `coupon` (docs/contract.md#orders). */
export function sameCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
