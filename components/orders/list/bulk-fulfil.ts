import { type OrderSummary, unpaidReason } from "../../../lib/store/orders/model";

/**
 * Bulk fulfil, the rules apart from the page (bulk-fulfil.test.ts): orders
 * that are not paid are held back with their reason unless the person
 * includes them on purpose (`planFulfil`); the rest are fulfilled one at a
 * time, in the order chosen (the store is asked once per order, so each gets
 * its own answer); a refusal is noted and the next one goes on; nothing
 * chosen is lost: what was not fulfilled (held back or refused) stays chosen
 * for another try.
 */

/** An order kept out of a run, and why ("Payment pending"). */
export interface HeldBack {
  number: number;
  reason: string;
}

export interface FulfilPlan {
  /** What the run asks the store to fulfil, in the list's order. */
  fulfil: number[];
  /** The chosen orders that are not paid, with the reason; empty once `includeUnpaid`. */
  heldBack: HeldBack[];
  /** The chosen orders that are not paid, whether held back or included. */
  unpaid: HeldBack[];
}

/** Splits the chosen orders (in `orders`' order) into those to fulfil and those held back. */
export function planFulfil(
  orders: readonly Pick<OrderSummary, "number" | "paymentState">[],
  chosen: ReadonlySet<number>,
  { includeUnpaid }: { includeUnpaid: boolean },
): FulfilPlan {
  const fulfil: number[] = [];
  const unpaid: HeldBack[] = [];
  for (const order of orders) {
    if (!chosen.has(order.number)) continue;
    const reason = unpaidReason(order);
    if (reason !== null) unpaid.push({ number: order.number, reason });
    if (reason === null || includeUnpaid) fulfil.push(order.number);
  }
  return { fulfil, heldBack: includeUnpaid ? [] : unpaid, unpaid };
}

export type FulfilOutcome = { ok: true } | { ok: false; message: string };

export interface FulfilResult {
  number: number;
  ok: boolean;
  /** The store's sentence when it refused. */
  message: string;
}

export interface FulfilProgress {
  /** How many have been answered. */
  done: number;
  total: number;
  /** The order being fulfilled now; null once all are answered. */
  current: number | null;
  results: FulfilResult[];
}

/**
 * Fulfils `numbers` in turn with `fulfil`, reporting after each step.
 * `fulfil` answers an outcome; one that throws counts as refused with its
 * message. `shouldStop` is asked before each order (a page left mid-way):
 * those not asked stay out of the results.
 */
export async function fulfilInTurn(
  numbers: readonly number[],
  fulfil: (number: number) => Promise<FulfilOutcome>,
  onProgress: (progress: FulfilProgress) => void = () => {},
  shouldStop: () => boolean = () => false,
): Promise<FulfilResult[]> {
  const results: FulfilResult[] = [];
  const total = numbers.length;
  for (const number of numbers) {
    if (shouldStop()) break;
    onProgress({ done: results.length, total, current: number, results: [...results] });
    let outcome: FulfilOutcome;
    try {
      outcome = await fulfil(number);
    } catch (error) {
      outcome = { ok: false, message: error instanceof Error && error.message ? error.message : "Could not fulfil." };
    }
    results.push({ number, ok: outcome.ok, message: outcome.ok ? "" : outcome.message });
  }
  onProgress({ done: results.length, total, current: null, results: [...results] });
  return results;
}

/** What stays chosen after a run: everything chosen that was not fulfilled. */
export function stillSelected(selected: ReadonlySet<number>, results: readonly FulfilResult[]): Set<number> {
  const fulfilled = new Set(results.filter((r) => r.ok).map((r) => r.number));
  return new Set([...selected].filter((n) => !fulfilled.has(n)));
}

/** "Fulfilling 3 of 12…" while running, then "Fulfilled 11 of 12 orders. 1 was refused." */
export function progressText({ done, total, current }: Pick<FulfilProgress, "done" | "total" | "current">): string {
  return current !== null ? `Fulfilling ${done + 1} of ${total}…` : `Answered ${done} of ${total}.`;
}

/** The run's outcome in words; `heldBack` counts the unpaid orders kept out of it (they stay selected). */
export function summaryText(results: readonly FulfilResult[], total = results.length, heldBack = 0): string {
  const ok = results.filter((r) => r.ok).length;
  const refused = results.length - ok;
  const orders = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
  let text = ok === total ? `Fulfilled ${orders(ok)}.` : `Fulfilled ${ok} of ${orders(total)}.`;
  if (refused)
    text += ` ${refused} ${refused === 1 ? "was" : "were"} refused and ${refused === 1 ? "stays" : "stay"} selected.`;
  if (results.length < total) text += ` ${total - results.length} not tried.`;
  if (heldBack)
    text += ` ${orders(heldBack)} not paid ${heldBack === 1 ? "was" : "were"} held back and ${heldBack === 1 ? "stays" : "stay"} selected.`;
  return text;
}

/** "Fulfil 3 orders?" and the confirm button's "Fulfil 3 orders"; nothing to fulfil says so. */
export function confirmLabel(count: number): string {
  if (count === 0) return "Nothing to fulfil";
  return `Fulfil ${count} ${count === 1 ? "order" : "orders"}`;
}
