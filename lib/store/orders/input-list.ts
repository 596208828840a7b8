import { queryWords } from "../../search-words";
import { defaultOrderPageSize, isOrderView, type OrderView, orderPageSizes } from "./model";

/**
 * The orders list's state lives in the URL (shareable, reloadable; Back
 * works): `?view=unfulfilled&page=2&count=50&since=2026-11-01`. Pure: the
 * page (server), the list (client) and the route handlers all use it.
 *
 * `since` is a calendar day in the person's own time zone, which only the
 * browser knows: the browser turns it into the store's `created_since`
 * (exclusive UNIX seconds, docs/contract.md#orders) with `createdSinceOf`, and
 * sends that number to GET /api/orders.
 */

export interface OrderListParams {
  view: OrderView;
  /** Zero-based, as the store's `page`. */
  page: number;
  count: number;
  /** YYYY-MM-DD, or "" for every date. */
  since: string;
  /** A customer's name or e-mail to search for; "" or absent: none (lib/store/orders/api.ts, searchOrders). */
  q?: string;
}

/** The longest customer search the list sends (the bundled store takes up to 100 characters). */
export const MAX_ORDER_SEARCH = 100;

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function dayParts(day: string): [number, number, number] | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  // A day of the calendar (no 30 February): checked in UTC, the same in every zone.
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? [y, m, d] : null;
}

/** Whether `text` is a calendar day written YYYY-MM-DD (what a date input sends). */
export function isDay(text: string): boolean {
  return dayParts(text) !== null;
}

/** What the URL asks for; anything odd falls back to the first page of every order. */
export function readListParams(search: SearchParams): OrderListParams {
  const view = first(search.view);
  const page = Number(first(search.page));
  const count = Number(first(search.count));
  const since = first(search.since).trim();
  const q = first(search.q).trim().slice(0, MAX_ORDER_SEARCH);
  return {
    view: isOrderView(view) ? view : "all",
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
    count: (orderPageSizes as readonly number[]).includes(count) ? count : defaultOrderPageSize,
    since: isDay(since) ? since : "",
    // Only a search with a word in it: "@@" searches nothing, so it is no search.
    q: queryWords(q).length ? q : "",
  };
}

/** The list's URL for these params, leaving defaults out: `/orders?view=paid&page=1`. */
export function listHref({ view, page, count, since, q }: OrderListParams): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (view !== "all") query.set("view", view);
  if (page > 0) query.set("page", String(page));
  if (count !== defaultOrderPageSize) query.set("count", String(count));
  if (since) query.set("since", since);
  const text = query.toString();
  return text ? `/orders?${text}` : "/orders";
}

/**
 * The store's `created_since` for a day: orders created after it, so the
 * second before the day starts (an order at 00:00:00 is "since" that day).
 * `dayStart` is the day's first second in the zone that matters (the
 * browser's own: `localDayStart`).
 */
export function createdSinceOf(since: string, dayStart: (day: string) => number | null = localDayStart): number | null {
  if (!since) return null;
  const start = dayStart(since);
  return start === null ? null : start - 1;
}

/** The first second of a day in the browser's (or the process's) time zone, in UNIX seconds. */
export function localDayStart(day: string): number | null {
  const parts = dayParts(day);
  if (!parts) return null;
  const date = new Date(2000, 0, 1);
  date.setFullYear(parts[0], parts[1] - 1, parts[2]);
  date.setHours(0, 0, 0, 0);
  return Math.floor(date.getTime() / 1000);
}

/** Today, YYYY-MM-DD, in the browser's time zone (the export's file name, the date input's max). */
export function localToday(now = new Date()): string {
  return `${String(now.getFullYear()).padStart(4, "0")}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

export interface OrderListRequestParams {
  view: OrderView;
  page: number;
  count: number;
  /** The store's created_since (exclusive UNIX seconds), or null. */
  createdSince: number | null;
  /** A customer search; "" or absent: none. */
  q?: string;
}

function apiQuery({ view, page, count, createdSince, q }: OrderListRequestParams): URLSearchParams {
  const query = new URLSearchParams({ view, page: String(page), count: String(count) });
  if (createdSince !== null) query.set("created_since", String(createdSince));
  if (q) query.set("q", q);
  return query;
}

/** The dashboard's GET /api/orders for one page of a tab. */
export function listApiPath(request: OrderListRequestParams): string {
  return `/api/orders?${apiQuery(request).toString()}`;
}

/** The dashboard's GET /api/orders/export for a whole tab (every page). */
export function exportApiPath({
  view,
  createdSince,
  q,
}: Pick<OrderListRequestParams, "view" | "createdSince" | "q">): string {
  const query = new URLSearchParams({ view });
  if (createdSince !== null) query.set("created_since", String(createdSince));
  if (q) query.set("q", q);
  return `/api/orders/export?${query.toString()}`;
}

/** What a route handler was asked for (GET /api/orders, /api/orders/export); odd values fall back. */
export function readApiParams(search: URLSearchParams): OrderListRequestParams {
  const { view, page, count, q } = readListParams(Object.fromEntries(search));
  const text = search.get("created_since")?.trim() ?? "";
  const since = Number(text);
  const createdSince = /^\d+$/.test(text) && Number.isSafeInteger(since) ? since : null;
  return { view, page, count, createdSince, q };
}
