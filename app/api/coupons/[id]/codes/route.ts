import { storeRead } from "@/lib/route-handler";
import { getCoupon } from "@/lib/store/coupons/api";
import { codeRow } from "@/lib/store/coupons/model";

/**
 * A coupon's codes for its codes list (components/coupons/codes-list.tsx),
 * one short row each: a coupon may have 100,000 of them, and the browser
 * searches, pages and exports them itself.
 */
export const GET = storeRead<{ id: string }>(async (store, { params }) => {
  const coupon = await getCoupon(store, params.id);
  return coupon.codeList.map(codeRow);
});
