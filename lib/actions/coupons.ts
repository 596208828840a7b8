"use server";

import { couponTags, createCoupon, deleteCoupon, updateCoupon } from "../store/coupons/api";
import { forgetCouponCodes } from "../store/coupons/api-lookup";
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
    // A look-up by code must see the new codes at once, not after the remembered list expires.
    forgetCouponCodes();
    return { id: coupon.id, name: coupon.name, codes: coupon.codes };
  },
});

export const updateCouponAction = storeAction({
  input: updateCouponInput,
  invalidates: [couponTags.all],
  run: async (store, { id, ...changes }) => {
    const coupon = await updateCoupon(store, id, changes);
    forgetCouponCodes();
    return coupon;
  },
});

export const deleteCouponAction = storeAction({
  input: couponIdInput,
  invalidates: [couponTags.all],
  run: async (store, { id }) => {
    await deleteCoupon(store, id);
    forgetCouponCodes();
    return { id };
  },
});
