import { formatMoney } from "../../money";
import type { OrderSummary } from "./model";

/**
 * The home page's sales figures: orders and revenue per calendar day over a
 * period, from the orders the store listed (`GET /orders?created_since=…`,
 * docs/contract.md#orders). Pure, so that the arithmetic is unit-tested apart
 * from the store and the page (lib/store/orders/model-stats.test.ts).
 *
 * The rules, which the chart's caption repeats to the reader:
 * - **One time zone.** A day is a calendar day in one named IANA zone. The
 *   server cannot know the person's zone, and the contract names no store
 *   zone, so the home page uses UTC (`statsTimeZone`) and says so on the
 *   chart; every function here takes the zone, so a configurable store zone
 *   is a one-line change at the caller.
 * - **Every day is there.** Days without orders are zeros, not gaps.
 * - **One set of orders** makes every figure (docs/design.md#home): the orders
 *   that stand, i.e. not cancelled and without a failed payment (money that
 *   never came or went back; a paid order that is cancelled is to be refunded).
 *   Pending payments count: the order stands and the money is on its way.
 *   **Orders** counts them, **revenue** adds up their totals, and the
 *   **average** is revenue ÷ orders, so the three always agree.
 * - **One currency.** Money is never added across currencies. A store has one
 *   in practice (docs/contract.md#money); if several appear, the chart shows
 *   the most common one and `otherCurrencies` says which orders were left out
 *   of the figures (of orders and of revenue alike).
 */

/** The zone of the home page's days (see above). */
export const statsTimeZone = "UTC";
/** The period the home page charts, in days, today included. */
export const statsPeriodDays = 30;

/** What the aggregation reads of an order. */
export type ActivityOrder = Pick<OrderSummary, "created" | "currency" | "total" | "paymentState" | "cancelled">;

export interface DayActivity {
  /** The calendar day in the period's zone, `YYYY-MM-DD`. */
  date: string;
  /** The orders of that day that count (see the rules at the top). */
  orders: number;
  /** Minor units of `OrderActivity.currency`: the day's counted totals. */
  revenue: number;
}

export interface OrderActivity {
  timeZone: string;
  /** Oldest first; the last one is today. */
  days: DayActivity[];
  /** The charted currency; null when the period has no orders at all. */
  currency: string | null;
  totals: {
    /** The orders that count: the ones whose totals make up `revenue`. */
    orders: number;
    /** Minor units of `currency`. */
    revenue: number;
    /** revenue ÷ orders, rounded to the minor unit; null without such orders. */
    averageOrder: number | null;
  };
  /** Orders of the period left out of every figure: not cancelled, not failed, but in another currency. */
  otherCurrencies: { currency: string; orders: number }[];
  /** Orders of the period left out of every figure by rule. */
  excluded: { cancelled: number; failed: number };
  /** How many orders were placed in the period, whatever became of them (the ones read). */
  basedOn: number;
  /** False when the reading stopped at its cap: the oldest days may miss orders. */
  complete: boolean;
}

/* ---------- days in a time zone ---------- */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD; the parts are read one by one anyway.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(unixSeconds: number, timeZone: string) {
  const parts = Object.fromEntries(
    dayFormatter(timeZone)
      .formatToParts(new Date(unixSeconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar day of a moment (UNIX seconds) in `timeZone`: `YYYY-MM-DD`. */
export function dayKey(unixSeconds: number, timeZone: string = statsTimeZone): string {
  const { year, month, day } = wallClock(unixSeconds, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` moved by `delta` calendar days (calendar arithmetic: no zone, no DST). */
export function addDays(date: string, delta: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + delta));
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at a moment, in seconds. */
function zoneOffset(unixSeconds: number, timeZone: string): number {
  const w = wallClock(unixSeconds, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000;
  return asUtc - Math.floor(unixSeconds);
}

/** The moment (UNIX seconds) a calendar day starts in `timeZone`, DST included. */
export function startOfDay(date: string, timeZone: string = statsTimeZone): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(y, m - 1, d) / 1000;
  let guess = midnightAsUtc - zoneOffset(midnightAsUtc, timeZone);
  // The offset at the guess may differ (a DST change that night): one correction settles it.
  const corrected = midnightAsUtc - zoneOffset(guess, timeZone);
  if (corrected !== guess) guess = corrected;
  return guess;
}

/** The days of the period ending today (`now`, UNIX seconds), oldest first. */
export function periodDays(now: number, days: number = statsPeriodDays, timeZone: string = statsTimeZone): string[] {
  const today = dayKey(now, timeZone);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/**
 * The `created_since` of the period: the store lists orders created *after*
 * it (docs/contract.md#orders), so one second before the first day starts.
 */
export function periodCreatedSince(
  now: number,
  days: number = statsPeriodDays,
  timeZone: string = statsTimeZone,
): number {
  return startOfDay(periodDays(now, days, timeZone)[0]!, timeZone) - 1;
}

/* ---------- the aggregation ---------- */

/** Whether an order counts in the figures, as an order and with its total (see the rules at the top). */
export function countsTowardsRevenue(order: Pick<ActivityOrder, "cancelled" | "paymentState">): boolean {
  return order.cancelled !== true && order.paymentState !== "failed";
}

export interface SummariseOptions {
  /** UNIX seconds: today is the day this falls on. */
  now: number;
  days?: number;
  timeZone?: string;
  /** Whether every order of the period was read (false when the paging hit its cap). */
  complete?: boolean;
}

/** Orders per day and revenue per day over the period ending today. */
export function summariseActivity(
  orders: readonly ActivityOrder[],
  { now, days = statsPeriodDays, timeZone = statsTimeZone, complete = true }: SummariseOptions,
): OrderActivity {
  const keys = periodDays(now, days, timeZone);
  const index = new Map(keys.map((key, i) => [key, i]));
  const inPeriod: { order: ActivityOrder; day: number }[] = [];
  for (const order of orders) {
    if (order.created === null) continue;
    const day = index.get(dayKey(order.created, timeZone));
    if (day !== undefined) inPeriod.push({ order, day });
  }

  // The charted currency: the one most orders that count towards revenue are in (ties: the larger sum, then A–Z).
  const byCurrency = new Map<string, { orders: number; revenue: number }>();
  const excluded = { cancelled: 0, failed: 0 };
  for (const { order } of inPeriod) {
    if (!countsTowardsRevenue(order)) {
      if (order.cancelled === true) excluded.cancelled++;
      else excluded.failed++;
      continue;
    }
    const entry = byCurrency.get(order.currency) ?? { orders: 0, revenue: 0 };
    entry.orders++;
    entry.revenue += order.total;
    byCurrency.set(order.currency, entry);
  }
  const ranked = [...byCurrency.entries()].sort(
    ([a, x], [b, y]) => y.orders - x.orders || y.revenue - x.revenue || a.localeCompare(b),
  );
  // With nothing towards revenue (every order cancelled or failed), the period's orders still say
  // which currency the store sells in: its revenue is then zero in it, not unknown.
  const currency = ranked[0]?.[0] ?? inPeriod[0]?.order.currency ?? null;

  const perDay: DayActivity[] = keys.map((date) => ({ date, orders: 0, revenue: 0 }));
  let revenue = 0;
  let revenueOrders = 0;
  for (const { order, day } of inPeriod) {
    if (countsTowardsRevenue(order) && order.currency === currency) {
      const bucket = perDay[day]!;
      bucket.orders++;
      bucket.revenue += order.total;
      revenue += order.total;
      revenueOrders++;
    }
  }

  return {
    timeZone,
    days: perDay,
    currency,
    totals: {
      orders: revenueOrders,
      revenue,
      averageOrder: revenueOrders > 0 ? Math.round(revenue / revenueOrders) : null,
    },
    otherCurrencies: ranked.slice(1).map(([code, entry]) => ({ currency: code, orders: entry.orders })),
    excluded,
    basedOn: inPeriod.length,
    complete,
  };
}

/* ---------- helpers for the chart ---------- */

/**
 * A round top for an axis that holds `max`: 1, 2 or 5 times a power of ten
 * (0 → 1, 7 → 10, 23 → 50, 1234 → 2000), so that its half is a round
 * figure too.
 */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** The busiest day by orders (the latest of equals); null when the period has none. */
export function busiestDay(activity: Pick<OrderActivity, "days">): DayActivity | null {
  let best: DayActivity | null = null;
  for (const day of activity.days) if (day.orders > 0 && (!best || day.orders >= best.orders)) best = day;
  return best;
}

/** "Mar 3" for a `YYYY-MM-DD` (the date as written, whatever the zone). */
export function shortDate(date: string, locale = "en"): string {
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "Monday, March 3" for a `YYYY-MM-DD`. */
export function longDate(date: string, locale = "en"): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "5 minutes ago", "yesterday": one way to say it, by the calendar (lib/relative-time.ts). */
export { relativeTime } from "../../relative-time";

const countFormat = new Intl.NumberFormat("en");

/** "1 order", "1,204 orders". */
export function ordersCount(n: number): string {
  return `${countFormat.format(n)} ${n === 1 ? "order" : "orders"}`;
}

/** A day's or a period's revenue in words; "no revenue" when no currency counts. */
function revenueWords(activity: Pick<OrderActivity, "currency">, minor: number): string {
  return activity.currency ? formatMoney(minor, activity.currency) : "no revenue";
}

/**
 * What the chart shows, in sentences, for screen readers (the chart's
 * accessible name): the period and its zone, the totals, the busiest day and
 * today's figures. The table below the chart has every day.
 */
export function describeActivity(activity: OrderActivity): string {
  const first = activity.days[0];
  const today = activity.days.at(-1);
  if (!first || !today) return "No days to chart.";
  const period = `Revenue and orders per day from ${shortDate(first.date)} to ${shortDate(today.date)}, days in ${activity.timeZone}.`;
  const revenue = activity.currency
    ? `${formatMoney(activity.totals.revenue, activity.currency)} in revenue`
    : "no revenue";
  const totals = `In total ${ordersCount(activity.totals.orders)} and ${revenue}.`;
  const busiest = busiestDay(activity);
  const peak = busiest ? ` Busiest day: ${shortDate(busiest.date)}, with ${ordersCount(busiest.orders)}.` : "";
  const now = ` Today, ${shortDate(today.date)}: ${ordersCount(today.orders)} and ${revenueWords(activity, today.revenue)}.`;
  return `${period} ${totals}${peak}${now}`;
}

/** The clock, in UNIX seconds: read once per page, so that every figure of it agrees. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
