import type { OrderCounts } from "../../../lib/store/orders/model";

/**
 * The rules of the orders' live updates, pure so that they are tested apart
 * from React Query and the browser (live-logic.test.ts). One poll serves
 * the whole dashboard (use-orders-live.ts): the sidebar's badge and the
 * orders list's "N new orders" pill read the same query.
 *
 * - **What is polled.** Every tab's count (GET /api/orders/counts), which
 *   needs view_stats. Without it (the permission is known to be missing, or
 *   the store refused the counts) the first page of every order is polled
 *   instead (GET /api/orders, 20 newest), and new orders are told by their
 *   numbers.
 * - **Who polls.** Only someone who may manage orders (or whose permissions
 *   are unknown: then the store decides). Nobody else sees orders.
 * - **When.** Every `pollIntervalMs`, and never while the tab is hidden
 *   (React Query's refetchInterval stops in the background), so that a new
 *   order shows within 10 seconds of being placed.
 */

export const pollIntervalMs = 6_000;

/** The newest orders' numbers, as the fallback poll read them (page 0 of every order). */
export interface NewestOrders {
  numbers: number[];
}

/** What the dashboard last knew of the orders: a count of all, or the newest numbers. */
export interface LiveMark {
  /** Every order's count; null when the store would not say. */
  all: number | null;
  /** The newest orders' numbers (page 0), when the counts are not available. */
  newest: number[] | null;
}

export type LiveMode = "off" | "counts" | "newest";

/**
 * What to poll. `countsRefused`: the counts already came back refused (or
 * with no count of all orders), so the poll falls back to the newest orders.
 */
export function liveMode(permissions: readonly string[] | null, countsRefused: boolean): LiveMode {
  if (permissions !== null && !permissions.includes("manage_orders")) return "off";
  if (permissions !== null && !permissions.includes("view_stats")) return "newest";
  return countsRefused ? "newest" : "counts";
}

/** Whether a counts answer leaves the poll without a count of all orders. */
export function countsUnusable(answer: { counts: OrderCounts; refused: boolean } | undefined): boolean {
  return answer !== undefined && (answer.refused || answer.counts.all === null);
}

/** The mark to remember from what the poll read. */
export function liveMark(counts: OrderCounts | null | undefined, newest: NewestOrders | null | undefined): LiveMark {
  return { all: counts?.all ?? null, newest: newest ? newest.numbers : null };
}

/**
 * How many orders came since `baseline`: the growth of the count of all
 * orders when both marks have one, else the newest numbers above the
 * highest the baseline saw (at most a page's worth: `capped` then says
 * there may be more). Never negative; 0 without a baseline.
 */
export function newOrdersSince(baseline: LiveMark | null, current: LiveMark): { count: number; capped: boolean } {
  if (!baseline) return { count: 0, capped: false };
  if (baseline.all !== null && current.all !== null) {
    return { count: Math.max(0, current.all - baseline.all), capped: false };
  }
  if (baseline.newest && current.newest) {
    const highest = baseline.newest.length ? Math.max(...baseline.newest) : 0;
    const count = current.newest.filter((n) => n > highest).length;
    return { count, capped: count > 0 && count === current.newest.length };
  }
  return { count: 0, capped: false };
}

/** "1 new order", "3 new orders", "20+ new orders". */
export function newOrdersText({ count, capped }: { count: number; capped: boolean }): string {
  return `${count}${capped ? "+" : ""} new ${count === 1 && !capped ? "order" : "orders"}`;
}

/** The sidebar badge's figure: "7", "99+"; null for nothing to show (0 or unknown). */
export function badgeText(count: number | null | undefined): string | null {
  if (count === null || count === undefined || count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}
