import { describe, expect, it } from "vitest";
import { dayText, fulfilMailText, orderStatusBadges, unpaidReason } from "./model";

const labels = (order: Parameters<typeof orderStatusBadges>[0]) => orderStatusBadges(order).map((b) => b.label);

describe("an order's state in words", () => {
  it("reads Cancelled first for a cancelled order, never a plain Paid", () => {
    expect(labels({ paymentState: "paid", fulfilled: false, cancelled: true })).toEqual(["Cancelled", "Was paid"]);
    expect(labels({ paymentState: "paid", fulfilled: true, cancelled: true })).toEqual([
      "Cancelled",
      "Was paid",
      "Was fulfilled",
    ]);
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
