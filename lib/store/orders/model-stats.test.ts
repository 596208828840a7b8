import { describe, expect, it } from "vitest";
import {
  type ActivityOrder,
  addDays,
  busiestDay,
  countsTowardsRevenue,
  dayKey,
  describeActivity,
  longDate,
  niceCeiling,
  ordersCount,
  periodCreatedSince,
  periodDays,
  relativeTime,
  shortDate,
  startOfDay,
  summariseActivity,
} from "./model-stats";

const at = (iso: string) => Date.parse(iso) / 1000;
// 2025-03-30 15:00 UTC: a Sunday, the night Europe moves its clocks forward.
const now = at("2025-03-30T15:00:00Z");

function order(created: string | null, total: number, extra: Partial<ActivityOrder> = {}): ActivityOrder {
  return {
    created: created === null ? null : at(created),
    total,
    currency: "USD",
    paymentState: "paid",
    cancelled: false,
    ...extra,
  };
}

describe("days in a time zone", () => {
  it("names the calendar day of a moment in the zone asked for", () => {
    const moment = at("2025-03-03T23:30:00Z");
    expect(dayKey(moment, "UTC")).toBe("2025-03-03");
    expect(dayKey(moment, "Europe/Berlin")).toBe("2025-03-04");
    expect(dayKey(moment, "America/Los_Angeles")).toBe("2025-03-03");
    expect(dayKey(at("2025-03-04T07:59:59Z"), "America/Los_Angeles")).toBe("2025-03-03");
  });

  it("moves by calendar days across months, years and leap days", () => {
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDays("2024-12-31", 1)).toBe("2025-01-01");
    expect(addDays("2025-03-30", -29)).toBe("2025-03-01");
  });

  it("finds when a day starts, also on a night the clocks change", () => {
    expect(startOfDay("2025-03-30", "UTC")).toBe(at("2025-03-30T00:00:00Z"));
    // Berlin: UTC+1 until 02:00 on the 30th, UTC+2 after; midnight is still +1.
    expect(startOfDay("2025-03-30", "Europe/Berlin")).toBe(at("2025-03-29T23:00:00Z"));
    expect(startOfDay("2025-03-31", "Europe/Berlin")).toBe(at("2025-03-30T22:00:00Z"));
    // New York moved on 9 March.
    expect(startOfDay("2025-03-09", "America/New_York")).toBe(at("2025-03-09T05:00:00Z"));
    expect(startOfDay("2025-03-10", "America/New_York")).toBe(at("2025-03-10T04:00:00Z"));
    // Half-hour zones.
    expect(startOfDay("2025-03-30", "Asia/Kolkata")).toBe(at("2025-03-29T18:30:00Z"));
  });

  it("lists the period's days oldest first, today last", () => {
    const days = periodDays(now, 30, "UTC");
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2025-03-01");
    expect(days.at(-1)).toBe("2025-03-30");
    expect(new Set(days).size).toBe(30);
    // Late in the UTC day it is already tomorrow in Tokyo.
    expect(periodDays(at("2025-03-30T20:00:00Z"), 2, "Asia/Tokyo")).toEqual(["2025-03-30", "2025-03-31"]);
  });

  it("asks the store for orders created after the second before the period starts", () => {
    expect(periodCreatedSince(now, 30, "UTC")).toBe(at("2025-03-01T00:00:00Z") - 1);
    expect(periodCreatedSince(now, 1, "Europe/Berlin")).toBe(at("2025-03-29T23:00:00Z") - 1);
  });
});

describe("orders and revenue per day", () => {
  it("puts each order on its day, with days without orders as zeros", () => {
    const activity = summariseActivity(
      [
        order("2025-03-30T09:00:00Z", 2500),
        order("2025-03-30T00:00:00Z", 1000),
        order("2025-03-28T23:59:59Z", 499),
        order("2025-03-01T00:00:00Z", 100),
      ],
      { now, days: 30, timeZone: "UTC" },
    );
    expect(activity.days).toHaveLength(30);
    expect(activity.days.at(-1)).toEqual({ date: "2025-03-30", orders: 2, revenue: 3500 });
    expect(activity.days.at(-2)).toEqual({ date: "2025-03-29", orders: 0, revenue: 0 });
    expect(activity.days.at(-3)).toEqual({ date: "2025-03-28", orders: 1, revenue: 499 });
    expect(activity.days[0]).toEqual({ date: "2025-03-01", orders: 1, revenue: 100 });
    expect(activity.days.filter((d) => d.orders === 0)).toHaveLength(27);
    expect(activity.totals).toEqual({ orders: 4, revenue: 4099, averageOrder: 1025 });
    expect(activity.currency).toBe("USD");
    expect(activity.basedOn).toBe(4);
    expect(activity.complete).toBe(true);
  });

  it("leaves out orders outside the period and orders without a time", () => {
    const activity = summariseActivity(
      [
        order("2025-02-28T23:59:59Z", 700),
        order("2025-03-31T00:00:00Z", 800),
        order(null, 900),
        order("2025-03-15T12:00:00Z", 1000),
      ],
      { now, days: 30, timeZone: "UTC" },
    );
    expect(activity.totals.orders).toBe(1);
    expect(activity.totals.revenue).toBe(1000);
  });

  it("takes the days of the zone it is given", () => {
    // 23:30 UTC on the 29th is the 30th in Berlin.
    const orders = [order("2025-03-29T23:30:00Z", 1200)];
    expect(summariseActivity(orders, { now, timeZone: "UTC" }).days.at(-2)!.orders).toBe(1);
    const berlin = summariseActivity(orders, { now, timeZone: "Europe/Berlin" });
    expect(berlin.timeZone).toBe("Europe/Berlin");
    expect(berlin.days.at(-1)).toEqual({ date: "2025-03-30", orders: 1, revenue: 1200 });
  });

  it("leaves cancelled orders and failed payments out of orders and revenue alike; pending payments count", () => {
    const activity = summariseActivity(
      [
        order("2025-03-30T10:00:00Z", 1000),
        order("2025-03-30T11:00:00Z", 2000, { cancelled: true }),
        order("2025-03-30T12:00:00Z", 4000, { paymentState: "failed" }),
        order("2025-03-30T13:00:00Z", 8000, { paymentState: "pending" }),
        // A store without the `cancelled` extension says nothing: the order counts.
        order("2025-03-30T14:00:00Z", 16000, { cancelled: null }),
      ],
      { now, days: 30, timeZone: "UTC" },
    );
    expect(activity.days.at(-1)).toEqual({ date: "2025-03-30", orders: 3, revenue: 25000 });
    expect(activity.excluded).toEqual({ cancelled: 1, failed: 1 });
    expect(activity.totals).toEqual({ orders: 3, revenue: 25000, averageOrder: 8333 });
    expect(activity.basedOn).toBe(5);
  });

  it("agrees with itself: the average is revenue ÷ orders, and the days add up to the totals", () => {
    // The issue's case: 126 orders of which 7 do not stand; the figures once read "Orders 126 · Average
    // $188.78" beside $22,464.51, which is $178.29 an order. Now all three count the same 119.
    const orders = [
      ...Array.from({ length: 118 }, (_, i) =>
        order(`2025-03-${String(1 + (i % 30)).padStart(2, "0")}T10:00:00Z`, 18_878),
      ),
      order("2025-03-30T11:00:00Z", 18_747),
      ...Array.from({ length: 5 }, (_, i) => order(`2025-03-2${i}T12:00:00Z`, 9_900, { cancelled: true })),
      order("2025-03-29T13:00:00Z", 4_200, { cancelled: true, paymentState: "pending" }),
      order("2025-03-28T14:00:00Z", 3_100, { paymentState: "failed" }),
    ];
    const activity = summariseActivity(orders, { now });
    expect(activity.basedOn).toBe(126);
    expect(activity.totals.orders).toBe(119);
    expect(activity.totals.revenue).toBe(118 * 18_878 + 18_747);
    expect(activity.totals.averageOrder).toBe(Math.round(activity.totals.revenue / 119));
    expect(activity.days.reduce((sum, d) => sum + d.orders, 0)).toBe(activity.totals.orders);
    expect(activity.days.reduce((sum, d) => sum + d.revenue, 0)).toBe(activity.totals.revenue);
    expect(activity.excluded).toEqual({ cancelled: 6, failed: 1 });
    // A paid order cancelled is out of both: it is money to give back, not revenue.
    const paidThenCancelled = summariseActivity(
      [order("2025-03-30T10:00:00Z", 1000), order("2025-03-30T11:00:00Z", 5000, { cancelled: true })],
      { now },
    );
    expect(paidThenCancelled.totals).toEqual({ orders: 1, revenue: 1000, averageOrder: 1000 });
  });

  it("counts a cancelled order with a failed payment once, as cancelled", () => {
    const activity = summariseActivity(
      [order("2025-03-30T10:00:00Z", 1000, { cancelled: true, paymentState: "failed" })],
      {
        now,
      },
    );
    expect(activity.excluded).toEqual({ cancelled: 1, failed: 0 });
    expect(countsTowardsRevenue({ cancelled: true, paymentState: "paid" })).toBe(false);
    expect(countsTowardsRevenue({ cancelled: null, paymentState: "pending" })).toBe(true);
  });

  it("never adds currencies together: charts the most common, names the others", () => {
    const activity = summariseActivity(
      [
        order("2025-03-30T10:00:00Z", 1000, { currency: "EUR" }),
        order("2025-03-29T10:00:00Z", 3000, { currency: "USD" }),
        order("2025-03-28T10:00:00Z", 5000, { currency: "USD" }),
        order("2025-03-27T10:00:00Z", 700, { currency: "GBP" }),
        // Left out of revenue anyway: does not make EUR the most common.
        order("2025-03-27T11:00:00Z", 700, { currency: "EUR", cancelled: true }),
      ],
      { now },
    );
    expect(activity.currency).toBe("USD");
    expect(activity.totals).toEqual({ orders: 2, revenue: 8000, averageOrder: 4000 });
    expect(activity.otherCurrencies).toEqual([
      { currency: "EUR", orders: 1 },
      { currency: "GBP", orders: 1 },
    ]);
    // The EUR order is left out of its day too: the days add up to the totals.
    expect(activity.days.at(-1)).toEqual({ date: "2025-03-30", orders: 0, revenue: 0 });
  });

  it("breaks a tie between currencies by the larger sum", () => {
    const activity = summariseActivity(
      [
        order("2025-03-30T10:00:00Z", 100, { currency: "USD" }),
        order("2025-03-30T11:00:00Z", 900, { currency: "EUR" }),
      ],
      { now },
    );
    expect(activity.currency).toBe("EUR");
  });

  it("has no average when nothing counts towards revenue, and no currency without orders", () => {
    const empty = summariseActivity([], { now, complete: false });
    expect(empty.currency).toBeNull();
    expect(empty.totals).toEqual({ orders: 0, revenue: 0, averageOrder: null });
    expect(empty.days.every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
    expect(empty.complete).toBe(false);
    const failedOnly = summariseActivity([order("2025-03-30T10:00:00Z", 100, { paymentState: "failed" })], { now });
    // Revenue is zero in the currency of the orders there are, not unknown.
    expect(failedOnly.currency).toBe("USD");
    expect(failedOnly.totals.revenue).toBe(0);
    expect(failedOnly.totals.orders).toBe(0);
    expect(failedOnly.basedOn).toBe(1);
    expect(failedOnly.totals.averageOrder).toBeNull();
  });
});

describe("chart helpers", () => {
  it("rounds an axis up to 1, 2 or 5 times a power of ten", () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(-3)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(11)).toBe(20);
    expect(niceCeiling(23)).toBe(50);
    expect(niceCeiling(1234)).toBe(2000);
    expect(niceCeiling(0.3)).toBe(0.5);
  });

  it("finds the busiest day, the latest of equals", () => {
    const activity = summariseActivity(
      [order("2025-03-10T10:00:00Z", 1), order("2025-03-20T10:00:00Z", 1), order("2025-03-05T10:00:00Z", 1)],
      { now },
    );
    expect(busiestDay(activity)?.date).toBe("2025-03-20");
    expect(busiestDay(summariseActivity([], { now }))).toBeNull();
  });

  it("writes dates as written, whatever the server's zone", () => {
    expect(shortDate("2025-03-03")).toBe("Mar 3");
    expect(longDate("2025-03-30")).toBe("Sunday, March 30");
  });

  it("says how long ago something happened", () => {
    expect(relativeTime(now - 10, now)).toBe("just now");
    expect(relativeTime(now - 60, now)).toBe("1 minute ago");
    expect(relativeTime(now - 5 * 60, now)).toBe("5 minutes ago");
    expect(relativeTime(now - 3 * 3600, now)).toBe("3 hours ago");
    expect(relativeTime(now - 30 * 3600, now)).toBe("yesterday");
    expect(relativeTime(now - 3 * 86_400, now)).toBe("3 days ago");
    expect(relativeTime(now - 14 * 86_400, now)).toBe("2 weeks ago");
    expect(relativeTime(now - 90 * 86_400, now)).toBe("3 months ago");
    expect(relativeTime(now - 800 * 86_400, now)).toBe("2 years ago");
    // A clock a little ahead of ours.
    expect(relativeTime(now + 5, now)).toBe("just now");
  });
});

describe("the chart in words", () => {
  it("names the period, its zone, the totals, the busiest day and today", () => {
    const activity = summariseActivity(
      [
        order("2025-03-30T09:00:00Z", 2500),
        order("2025-03-12T10:00:00Z", 1000),
        order("2025-03-12T11:00:00Z", 1000, { cancelled: true }),
      ],
      { now },
    );
    expect(describeActivity(activity)).toBe(
      "Revenue and orders per day from Mar 1 to Mar 30, days in UTC. In total 2 orders and $35.00 in revenue. " +
        "Busiest day: Mar 30, with 1 order. Today, Mar 30: 1 order and $25.00.",
    );
  });

  it("says when nothing counts towards revenue", () => {
    const activity = summariseActivity([], { now });
    expect(describeActivity(activity)).toBe(
      "Revenue and orders per day from Mar 1 to Mar 30, days in UTC. In total 0 orders and no revenue. " +
        "Today, Mar 30: 0 orders and no revenue.",
    );
    expect(ordersCount(1204)).toBe("1,204 orders");
  });
});
