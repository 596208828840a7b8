import { describe, expect, it } from "vitest";
import {
  confirmLabel,
  type FulfilProgress,
  fulfilInTurn,
  planFulfil,
  progressText,
  stillSelected,
  summaryText,
} from "./bulk-fulfil";

describe("bulk fulfil", () => {
  it("asks for each order in turn, one at a time, and goes on after a refusal", async () => {
    const asked: number[] = [];
    let running = 0;
    const progress: FulfilProgress[] = [];
    const results = await fulfilInTurn(
      [3, 1, 2],
      async (n) => {
        running++;
        expect(running).toBe(1);
        asked.push(n);
        await new Promise((r) => setTimeout(r, 1));
        running--;
        if (n === 1) return { ok: false, message: "This order is cancelled." };
        if (n === 2) throw new Error("The store is not answering.");
        return { ok: true };
      },
      (p) => progress.push(p),
    );
    expect(asked).toEqual([3, 1, 2]);
    expect(results).toEqual([
      { number: 3, ok: true, message: "" },
      { number: 1, ok: false, message: "This order is cancelled." },
      { number: 2, ok: false, message: "The store is not answering." },
    ]);
    expect(progress.map((p) => [p.done, p.current])).toEqual([
      [0, 3],
      [1, 1],
      [2, 2],
      [3, null],
    ]);
    expect(progressText(progress[1]!)).toBe("Fulfilling 2 of 3…");
  });

  it("keeps the refused ones selected, and stops when asked", async () => {
    const selected = new Set([1, 2, 3, 9]);
    const left = stillSelected(selected, [
      { number: 1, ok: true, message: "" },
      { number: 2, ok: false, message: "no" },
    ]);
    expect([...left].sort()).toEqual([2, 3, 9]);

    let calls = 0;
    const results = await fulfilInTurn(
      [1, 2, 3],
      async () => {
        calls++;
        return { ok: true };
      },
      undefined,
      () => calls >= 2,
    );
    expect(results.map((r) => r.number)).toEqual([1, 2]);
  });

  it("sums up in words", () => {
    expect(summaryText([{ number: 1, ok: true, message: "" }])).toBe("Fulfilled 1 order.");
    expect(
      summaryText([
        { number: 1, ok: true, message: "" },
        { number: 2, ok: false, message: "no" },
      ]),
    ).toBe("Fulfilled 1 of 2 orders. 1 was refused and stays selected.");
    expect(summaryText([{ number: 1, ok: false, message: "no" }], 3)).toBe(
      "Fulfilled 0 of 3 orders. 1 was refused and stays selected. 2 not tried.",
    );
  });

  it("holds back the chosen orders that are not paid, with the reason, unless they are included", () => {
    const orders = [
      { number: 5, paymentState: "paid" },
      { number: 4, paymentState: "pending" },
      { number: 3, paymentState: "failed" },
      { number: 2, paymentState: "authorized" },
      { number: 1, paymentState: "paid" },
    ];
    const chosen = new Set([1, 2, 3, 4]);
    const held = [
      { number: 4, reason: "Payment pending" },
      { number: 3, reason: "Payment failed" },
      { number: 2, reason: "Not paid (payment: authorized)" },
    ];
    expect(planFulfil(orders, chosen, { includeUnpaid: false })).toEqual({ fulfil: [1], heldBack: held, unpaid: held });
    // Included on purpose: every chosen order, in the list's order.
    expect(planFulfil(orders, chosen, { includeUnpaid: true })).toEqual({
      fulfil: [4, 3, 2, 1],
      heldBack: [],
      unpaid: held,
    });
    expect(planFulfil(orders, new Set([4]), { includeUnpaid: false }).fulfil).toEqual([]);
    expect(confirmLabel(0)).toBe("Nothing to fulfil");
    expect(confirmLabel(1)).toBe("Fulfil 1 order");
    expect(confirmLabel(3)).toBe("Fulfil 3 orders");
    expect(summaryText([{ number: 1, ok: true, message: "" }], 1, 2)).toBe(
      "Fulfilled 1 order. 2 orders not paid were held back and stay selected.",
    );
  });
});
