import type { Queryable } from "../db/index.js";
import type { OrderAddress } from "../db/schema/orders.js";
import type { Mailer } from "../mail/mailer.js";
import { formatMoney } from "../money/money.js";
import { escapeHtml } from "../text/escape-html.js";
import type { OrderDetail, ShipmentRow } from "./orders.js";

/**
 * The orders' e-mails (docs/contract.md#orders): the confirmation when an
 * order is made, to the billing address's e-mail; the "on its way" notice
 * when it is fulfilled, to the billing e-mail and the shipping one when it
 * differs (the person waiting for the parcel; it shows no prices), naming the
 * carrier, service and tracking number when the fulfilment recorded a shipment
 * (an extension; `notify=false` sends none: docs/contract.md#extensions). Queued in
 * the request's transaction (src/mail/mailer.ts), so a refused request sends
 * nothing, and delivered once it has committed. An order made with
 * `send_notifications=false` gets none.
 */

export interface OrderMailSettings {
  mailer: Mailer;
  storeName: string;
}

const addressLines = (a: OrderAddress) =>
  [
    `${a.first_name} ${a.last_name}`.trim(),
    a.street1,
    a.street2,
    [a.postal_code, a.city, a.state].filter(Boolean).join(" "),
    a.country,
  ].filter(Boolean);

function render(paragraphs: string[][]) {
  return {
    text: `${paragraphs.map((p) => p.join("\n")).join("\n\n")}\n`,
    html: paragraphs.map((p) => `<p>${p.map(escapeHtml).join("<br>")}</p>`).join(""),
  };
}

/** The order confirmation; nothing when the order's notifications are off. */
export async function sendOrderConfirmation(q: Queryable, { order, lines }: OrderDetail, s: OrderMailSettings) {
  if (!order.sendNotifications) return;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const totals = [
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discountAmount > 0 || order.discount
      ? [`Discount${order.discount ? ` (${order.discount})` : ""}: −${money(order.discountAmount)}`]
      : []),
    `Shipping: ${money(order.shipping)}`,
    `Tax: ${money(order.tax)}`,
    `Total: ${money(order.total)}`,
  ];
  const body = render([
    [`Thank you for your order at ${s.storeName}.`, `Order number: ${order.number}`],
    lines.map((l) => `${l.quantity} × ${l.name}: ${money(l.total)}`),
    totals,
    ["Shipping to:", ...addressLines(order.shippingAddress)],
  ]);
  await s.mailer.enqueue(q, {
    to: order.billingAddress.email,
    subject: `Your order ${order.number} at ${s.storeName}`,
    ...body,
  });
}

/** The notice that the order is on its way; nothing when the order's notifications are off. */
export async function sendShippedNotice(
  q: Queryable,
  { order, lines }: OrderDetail,
  s: OrderMailSettings,
  shipment: ShipmentRow | null = null,
) {
  if (!order.sendNotifications) return;
  const tracking = shipment
    ? [
        shipment.carrier && `Carrier: ${shipment.carrier}`,
        shipment.service && `Service: ${shipment.service}`,
        shipment.trackingNumber && `Tracking number: ${shipment.trackingNumber}`,
      ].filter((line) => line !== "")
    : [];
  const body = render([
    [`Your order ${order.number} at ${s.storeName} is on its way.`],
    ...(tracking.length ? [tracking] : []),
    lines.map((l) => `${l.quantity} × ${l.name}`),
    ["Shipping to:", ...addressLines(order.shippingAddress)],
  ]);
  const to = [order.billingAddress.email, order.shippingAddress.email].filter(
    (email, i, all) => email && all.findIndex((e) => e.toLowerCase() === email.toLowerCase()) === i,
  );
  for (const address of to) {
    await s.mailer.enqueue(q, { to: address, subject: `Your order ${order.number} is on its way`, ...body });
  }
}
