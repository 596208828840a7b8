import { describe, expect, it } from "vitest";
import type { OrderCounts } from "./model";
import { countToFulfilIn, isToFulfil, toFulfilFigure, toFulfilKey, toFulfilText } from "./model-to-fulfil";

const order = (paymentState: string, fulfilled = false, cancelled: boolean | null = false) => ({
  paymentState,
  fulfilled,
  cancelled,
});

describe("to fulfil: paid, unfulfilled, not cancelled", () => {
  it("counts a paid unfulfilled order, also where the store does not say whether it is cancelled", () => {
    expect(isToFulfil(order("paid"))).toBe(true);
    expect(isToFulfil(order("paid", false, null))).toBe(true);
  });

  it("leaves out pending, failed and other payments, fulfilled and cancelled orders", () => {
    expect(isToFulfil(order("pending"))).toBe(false);
    expect(isToFulfil(order("failed"))).toBe(false);
    expect(isToFulfil(order("refunded"))).toBe(false);
    expect(isToFulfil(order("paid", true))).toBe(false);
    expect(isToFulfil(order("paid", false, true))).toBe(false);
  });

  it("counts them among the orders read", () => {
    expect(countToFulfilIn([order("paid"), order("pending"), order("failed"), order("paid", false, true)])).toBe(1);
  });
});

describe("its words", () => {
  it("says a floor when the bound stopped the reading", () => {
    expect(toFulfilFigure({ count: 40, complete: true })).toBe("40");
    expect(toFulfilFigure({ count: 1000, complete: false })).toBe("1,000+");
    expect(toFulfilText({ count: 1, complete: true })).toBe("1 order to fulfil");
    expect(toFulfilText({ count: 40, complete: true })).toBe("40 orders to fulfil");
    expect(toFulfilText({ count: 1000, complete: false })).toBe("1,000+ orders to fulfil");
  });
});

describe("what it is read again on", () => {
  const counts: OrderCounts = { all: 300, unfulfilled: 80, fulfilled: 210, paid: 250, pending: 22, failed: 28 };

  it("moves with any count: a new order, a fulfilment, a payment that changes state", () => {
    const key = toFulfilKey(counts);
    expect(toFulfilKey({ ...counts })).toBe(key);
    expect(toFulfilKey({ ...counts, all: 301, unfulfilled: 81 })).not.toBe(key);
    expect(toFulfilKey({ ...counts, unfulfilled: 79, fulfilled: 211 })).not.toBe(key);
    expect(toFulfilKey({ ...counts, paid: 251, pending: 21 })).not.toBe(key);
  });

  it("is empty without counts", () => {
    expect(toFulfilKey(undefined)).toBe("");
    expect(toFulfilKey(null)).toBe("");
  });
});
