"use server";

import { createOrder, orderTags } from "../store/orders/api";
import { createOrderInput } from "../store/orders/input";
import { storeAction } from "./action";

/**
 * Creates an API order from the spec's POST fields (lib/store/orders/input.ts
 * builds them from the new order form) and answers its number with the
 * totals the store priced it at (docs/contract.md#orders): the form compares
 * them with the estimate it showed (components/orders/new/estimate.ts). The
 * store's 422 names the refused fields (`line_2_quantity`, `coupon`,
 * `ship_country`): the form puts each under its own field.
 */
export const createOrderWithTotalsAction = storeAction({
  input: createOrderInput,
  invalidates: [orderTags.all],
  run: async (store, fields) => {
    const order = await createOrder(store, fields);
    return {
      number: order.number,
      currency: order.currency,
      subtotal: order.subtotal,
      shipping: order.shippingCharge,
      tax: order.tax,
      total: order.total,
    };
  },
});
