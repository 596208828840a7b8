"use server";

import * as z from "zod/mini";
import { orderTags, updateOrder } from "../store/orders/api";
import { storeAction } from "./action";

// Writes only. Orders are read by the pages (first render) and by React
// Query through GET /api/orders, /api/orders/counts and /api/orders/{n}
// (app/api/orders/).

const orderNumberInput = z.object({ number: z.number().check(z.int(), z.positive()) });

/**
 * Fulfils one order. The bulk fulfil of the list calls it once per order,
 * in turn, for a result per order (Next runs a client's actions one at a
 * time anyway).
 */
export const fulfilOrderAction = storeAction({
  input: orderNumberInput,
  invalidates: [orderTags.all],
  run: (store, { number }) => updateOrder(store, number, { fulfilled: true }),
});

/** Cancels an API order; irreversible (store-api.md, Order states). */
export const cancelOrderAction = storeAction({
  input: orderNumberInput,
  invalidates: [orderTags.all],
  run: (store, { number }) => updateOrder(store, number, { cancelled: true }),
});
