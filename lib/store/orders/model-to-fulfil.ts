import { canFulfil, isPaid, type OrderCounts, type OrderSummary } from "./model";

/**
 * "To fulfil": the orders that are paid, not fulfilled and not cancelled, the
 * work waiting for the staff (issue 39). The Unfulfilled tab holds unpaid ones
 * too (pending, failed), which the fulfils hold back; this figure leaves them
 * out. How it is read, and its bound: docs/design.md#to-fulfil.
 */

/** Whether an order is waiting to be fulfilled: paid, and "Fulfil" makes sense (not fulfilled, not cancelled). */
export function isToFulfil(order: Pick<OrderSummary, "paymentState" | "fulfilled" | "cancelled">): boolean {
  return isPaid(order) && canFulfil(order);
}

/** The figure as read: `complete` false when the bound stopped the reading (there may be more). */
export interface ToFulfil {
  count: number;
  complete: boolean;
}

/** At most this many unfulfilled orders are read for the figure (pages of `toFulfilPageSize`). */
export const toFulfilPageSize = 100;
export const toFulfilMaxPages = 10;

/** How often the figure is read again while the tab counts have not moved. */
export const toFulfilRefreshMs = 60_000;

/** Counts the orders to fulfil among those read. */
export function countToFulfilIn(orders: readonly Pick<OrderSummary, "paymentState" | "fulfilled" | "cancelled">[]) {
  return orders.filter(isToFulfil).length;
}

/** "40", "1,000+" (the bound was reached). */
export function toFulfilFigure({ count, complete }: ToFulfil): string {
  return `${count.toLocaleString("en")}${complete ? "" : "+"}`;
}

/** "1 order to fulfil", "40 orders to fulfil", "1,000+ orders to fulfil". */
export function toFulfilText(figure: ToFulfil): string {
  return `${toFulfilFigure(figure)} ${figure.count === 1 && figure.complete ? "order" : "orders"} to fulfil`;
}

/**
 * What the figure is read again on: the tabs' counts, which the dashboard polls anyway. A new order,
 * a fulfilment, a cancellation or a payment that changes state moves one of them, and with it this key;
 * "" without counts (the figure is then read every `toFulfilRefreshMs` only).
 */
export function toFulfilKey(counts: OrderCounts | null | undefined): string {
  if (!counts) return "";
  return [counts.all, counts.unfulfilled, counts.fulfilled, counts.paid, counts.pending, counts.failed]
    .map((n) => (n === null ? "-" : String(n)))
    .join(",");
}
