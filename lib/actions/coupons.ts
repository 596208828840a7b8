"use server";

import { couponTags, createCoupon, deleteCoupon, updateCoupon } from "../store/coupons/api";
import { couponIdInput, createCouponInput, updateCouponInput } from "../store/coupons/input";
import { storeAction } from "./action";

// Writes only. Coupons are read by the pages (first render) and by React
// Query through GET /api/coupons and GET /api/coupons/{id}/codes
// (app/api/coupons/).

export const createCouponAction = storeAction({
  input: createCouponInput,
  // A code already taken is a 409: its message goes under the code field.
  conflictField: "code",
  invalidates: [couponTags.all],
  run: async (store, write) => {
    const coupon = await createCoupon(store, write);
    return { id: coupon.id, name: coupon.name, codes: coupon.codes };
  },
});

export const updateCouponAction = storeAction({
  input: updateCouponInput,
  invalidates: [couponTags.all],
  run: (store, { id, ...changes }) => updateCoupon(store, id, changes),
});

export const deleteCouponAction = storeAction({
  input: couponIdInput,
  invalidates: [couponTags.all],
  run: async (store, { id }) => {
    await deleteCoupon(store, id);
    return { id };
  },
});
