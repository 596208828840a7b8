import type { Coupon, CouponCode } from "./model";

/**
 * A coupon found by one of its codes (GET /api/coupons/by-code?code=…): the
 * coupon, its codes summed up, and the code itself as the store holds it
 * (its case, its type, whether it is still active). The contract has no
 * lookup by code (docs/contract.md#coupons): the bundled store's `?code=`
 * filter answers it (docs/contract.md#extensions), else the dashboard reads the
 * list within bounds (lib/store/coupons/api-lookup.ts). The coupon's `codes`
 * then sum up the codes read, which may be the found code only.
 */
export type CouponLookup = { found: true; coupon: Coupon; code: CouponCode } | { found: false };

/** Codes compare without case, as the store matches an order's `coupon` (docs/contract.md#orders). */
export function sameCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}
