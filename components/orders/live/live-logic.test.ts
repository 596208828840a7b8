import { describe, expect, it } from "vitest";
import type { OrderCounts } from "../../../lib/store/orders/model";
import { badgeText, countsUnusable, liveMark, liveMode, newOrdersSince, newOrdersText } from "./live-logic";

const counts = (all: number | null, unfulfilled: number | null = null): OrderCounts => ({
  all,
  unfulfilled,
  fulfilled: null,
  paid: null,
  pending: null,
  failed: null,
});

describe("what the live updates poll", () => {
  it("polls nothing for someone who may not manage orders", () => {
    expect(liveMode(["manage_products", "view_stats"], false)).toBe("off");
    expect(liveMode([], false)).toBe("off");
  });

  it("polls the counts with view_stats or unknown permissions, the newest orders otherwise", () => {
    expect(liveMode(["manage_orders", "view_stats"], false)).toBe("counts");
    expect(liveMode(null, false)).toBe("counts");
    expect(liveMode(["manage_orders"], false)).toBe("newest");
    expect(liveMode(null, true)).toBe("newest");
    expect(liveMode(["manage_orders", "view_stats"], true)).toBe("newest");
  });

  it("falls back when the counts are refused or say nothing of all orders", () => {
    expect(countsUnusable(undefined)).toBe(false);
    expect(countsUnusable({ counts: counts(4), refused: false })).toBe(false);
    expect(countsUnusable({ counts: counts(null), refused: true })).toBe(true);
    expect(countsUnusable({ counts: counts(null, 3), refused: false })).toBe(true);
  });
});

describe("new orders since the list was loaded", () => {
  it("is the growth of the count of all orders", () => {
    const baseline = liveMark(counts(340), null);
    expect(newOrdersSince(baseline, liveMark(counts(340), null))).toEqual({ count: 0, capped: false });
    expect(newOrdersSince(baseline, liveMark(counts(343), null))).toEqual({ count: 3, capped: false });
    // Never negative (an order deleted in the store, a count that went down).
    expect(newOrdersSince(baseline, liveMark(counts(338), null)).count).toBe(0);
    expect(newOrdersSince(null, liveMark(counts(343), null)).count).toBe(0);
  });

  it("without counts, counts the newest numbers above the highest seen", () => {
    const baseline = liveMark(null, { numbers: [105, 104, 103] });
    expect(newOrdersSince(baseline, liveMark(null, { numbers: [107, 106, 105, 104] }))).toEqual({
      count: 2,
      capped: false,
    });
    expect(newOrdersSince(baseline, liveMark(null, { numbers: [105, 104, 103] })).count).toBe(0);
    // A whole page of new orders: there may be more.
    expect(newOrdersSince(baseline, liveMark(null, { numbers: [109, 108, 107, 106] }))).toEqual({
      count: 4,
      capped: true,
    });
    // An empty store, then its first order.
    expect(newOrdersSince(liveMark(null, { numbers: [] }), liveMark(null, { numbers: [1] })).count).toBe(1);
    // Nothing comparable yet.
    expect(newOrdersSince(baseline, liveMark(null, null)).count).toBe(0);
  });

  it("says it in words", () => {
    expect(newOrdersText({ count: 1, capped: false })).toBe("1 new order");
    expect(newOrdersText({ count: 3, capped: false })).toBe("3 new orders");
    expect(newOrdersText({ count: 20, capped: true })).toBe("20+ new orders");
  });
});

describe("the sidebar badge", () => {
  it("shows a positive count, capped at 99+", () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe("7");
    expect(badgeText(100)).toBe("99+");
  });
});
