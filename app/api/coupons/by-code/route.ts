import { storeRead } from "@/lib/route-handler";
import { findCouponByCode } from "@/lib/store/coupons/api-lookup";
import type { CouponLookup } from "@/lib/store/coupons/model-lookup";

/**
 * The coupon that has `?code=` (components/orders/new: the new order's
 * totals preview). A code no store would take (empty, spaces, over 64
 * characters: docs/contract.md#coupons) is found in no coupon, unasked.
 */
export const GET = storeRead(async (store, { searchParams }): Promise<CouponLookup> => {
  const code = (searchParams.get("code") ?? "").trim();
  if (!code || code.length > 64 || /\s/.test(code)) return { found: false };
  return findCouponByCode(store, code);
});
