import { formatMoney } from "../../money";
import type { Product, ProductExtra, ProductOption } from "../products/model";

/**
 * Orders in the dashboard's own terms: views, states, words and the small
 * rules the pages show (who may be cancelled, what a line costs). Safe
 * anywhere and free of zod, because client components import it; the raw
 * API shape is read in ./schema.ts (docs/contract.md#orders).
 *
 * Money is integer minor units of the order's `currency` (lib/money.ts
 * formats it); times are UNIX seconds, as the store sends them.
 */

/** The store's lists by state (`/orders/{state}`: docs/contract.md#orders). */
export const orderStates = ["unfulfilled", "fulfilled", "paid", "pending", "failed"] as const;
export type OrderState = (typeof orderStates)[number];

/** A tab of the orders list: every order, or one state's list. */
export const orderViews = ["all", ...orderStates] as const;
export type OrderView = (typeof orderViews)[number];

export const orderViewLabels: Record<OrderView, string> = {
  all: "All",
  unfulfilled: "Unfulfilled",
  fulfilled: "Fulfilled",
  paid: "Paid",
  pending: "Pending",
  failed: "Failed",
};

export function isOrderView(value: unknown): value is OrderView {
  return typeof value === "string" && (orderViews as readonly string[]).includes(value);
}

/** The store's payment states (`payment_state`: docs/contract.md#orders). */
export const paymentStates = ["paid", "pending", "failed"] as const;
export type PaymentState = (typeof paymentStates)[number];

/** "Paid" for a known state; another a store sends, as it wrote it. */
export function paymentStateLabel(state: string): string {
  if ((paymentStates as readonly string[]).includes(state)) return state[0]!.toUpperCase() + state.slice(1);
  return state.trim() || "Unknown";
}

/** The four gateways of the bundled store (docs/contract.md#orders); others are shown as sent. */
const gatewayLabels: Record<string, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  square: "Square",
  authorize_net: "Authorize.Net",
};

/** A gateway for a person; null (an API order: docs/contract.md#orders) reads as "API order". */
export function paymentGatewayLabel(gateway: string | null): string {
  if (gateway === null) return "API order";
  return gatewayLabels[gateway] ?? gateway;
}

/** The spec's Address (billing_address, shipping_address); missing parts are "". */
export interface Address {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postalCode: string;
  /** A country code, as the store sent it. */
  country: string;
  email: string;
  phone: string;
}

/** "Ada Lovelace", else the e-mail, else "". */
export function personName(address: Address | null): string {
  if (!address) return "";
  return [address.firstName, address.lastName].filter(Boolean).join(" ").trim() || address.email;
}

export interface OrderCoupon {
  id: string | null;
  name: string;
  type: string;
  /** The code the order used. */
  code: string;
}

export interface OrderLine {
  name: string;
  currency: string;
  /** The base unit price, without extras (docs/contract.md#orders). */
  price: number;
  quantity: number;
  /** quantity × price. */
  subtotal: number;
  /** The full product as the store sent it; null when it did not. */
  product: Product | null;
  option: ProductOption | null;
  extras: ProductExtra[];
}

/** What one line costs with its extras: (price + extras' surcharges) × quantity. */
export function lineTotal(line: Pick<OrderLine, "price" | "quantity" | "extras">): number {
  const extras = line.extras.reduce((sum, extra) => sum + extra.surcharge, 0);
  return (line.price + extras) * line.quantity;
}

/** "Size: M · Colour: Blue", or "" for a product's default option. */
export function optionLabel(option: Pick<ProductOption, "metadata" | "isDefault"> | null): string {
  if (!option || option.isDefault) return "";
  return Object.entries(option.metadata)
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
}

/** An extra in words: "Gift wrap: Yes", or its one name ("Engraving"); "" when it has no metadata. */
export function extraLabel(extra: Pick<ProductExtra, "metadata">): string {
  return Object.entries(extra.metadata)
    .map(([name, value]) => (!value.trim() || value.trim() === name.trim() ? name : `${name}: ${value}`))
    .join(" · ");
}

export interface Shipment {
  /** UNIX seconds. */
  labelCreated: number | null;
  /** YYYY-MM-DD. */
  shipDate: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  /** Minor units of the order's currency. */
  shippingCost: number | null;
}

/** What the lists and the home page show of an order: no lines, no products. */
export interface OrderSummary {
  number: number;
  customId: string;
  /** UNIX seconds. */
  created: number | null;
  currency: string;
  customer: string;
  email: string;
  /** The ship-to country code, else the billing one. */
  country: string;
  total: number;
  paymentState: string;
  /** null: an API order, where the store says so (`paymentGatewayKnown`). */
  paymentGateway: string | null;
  /** Whether the store sent `payment_gateway` at all (null counts). */
  paymentGatewayKnown: boolean;
  fulfilled: boolean;
  /** null: the store does not send `cancelled` (an extension: docs/contract.md#orders). */
  cancelled: boolean | null;
  /** Items ordered (the lines' quantities). */
  itemCount: number;
  url: string | null;
}

/** One order with everything its page shows. */
export interface Order extends OrderSummary {
  billing: Address | null;
  shipping: Address | null;
  coupon: OrderCoupon | null;
  /** The store's description of the discount ("15% off"); "" when none. */
  discount: string;
  lines: OrderLine[];
  shipments: Shipment[];
  subtotal: number;
  shippingCharge: number;
  tax: number;
}

/** A page of an orders list; `total` only when the store sent X-Total-Count. */
export interface OrderPage {
  items: OrderSummary[];
  view: OrderView;
  page: number;
  count: number;
  total: number | null;
  /** How a customer search (`q`) was made; absent on a plain list. */
  search?: OrderSearchSpan;
}

/**
 * How the orders were searched by customer: by the store (its search extension, docs/contract.md#extensions),
 * or by the dashboard over the store's newest orders (`searched` of them, back to `oldest`, UNIX seconds;
 * `complete` when that was every order of the tab).
 */
export type OrderSearchSpan =
  { by: "store" } | { by: "dashboard"; searched: number; complete: boolean; oldest: number | null };

/** Orders per tab; null where the store would not say (no view_stats, or an error). */
export type OrderCounts = Record<OrderView, number | null>;

/** Fulfilment as a person reads it. */
export function fulfilmentLabel(order: Pick<OrderSummary, "fulfilled" | "cancelled">): string {
  if (order.cancelled) return "Cancelled";
  return order.fulfilled ? "Fulfilled" : "Unfulfilled";
}

/** The tones of a status badge (components/ui/badge.tsx takes the same names). */
export type StatusTone = "neutral" | "info" | "success" | "warning" | "danger";

export interface StatusBadge {
  label: string;
  tone: StatusTone;
  /** What it tells: the cancellation, the payment (where its gateway goes beside it), the fulfilment. */
  about: "cancelled" | "payment" | "fulfilment";
}

const paymentTones: Record<string, StatusTone> = { paid: "success", pending: "warning", failed: "danger" };

/** A cancelled order's payment, in the past: "Was paid", "Payment was pending", "Payment failed". */
function paymentBeforeCancelling(state: string): string {
  if (state === "paid") return "Was paid";
  if (state === "pending") return "Payment was pending";
  if (state === "failed") return "Payment failed";
  return `Payment: ${paymentStateLabel(state).toLowerCase()}`;
}

/**
 * An order's state as badges, the same wherever an order shows (the lists,
 * the order's page, Home): its payment, then its fulfilment. A cancelled
 * order reads "Cancelled" first, never a plain "Paid": a paid one is told by
 * `refundNote` beside it (money to give back), another's payment in the past
 * ("Payment was pending"), and a fulfilment it had before ("Was fulfilled").
 */
export function orderStatusBadges(
  order: Pick<OrderSummary, "paymentState" | "fulfilled" | "cancelled">,
): [StatusBadge, ...StatusBadge[]] {
  if (order.cancelled === true) {
    const badges: [StatusBadge, ...StatusBadge[]] = [{ label: "Cancelled", tone: "danger", about: "cancelled" }];
    if (!isPaid(order)) {
      badges.push({ label: paymentBeforeCancelling(order.paymentState), tone: "neutral", about: "payment" });
    }
    if (order.fulfilled) badges.push({ label: "Was fulfilled", tone: "neutral", about: "fulfilment" });
    return badges;
  }
  return [
    {
      label: paymentStateLabel(order.paymentState),
      tone: paymentTones[order.paymentState] ?? "neutral",
      about: "payment",
    },
    order.fulfilled
      ? { label: "Fulfilled", tone: "success", about: "fulfilment" }
      : { label: "Unfulfilled", tone: "warning", about: "fulfilment" },
  ];
}

/**
 * What staff must still do for a cancelled order that was paid: cancelling
 * puts the stock back and gives no money back (docs/contract.md#orders says
 * nothing of a refund), and the order stays under Paid with its total. "was paid: refund it through Stripe", shown after
 * "Cancelled"; null for any other order. An API order (gateway null) and a
 * store that does not say name no gateway.
 */
export function refundNote(
  order: Pick<OrderSummary, "paymentState" | "cancelled" | "paymentGateway" | "paymentGatewayKnown">,
): string | null {
  if (order.cancelled !== true || !isPaid(order)) return null;
  if (!order.paymentGatewayKnown) return "was paid: refund it where the payment was taken";
  if (order.paymentGateway === null) return "was paid through the API: refund it where the payment was taken";
  return `was paid: refund it through ${paymentGatewayLabel(order.paymentGateway)}`;
}

/** Whether the store says the order is paid (`payment_state` `paid`); pending, failed and others are not. */
export function isPaid(order: Pick<OrderSummary, "paymentState">): boolean {
  return order.paymentState === "paid";
}

/** Whether "Fulfil" makes sense: not fulfilled and not known to be cancelled. */
export function canFulfil(order: Pick<OrderSummary, "fulfilled" | "cancelled">): boolean {
  return !order.fulfilled && order.cancelled !== true;
}

export type CancelAvailability = { allowed: true } | { allowed: false; reason: string };

/**
 * Which orders may be cancelled (the Store Management API specification: "API
 * orders only"). Two extensions tell (docs/contract.md#orders): `cancelled` on
 * GET, and API orders having `payment_gateway` null. Where the store sends
 * them, only API orders that are not cancelled may be; where it does not,
 * cancel is offered and the store's refusal is shown.
 */
export function cancelAvailability(
  order: Pick<OrderSummary, "cancelled" | "paymentGateway" | "paymentGatewayKnown">,
): CancelAvailability {
  if (order.cancelled === true) return { allowed: false, reason: "This order is already cancelled." };
  if (order.cancelled === null || !order.paymentGatewayKnown) return { allowed: true };
  if (order.paymentGateway !== null) {
    return {
      allowed: false,
      reason: `Only orders created through the API can be cancelled here; this one was paid through ${paymentGatewayLabel(order.paymentGateway)}. Refund and cancel it there.`,
    };
  }
  return { allowed: true };
}

/** How long a fulfilment's toast offers its undo (sonner pauses it while hovered or focused). */
export const undoFulfilMs = 10_000;

/**
 * What fulfilling tells the customer, for the confirmation. The Store
 * Management API specification says nothing of e-mail; the bundled store
 * e-mails "Your order … is on its way" when an order becomes fulfilled,
 * unless the order was made with send_notifications=false, which a GET does
 * not tell (docs/contract.md#orders). So the dashboard says "may": true of
 * the bundled store and of any other, and never a promise that a store
 * without such mail would break. Undoing takes the order back, not the
 * e-mail, and the sentence says so.
 */
export function fulfilMailText({ count, email }: { count: number; email?: string }): string {
  if (count === 1) {
    const who = email ? `the customer (${email})` : "the customer";
    return `Your store may e-mail ${who} that the order is on its way. Undoing the fulfilment does not take that e-mail back.`;
  }
  return "Your store may e-mail each customer that their order is on its way. Undoing the fulfilment does not take those e-mails back.";
}

/**
 * Why an order is held back from a bulk fulfil: it is not paid ("Payment
 * pending", "Payment failed"); null for a paid one. Shipping what was not
 * paid for is rarely meant, so the list holds such orders back unless the
 * person includes them on purpose.
 */
export function unpaidReason(order: Pick<OrderSummary, "paymentState">): string | null {
  if (isPaid(order)) return null;
  if (order.paymentState === "pending") return "Payment pending";
  if (order.paymentState === "failed") return "Payment failed";
  return `Not paid (payment: ${paymentStateLabel(order.paymentState).toLowerCase()})`;
}

const dayFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/**
 * "Nov 1, 2026" for a YYYY-MM-DD day (the list's date filter, a shipment's
 * ship date); anything else as written. The day is read and written in UTC,
 * so the server and the browser write the same words whatever their zones.
 */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** "#1042" */
export function orderLabel(order: Pick<OrderSummary, "number">): string {
  return `#${order.number}`;
}

export function money(order: Pick<OrderSummary, "currency">, minor: number): string {
  return formatMoney(minor, order.currency);
}

/**
 * The amount a coupon took off, in minor units: the contract gives the discount only as words ("15%
 * off"), so it is what the order's parts add up to beyond its total. Null when they add up to the total
 * or less (no discount, or a store whose figures do not add up: the words alone are shown then).
 */
export function discountAmount(order: Pick<Order, "subtotal" | "shippingCharge" | "tax" | "total">): number | null {
  const off = order.subtotal + order.shippingCharge + order.tax - order.total;
  return off > 0 ? off : null;
}

/**
 * The largest page size the list offers (the Store Management API specification states no
 * bound; the bundled store's is 250: docs/contract.md#orders).
 */
export const orderPageSizes = [20, 50, 100] as const;
export const defaultOrderPageSize = 20;

/** The number of the order a person typed ("#1042", "1042"); null when it is not one. */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*#?\s*(\d{1,15})\s*$/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
