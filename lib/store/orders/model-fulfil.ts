import { fulfilMailText, type Order } from "./model";

/**
 * Fulfilling one order with its shipment (an extension: docs/contract.md#extensions). A store that takes a
 * carrier, service and tracking number with `fulfilled=true`, and `notify` (whether the customer gets the
 * "on its way" e-mail), says so on the order's GET with `X-Order-Fulfilment: shipment, notify`; the
 * dashboard offers those fields only then, so that a plain store's Fulfil dialog stays as the contract has it.
 */

/** What the store takes with a fulfilment beside `fulfilled`. */
export interface FulfilmentOffer {
  /** `carrier`, `service`, `tracking_number`: a shipment recorded with the fulfilment. */
  shipment: boolean;
  /** `notify`: whether the customer is e-mailed. */
  notify: boolean;
}

export const FULFILMENT_HEADER = "x-order-fulfilment";

/** An order as its page reads it: with what its store takes when fulfilling it. */
export interface OrderWithOffer extends Order {
  fulfilment: FulfilmentOffer;
}

/** What the Fulfil dialog sends beside `fulfilled=true` (lib/store/orders/input-fulfil.ts checks it). */
export interface FulfilShipment {
  carrier?: string | undefined;
  service?: string | undefined;
  tracking_number?: string | undefined;
  notify?: boolean | undefined;
}

/** A store that says nothing takes nothing more than the contract's `fulfilled`. */
export const plainFulfilment: FulfilmentOffer = { shipment: false, notify: false };

/** The offer a store's `X-Order-Fulfilment` makes: a list of words, any case, unknown ones ignored. */
export function readFulfilmentOffer(header: string | null | undefined): FulfilmentOffer {
  const words = new Set(
    (header ?? "")
      .toLowerCase()
      .split(",")
      .map((word) => word.trim()),
  );
  return { shipment: words.has("shipment"), notify: words.has("notify") };
}

/**
 * The Fulfil dialog's sentence about the customer's e-mail where the store offers the choice (`notify`):
 * ticked, what the dialog always said (the store may e-mail: an order placed without notifications gets
 * none either way); unticked, that it will not.
 */
export function fulfilNotifyText({ email, notify }: { email?: string; notify: boolean }): string {
  if (notify) return fulfilMailText({ count: 1, email });
  return `Your store will not e-mail ${email ? `the customer (${email})` : "the customer"} about it.`;
}

/**
 * The store's form fields for a fulfilment: `fulfilled=true`, and only what was entered (trimmed), so that a
 * fulfilment without a shipment is the contract's plain one (plus `notify` where the person chose).
 */
export function fulfilFields(input: FulfilShipment = {}): Record<string, string | boolean> {
  const fields: Record<string, string | boolean> = { fulfilled: true };
  for (const name of ["carrier", "service", "tracking_number"] as const) {
    const value = input[name]?.trim();
    if (value) fields[name] = value;
  }
  if (input.notify !== undefined) fields.notify = input.notify;
  return fields;
}
