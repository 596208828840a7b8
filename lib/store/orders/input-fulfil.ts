import * as z from "zod/mini";

/**
 * What the Fulfil dialog sends beside the order's number, where the store takes it (an extension:
 * docs/contract.md#extensions, lib/store/orders/model-fulfil.ts): a carrier, service and tracking number,
 * each optional, and whether to e-mail the customer. The store's own bounds: 1–100 printable characters.
 * The form (react-hook-form) and the server action check the same schema; the field names are the
 * store's, so that its 422 lands under the field it names.
 */

export const MAX_SHIPMENT_TEXT = 100;

/** Control and format characters (a pasted tab or line break): the store refuses them. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const shipmentText = (what: string) =>
  z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(MAX_SHIPMENT_TEXT, `Use at most ${MAX_SHIPMENT_TEXT} characters for the ${what}.`),
      z.refine((value) => !UNPRINTABLE.test(value), `Use letters, digits and punctuation only in the ${what}.`),
    ),
  );

export const fulfilShipmentInput = z.object({
  carrier: shipmentText("carrier"),
  service: shipmentText("service"),
  tracking_number: shipmentText("tracking number"),
  /** Absent where the store offers no choice (it then mails as it always does). */
  notify: z.optional(z.boolean()),
});
export type FulfilShipmentInput = z.input<typeof fulfilShipmentInput>;

/** The dialog's fields, in the order they show (the first one a server message names gets focus). */
export const fulfilShipmentFields = ["carrier", "service", "tracking_number"] as const;
