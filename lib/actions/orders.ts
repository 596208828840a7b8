"use server";

import * as z from "zod/mini";
import { StoreApiError } from "../store/errors";
import { fulfilOrder, orderTags, updateOrder } from "../store/orders/api";
import { fulfilShipmentFields, fulfilShipmentInput } from "../store/orders/input-fulfil";
import { storeAction } from "./action";

// Writes only. Orders are read by the pages (first render) and by React
// Query through GET /api/orders, /api/orders/counts and /api/orders/{n}
// (app/api/orders/).

const orderNumberInput = z.object({ number: z.number().check(z.int(), z.positive()) });

/**
 * A store's refusal of a change to an order, in words about orders. Reading
 * the order took the same permission (manage_orders), so a 403 `forbidden`
 * here is one of the store's rules, not a missing permission; a 422 is the
 * order's state (a cancelled order cannot be fulfilled: docs/contract.md#orders).
 * A store whose error body cannot be read still gets the sentence.
 */
function refusedChange(error: unknown, refused: string, { rule403 }: { rule403: boolean }): never {
  if (
    error instanceof StoreApiError &&
    ((rule403 && error.status === 403 && error.code !== "insufficient_scope") ||
      error.status === 409 ||
      error.status === 422)
  ) {
    throw new StoreApiError({
      status: error.status,
      code: error.code,
      message: refused,
      detail: error.detail,
    });
  }
  throw error;
}

/**
 * Fulfils one order. The bulk fulfil of the list calls it once per order,
 * in turn, for a result per order (Next runs a client's actions one at a
 * time anyway). The order page's dialog may add a shipment and the choice
 * to e-mail the customer, where the store takes them (an extension,
 * docs/contract.md#extensions): a refusal naming one of them stays under
 * that field.
 */
export const fulfilOrderAction = storeAction({
  input: z.object({ ...orderNumberInput.shape, shipment: z.optional(fulfilShipmentInput) }),
  invalidates: [orderTags.all],
  run: (store, { number, shipment }) =>
    fulfilOrder(store, number, shipment).catch((error: unknown) => {
      const named = error instanceof StoreApiError ? Object.keys(error.fields) : [];
      if (named.some((field) => (fulfilShipmentFields as readonly string[]).includes(field) || field === "notify")) {
        throw error;
      }
      return refusedChange(error, "The store refused to fulfil this order: a cancelled order cannot be fulfilled.", {
        rule403: false,
      });
    }),
});

/**
 * Takes a fulfilled order back to unfulfilled: the undo of a fulfilment
 * (`fulfilled=false`, docs/contract.md#orders). A store that does not allow
 * it (the specification does not say it must) answers a refusal, which
 * reads as one sentence; a 403 `forbidden` is such a rule too.
 */
export const unfulfilOrderAction = storeAction({
  input: orderNumberInput,
  invalidates: [orderTags.all],
  run: (store, { number }) =>
    updateOrder(store, number, { fulfilled: false }).catch((error: unknown) =>
      refusedChange(error, "The store refused to take this order back to unfulfilled: it stays fulfilled.", {
        rule403: true,
      }),
    ),
});

/** Cancels an API order; irreversible (docs/contract.md#orders). */
export const cancelOrderAction = storeAction({
  input: orderNumberInput,
  invalidates: [orderTags.all],
  run: (store, { number }) =>
    updateOrder(store, number, { cancelled: true }).catch((error: unknown) =>
      refusedChange(
        error,
        "The store refused to cancel this order: only orders created through the API can be cancelled, and only once.",
        { rule403: true },
      ),
    ),
});
