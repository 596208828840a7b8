import { describe, expect, it } from "vitest";
import { dayText, fulfilMailText, orderStatusBadges, refundNote, unpaidReason } from "./model";

const labels = (order: Parameters<typeof orderStatusBadges>[0]) => orderStatusBadges(order).map((b) => b.label);

describe("an order's state in words", () => {
  it("reads Cancelled first for a cancelled order, never a plain Paid", () => {
    // A paid one: its payment is the refund note beside Cancelled (below), not a badge.
    expect(labels({ paymentState: "paid", fulfilled: false, cancelled: true })).toEqual(["Cancelled"]);
    expect(labels({ paymentState: "paid", fulfilled: true, cancelled: true })).toEqual(["Cancelled", "Was fulfilled"]);
    expect(labels({ paymentState: "pending", fulfilled: false, cancelled: true })).toEqual([
      "Cancelled",
      "Payment was pending",
    ]);
    expect(orderStatusBadges({ paymentState: "paid", fulfilled: false, cancelled: true })[0]).toEqual({
      label: "Cancelled",
      tone: "danger",
      about: "cancelled",
    });
  });

  it("tells staff to refund a paid order that was cancelled, through its gateway where the store names one", () => {
    const cancelled = { paymentState: "paid", cancelled: true, paymentGatewayKnown: true } as const;
    expect(refundNote({ ...cancelled, paymentGateway: "stripe" })).toBe("was paid: refund it through Stripe");
    expect(refundNote({ ...cancelled, paymentGateway: "authorize_net" })).toBe(
      "was paid: refund it through Authorize.Net",
    );
    expect(refundNote({ ...cancelled, paymentGateway: null })).toBe(
      "was paid through the API: refund it where the payment was taken",
    );
    expect(refundNote({ ...cancelled, paymentGateway: null, paymentGatewayKnown: false })).toBe(
      "was paid: refund it where the payment was taken",
    );
    // Nothing to refund: not paid, or not cancelled (or the store does not say).
    expect(refundNote({ ...cancelled, paymentState: "pending", paymentGateway: "stripe" })).toBeNull();
    expect(refundNote({ ...cancelled, cancelled: false, paymentGateway: "stripe" })).toBeNull();
    expect(refundNote({ ...cancelled, cancelled: null, paymentGateway: "stripe" })).toBeNull();
  });

  it("reads payment then fulfilment otherwise, also where the store does not say whether it is cancelled", () => {
    expect(labels({ paymentState: "paid", fulfilled: false, cancelled: false })).toEqual(["Paid", "Unfulfilled"]);
    expect(labels({ paymentState: "pending", fulfilled: true, cancelled: null })).toEqual(["Pending", "Fulfilled"]);
    expect(
      orderStatusBadges({ paymentState: "failed", fulfilled: false, cancelled: null }).map((b) => b.about),
    ).toEqual(["payment", "fulfilment"]);
  });

  it("says why an unpaid order is held back", () => {
    expect(unpaidReason({ paymentState: "paid" })).toBeNull();
    expect(unpaidReason({ paymentState: "pending" })).toBe("Payment pending");
    expect(unpaidReason({ paymentState: "failed" })).toBe("Payment failed");
    expect(unpaidReason({ paymentState: "" })).toBe("Not paid (payment: unknown)");
  });

  it("writes a filter's day as a person reads it, the same in every zone", () => {
    expect(dayText("2026-11-01")).toBe("Nov 1, 2026");
    expect(dayText("not a day")).toBe("not a day");
  });

  it("says the e-mail may go, and that undoing does not take it back", () => {
    expect(fulfilMailText({ count: 1, email: "ada@example.com" })).toBe(
      "Your store may e-mail the customer (ada@example.com) that the order is on its way. Undoing the fulfilment does not take that e-mail back.",
    );
    expect(fulfilMailText({ count: 3 })).toMatch(/^Your store may e-mail each customer/);
  });
});
