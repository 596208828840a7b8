import { z } from "zod";
import { ValidationError } from "../api/errors.js";
import { formBodyOf, formBoolean, formString } from "../api/input.js";
import type { Queryable } from "../db/index.js";
import { type orders, shipments } from "../db/schema/index.js";

/**
 * PUT /orders/{order_number} (docs/contract.md#orders): fulfil or cancel, and, an extension
 * (docs/contract.md#extensions), a shipment recorded with the fulfilment (`carrier`, `service`,
 * `tracking_number`, `ship_date`) and the choice to send the "on its way" e-mail or not (`notify`).
 * A store that takes them says so on GET /orders/{n}: `X-Order-Fulfilment: shipment, notify`.
 */

/** The header by which GET /orders/{n} says this store takes a shipment and `notify` with a fulfilment. */
export const ORDER_FULFILMENT_HEADER = "x-order-fulfilment";
export const ORDER_FULFILMENT_OFFER = "shipment, notify";

const notHere = z
  .unknown()
  .refine(() => false, {
    error:
      "cannot be changed: an order's PUT takes fulfilled and cancelled (and, with fulfilled=true, carrier, " +
      "service, tracking_number, ship_date and notify)",
  })
  .meta({ not: {}, description: "Any other field is a 422 naming it." });

/** Control and format characters: no place in a carrier's name or a tracking number. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

const shipmentText = (what: string) =>
  formString
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .refine((s) => !UNPRINTABLE.test(s), "must hold printable characters only")
    .optional()
    .meta({
      description: `Extension: ${what}, recorded as a shipment of the order with fulfilled=true (1–100 printable characters).`,
      "x-store-extension": true,
    });

/** A calendar date written YYYY-MM-DD, from the year 2000 to 2099. */
function isShipDate(s: string): boolean {
  if (!/^20\d\d-\d\d-\d\d$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const updateOrderBody = formBodyOf(
  z
    .object({
      fulfilled: formBoolean.optional().meta({
        description:
          "true fulfils the order; false takes a fulfilled order back to unfulfilled. A 422 on a cancelled order.",
      }),
      cancelled: formBoolean.optional().meta({
        description:
          "true cancels an API order (payment_gateway null; others are a 403) and puts its items back in stock; irreversible: false on a cancelled order is a 422.",
      }),
      carrier: shipmentText("the carrier (UPS)"),
      service: shipmentText("the carrier's service (Ground)"),
      tracking_number: shipmentText("the tracking number"),
      ship_date: formString.refine(isShipDate, "must be a date written YYYY-MM-DD").optional().meta({
        description:
          "Extension: the shipment's ship date, YYYY-MM-DD; today (UTC) when a shipment is recorded without it.",
        "x-store-extension": true,
      }),
      notify: formBoolean.optional().meta({
        description:
          'Extension: with fulfilled=true, whether the customer gets the "on its way" e-mail (default true; ' +
          "an order made with send_notifications=false gets none either way).",
        "x-store-extension": true,
      }),
    })
    .catchall(notHere),
);

export type UpdateOrderInput = z.output<typeof updateOrderBody>;

type OrderRow = typeof orders.$inferSelect;

/** The fields of the extension that only go with a fulfilment. */
const WITH_FULFILMENT = ["carrier", "service", "tracking_number", "ship_date", "notify"] as const;

/** What a PUT records with its fulfilment: the shipment (when any of its fields came) and whether to mail. */
export interface FulfilmentExtras {
  shipment: { carrier: string; service: string; trackingNumber: string; shipDate: string | undefined } | null;
  notify: boolean;
}

/**
 * The extension's fields of a PUT, checked against the order (locked by the caller) before anything
 * changes: they go only with fulfilled=true on an order that is neither fulfilled nor cancelled, nor
 * being cancelled; `ship_date` only with a carrier, service or tracking number. Else a 422 naming each.
 */
export function fulfilmentExtras(current: OrderRow, input: UpdateOrderInput): FulfilmentExtras {
  const sent = WITH_FULFILMENT.filter((name) => input[name] !== undefined);
  const fields: Record<string, string> = {};
  const refusal =
    input.fulfilled !== true
      ? "can only be sent with fulfilled=true"
      : current.cancelled || input.cancelled === true
        ? "cannot be sent: the order is cancelled"
        : current.fulfilled
          ? "cannot be sent: the order is already fulfilled"
          : null;
  if (refusal) for (const name of sent) fields[name] = refusal;
  const { carrier, service, tracking_number: trackingNumber, ship_date: shipDate } = input;
  const hasShipment = carrier !== undefined || service !== undefined || trackingNumber !== undefined;
  if (!refusal && shipDate !== undefined && !hasShipment) {
    fields.ship_date = "needs a carrier, service or tracking_number to go with it";
  }
  if (Object.keys(fields).length) throw new ValidationError(fields);
  return {
    shipment: hasShipment
      ? { carrier: carrier ?? "", service: service ?? "", trackingNumber: trackingNumber ?? "", shipDate }
      : null,
    notify: input.notify ?? true,
  };
}

/** Records the shipment of a fulfilment: label created now, shipped today (UTC) unless said, costing the order's shipping. */
export async function recordShipment(
  q: Queryable,
  order: OrderRow,
  shipment: NonNullable<FulfilmentExtras["shipment"]>,
  now: Date,
) {
  const [row] = await q
    .insert(shipments)
    .values({
      orderNumber: order.number,
      labelCreated: now,
      shipDate: shipment.shipDate ?? now.toISOString().slice(0, 10),
      carrier: shipment.carrier,
      service: shipment.service,
      trackingNumber: shipment.trackingNumber,
      shippingCost: order.shipping,
    })
    .returning();
  return row!;
}
