import { squash } from "./places";

/**
 * What a shipping group charges a cart, following the store's arithmetic
 * (docs/contract.md#pricing) step by step, so that the calculator on a
 * shipping group's page says what the store would. Pure: no I/O, no clock.
 *
 * Amounts are integer minor units; percentages are the percent itself (10
 * for 10%), taken to six decimals, and an amount derived from one is
 * rounded half-up to the minor unit.
 */

export interface Address {
  country: string;
  region?: string | null;
}

export interface Place {
  allowed: boolean;
  country: string;
  region?: string | null;
}

export type PerCart = { type: "flat_fee"; amount: number } | { type: "percentage"; percent: number };

/** A range: up to `max` inclusive (null: no upper bound), charging `rate`. */
export interface Range {
  /** quantity: items; price: minor units; weight: the store's weight unit. */
  max: number | null;
  rate: number;
}

export type PerItem =
  | { type: "none" }
  | { type: "flat_per_item"; amount: number }
  | { type: "quantity_ranges" | "price_ranges" | "weight_ranges"; ranges: readonly Range[] };

export interface OptionTerms {
  perCart: PerCart;
  perItem: PerItem;
  destinations: readonly Place[];
}

export interface CartItem {
  quantity: number;
  /** The price of one unit, extras included, in minor units. */
  unitPrice: number;
  /** The weight of one unit. */
  weight?: number;
  /**
   * The item's total when it was set by hand (an order's posted `line_N_total`,
   * docs/contract.md#orders); otherwise unit price × quantity. It counts in
   * the subtotal that percentages and price ranges measure.
   */
  total?: number;
}

/* ---------- percentages ---------- */

const SCALE = 1_000_000n;

/** `percent`% of `amount`, rounded half-up (8.25% of 1000 is 83, never 82). */
export function percentOf(amount: number, percent: number): number {
  if (amount <= 0 || percent <= 0) return 0;
  const scaled = BigInt(Math.round(percent * Number(SCALE)));
  const denominator = 100n * SCALE;
  return Number((2n * BigInt(Math.round(amount)) * scaled + denominator) / (2n * denominator));
}

/* ---------- which option applies ---------- */

/**
 * How an option's destinations name an address: "region" when one names its
 * region, "country" when only its country, "anywhere" when the option names
 * no place at all; "excluded" when the deciding places say `allowed: false`,
 * "elsewhere" when it names other places only. Among the places naming the
 * address, the most specific decide.
 */
export type Fit = "region" | "country" | "anywhere" | "excluded" | "elsewhere";

export function optionFit(destinations: readonly Place[], to: Address): Fit {
  if (destinations.length === 0) return "anywhere";
  const country = squash(to.country);
  const region = squash(to.region);
  const inCountry = destinations.filter((d) => squash(d.country) === country);
  const inRegion = region ? inCountry.filter((d) => d.region && squash(d.region) === region) : [];
  const deciding = inRegion.length ? inRegion : inCountry.filter((d) => !squash(d.region));
  if (deciding.length === 0) return "elsewhere";
  if (deciding.some((d) => !d.allowed)) return "excluded";
  return inRegion.length ? "region" : "country";
}

const rank: Record<Fit, number> = { region: 2, country: 1, anywhere: 0, excluded: -1, elsewhere: -1 };

/** Whether an option of this fit ships to the address at all. */
export function ships(fit: Fit): boolean {
  return rank[fit] >= 0;
}

/**
 * The index of the option that applies to the address: of those that ship
 * there, region matches before country matches before options naming no
 * place, then the first in the group's order. -1 when none ships there.
 */
export function pickOption(options: readonly Pick<OptionTerms, "destinations">[], to: Address): number {
  let best = -1;
  let bestRank = -1;
  options.forEach((option, index) => {
    const r = rank[optionFit(option.destinations, to)];
    if (r > bestRank) {
      best = index;
      bestRank = r;
    }
  });
  return best;
}

/* ---------- what an option charges ---------- */

export interface CartMeasures {
  /** The items' totals (unit price × quantity, or the total set by hand), added up. */
  subtotal: number;
  /** How many items. */
  quantity: number;
  /** Unit weight × quantity, added up. */
  weight: number;
}

/**
 * A total weight, taken to 12 significant digits: weights are floats, and 3 ×
 * 0.1 (0.30000000000000004) must fall in a range up to 0.3, `range_max` being
 * inclusive (docs/contract.md#pricing, a case of docs/pricing-cases.json).
 */
export const totalWeight = (weight: number) => Number(weight.toPrecision(12));

export function measure(items: readonly CartItem[]): CartMeasures {
  const sum = items.reduce(
    (sum, item) => ({
      subtotal: sum.subtotal + (item.total ?? item.unitPrice * item.quantity),
      quantity: sum.quantity + item.quantity,
      weight: sum.weight + (item.weight ?? 0) * item.quantity,
    }),
    { subtotal: 0, quantity: 0, weight: 0 },
  );
  return { ...sum, weight: totalWeight(sum.weight) };
}

/** The index of the range `value` falls in (`max` inclusive), or -1 past the last bounded one. */
export function rangeIndex(ranges: readonly Range[], value: number): number {
  return ranges.findIndex((range) => range.max === null || value <= range.max);
}

export interface Charge {
  perCart: number;
  perItem: number;
  total: number;
  /** For a range kind: the range the cart fell in (-1: past the last one, nothing charged). */
  range?: number;
}

/**
 * What an option charges for its group's items: the per-cart part (a fee,
 * or a percent of the items' subtotal) plus the per-item part (a fee per
 * item, or the rate of the range the total quantity, subtotal or weight
 * falls in; nothing past the last bounded range).
 */
export function optionCharge(option: Pick<OptionTerms, "perCart" | "perItem">, items: readonly CartItem[]): Charge {
  const m = measure(items);
  const perCart =
    option.perCart.type === "flat_fee" ? option.perCart.amount : percentOf(m.subtotal, option.perCart.percent);
  const { perItem } = option;
  if (perItem.type === "none") return { perCart, perItem: 0, total: perCart };
  if (perItem.type === "flat_per_item") {
    const part = perItem.amount * m.quantity;
    return { perCart, perItem: part, total: perCart + part };
  }
  const value =
    perItem.type === "quantity_ranges" ? m.quantity : perItem.type === "price_ranges" ? m.subtotal : m.weight;
  const range = rangeIndex(perItem.ranges, value);
  const part = range < 0 ? 0 : perItem.ranges[range]!.rate;
  return { perCart, perItem: part, total: perCart + part, range };
}

/* ---------- the group ---------- */

export type Quote =
  { ships: true; option: number; fit: Fit; charge: Charge; fits: Fit[] } | { ships: false; fits: Fit[] };

/**
 * What a shipping group charges a cart sent to an address: the option that
 * applies and its charge; or that no option ships there (the store then
 * refuses to price the order, naming the ship-to country).
 */
export function quoteGroup(options: readonly OptionTerms[], items: readonly CartItem[], to: Address): Quote {
  const fits = options.map((option) => optionFit(option.destinations, to));
  const option = pickOption(options, to);
  if (option < 0) return { ships: false, fits };
  return { ships: true, option, fit: fits[option]!, charge: optionCharge(options[option]!, items), fits };
}
