import {
  type Address,
  type CartItem,
  type OptionTerms,
  type Quote,
  percentOf,
  quoteGroup,
} from "./shipping-calculator";
import { squash } from "./places";

/**
 * What an order comes to, by the store's arithmetic (docs/contract.md#pricing),
 * computed by the dashboard for any store: the subtotal, the coupon's
 * discount shared across the lines, the shipping of each shipping group (the
 * shipping calculator's rules: lib/shipping-calculator.ts), the tax of each
 * line and of the shipping, and the total; what an order posts by hand
 * (shipping, tax, total) stands as given (docs/contract.md#orders). The
 * worked cases of docs/pricing-cases.json run through `priceCart`
 * (lib/pricing-cases.test.ts), as the store's own pricing module runs them.
 *
 * Pure and client-safe: no I/O, no clock, no zod. Amounts are integer minor
 * units; percentages and tax rates are the percent itself (8.25 for 8.25%),
 * taken to six decimals, and every amount derived from one is rounded
 * half-up to the minor unit, once per line (and once for the shipping's tax).
 */

export { percentOf } from "./shipping-calculator";
export type { Address } from "./shipping-calculator";

/** A shipping group as the arithmetic needs it: a key the caller knows it by, and its options in order. */
export interface ShippingGroupTerms {
  key: string;
  options: readonly OptionTerms[];
}

/** A tax rule: the rate for a country, or one region of it (null or empty: the whole country). */
export interface TaxRuleTerms {
  country: string;
  region?: string | null;
  /** The percent: 8.25 for 8.25%. */
  rate: number;
  /** Whether shipping is taxed at this rate. */
  onShipping: boolean;
}

export interface TaxGroupTerms {
  key: string;
  rules: readonly TaxRuleTerms[];
}

export const pricedCouponTypes = ["percentage_off", "flat_discount", "free_shipping"] as const;
export type PricedCouponType = (typeof pricedCouponTypes)[number];

export interface CouponTerms {
  type: PricedCouponType;
  /** percentage_off: the percent off the subtotal. */
  percent?: number | null;
  /** flat_discount: the amount off… */
  flatRate?: number | null;
  /** …once the subtotal reaches this much. */
  threshold?: number | null;
  /** Free shipping on top of a percentage or flat discount (always, for free_shipping). */
  freeShip?: boolean;
}

/** One line of an order. */
export interface PricingLine {
  /** One unit without extras. */
  unitPrice: number;
  quantity: number;
  /** The chosen extras' surcharges for one unit, added up. */
  extras?: number;
  /** One unit's weight (extras' included). */
  weight?: number;
  /** The line's total set by hand (a posted `line_N_total`); otherwise (unit price + extras) × quantity. */
  total?: number;
  /** The product's groups; none adds no shipping and no tax. */
  shippingGroup?: ShippingGroupTerms | null;
  taxGroup?: TaxGroupTerms | null;
}

/** What an order posted: each stands as given (docs/contract.md#orders). */
export interface Posted {
  shipping?: number | undefined;
  tax?: number | undefined;
  total?: number | undefined;
}

export interface Cart {
  lines: readonly PricingLine[];
  to: Address;
  coupon?: CouponTerms | null;
  posted?: Posted | null;
}

export interface PricedLine {
  /** (unit price + extras) × quantity, or the total set by hand. */
  total: number;
  /** Its share of the coupon's discount. */
  discount: number;
  tax: number;
  /** The rule that taxed it (none: no tax group, or no rule for the address). */
  taxRule: TaxRuleTerms | null;
}

/** The shipping of one group among the lines: the option that applies and its charge before any coupon. */
export interface GroupShipping {
  group: ShippingGroupTerms;
  /** The indexes of its lines. */
  lines: number[];
  /** The option's index in the group. */
  option: number;
  amount: number;
}

export interface Priced {
  lines: PricedLine[];
  /** The lines' totals, extras included. */
  subtotal: number;
  /** The coupon's discount off the goods. */
  discount: number;
  /** What the groups charge before a coupon (or the posted shipping). */
  shippingCharged: number;
  /** The shipping a coupon made free. */
  shippingWaived: number;
  /** What is paid for shipping: charged − waived. */
  shipping: number;
  /** The shipping's tax by the rules (part of `tax` unless the tax was posted). */
  shippingTax: number;
  shippingTaxRule: TaxRuleTerms | null;
  /** The lines' tax and the shipping's (or the posted tax). */
  tax: number;
  /** Each group's shipping, in the order of its first line; empty when the shipping was posted. */
  groups: GroupShipping[];
  /** subtotal − discount + shipping + tax (or the posted total). */
  total: number;
}

/** A group with no option for the address: the store refuses the order, naming `ship_country`. */
export interface Refusal {
  field: "ship_country";
  group: ShippingGroupTerms;
  /** Why each of its options does not ship there. */
  quote: Extract<Quote, { ships: false }>;
}

export type PriceOutcome = { ok: true; priced: Priced } | { ok: false; refused: Refusal };

/* ---------- lines ---------- */

export function lineTotal(line: PricingLine): number {
  return line.total ?? (line.unitPrice + (line.extras ?? 0)) * line.quantity;
}

/** The line as the shipping calculator measures it: a unit's price with its extras. */
function cartItem(line: PricingLine): CartItem {
  return {
    quantity: line.quantity,
    unitPrice: line.unitPrice + (line.extras ?? 0),
    weight: line.weight ?? 0,
    ...(line.total !== undefined ? { total: line.total } : {}),
  };
}

/* ---------- shipping ---------- */

/**
 * The shipping groups among the lines, in the order of their first line
 * (lines without one add nothing), each with the option that applies; or
 * the first group that ships nowhere the address is.
 */
export function shippingByGroup(
  lines: readonly PricingLine[],
  to: Address,
): { ok: true; groups: GroupShipping[] } | { ok: false; refused: Refusal } {
  const byKey = new Map<string, { group: ShippingGroupTerms; lines: number[] }>();
  lines.forEach((line, index) => {
    const group = line.shippingGroup;
    if (!group) return;
    const entry = byKey.get(group.key) ?? { group, lines: [] };
    entry.lines.push(index);
    byKey.set(group.key, entry);
  });
  const groups: GroupShipping[] = [];
  for (const { group, lines: own } of byKey.values()) {
    const quote = quoteGroup(
      group.options,
      own.map((i) => cartItem(lines[i]!)),
      to,
    );
    if (!quote.ships) return { ok: false, refused: { field: "ship_country", group, quote } };
    groups.push({ group, lines: own, option: quote.option, amount: quote.charge.total });
  }
  return { ok: true, groups };
}

/* ---------- tax ---------- */

/**
 * The group's rule for the address: the rule naming its country and region,
 * else the country's rule with no region, else none. Places compare without
 * case, spaces or punctuation.
 */
export function taxRuleFor(group: TaxGroupTerms | null | undefined, to: Address): TaxRuleTerms | null {
  if (!group) return null;
  const country = squash(to.country);
  const region = squash(to.region);
  const inCountry = group.rules.filter((r) => squash(r.country) === country);
  return (
    (region ? inCountry.find((r) => r.region && squash(r.region) === region) : undefined) ??
    inCountry.find((r) => !r.region?.trim()) ??
    null
  );
}

/* ---------- coupons ---------- */

/**
 * The coupon's discount off the goods, and whether it makes shipping free:
 * percentage_off takes its percent of the subtotal; flat_discount its amount
 * once the subtotal reaches the threshold, never more than the subtotal;
 * free_shipping (and free_ship on the others) waives the shipping.
 */
export function couponEffect(
  coupon: CouponTerms | null | undefined,
  subtotal: number,
): { discount: number; freeShipping: boolean } {
  if (!coupon) return { discount: 0, freeShipping: false };
  if (coupon.type === "free_shipping") return { discount: 0, freeShipping: true };
  const freeShipping = Boolean(coupon.freeShip);
  if (coupon.type === "percentage_off") {
    return { discount: Math.min(percentOf(subtotal, coupon.percent ?? 0), subtotal), freeShipping };
  }
  const reaches = subtotal > 0 && subtotal >= (coupon.threshold ?? 0);
  return { discount: reaches ? Math.min(Math.max(coupon.flatRate ?? 0, 0), subtotal) : 0, freeShipping };
}

/**
 * `amount` shared among the lines in proportion to their totals, in whole
 * minor units that add up to it exactly: each line's whole share, then one
 * unit more to the largest remainders (ties to the earlier line).
 */
export function allocate(amount: number, totals: readonly number[]): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return totals.map(() => 0);
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = totals.map((t) => (big * BigInt(t)) / bigSum);
  let left = amount - shares.reduce((a, b) => a + Number(b), 0);
  const order = totals
    .map((t, i) => ({ i, r: (big * BigInt(t)) % bigSum }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/* ---------- the order ---------- */

/**
 * Prices an order: the subtotal; the coupon's discount, shared across the
 * lines; each group's shipping (unless posted), waived by a free-shipping
 * coupon (never a posted one); each line's tax on its total after its share
 * of the discount, and the shipping's tax by the first line whose rule taxes
 * shipping (unless the tax is posted); the total (unless posted). Refused
 * when a group ships nowhere the address is and the shipping is not posted.
 */
export function priceCart(cart: Cart): PriceOutcome {
  const posted = cart.posted ?? {};
  const totals = cart.lines.map(lineTotal);
  const subtotal = totals.reduce((a, b) => a + b, 0);

  let groups: GroupShipping[] = [];
  if (posted.shipping === undefined) {
    const shipping = shippingByGroup(cart.lines, cart.to);
    if (!shipping.ok) return shipping;
    groups = shipping.groups;
  }
  const shippingCharged = posted.shipping ?? groups.reduce((sum, g) => sum + g.amount, 0);
  const { discount, freeShipping } = couponEffect(cart.coupon, subtotal);
  const shippingWaived = freeShipping && posted.shipping === undefined ? shippingCharged : 0;
  const shipping = shippingCharged - shippingWaived;

  const shares = allocate(discount, totals);
  const lines = cart.lines.map((line, i): PricedLine => {
    const taxRule = taxRuleFor(line.taxGroup, cart.to);
    const taxable = totals[i]! - shares[i]!;
    return { total: totals[i]!, discount: shares[i]!, taxRule, tax: taxRule ? percentOf(taxable, taxRule.rate) : 0 };
  });
  const shippingTaxRule = lines.find((l) => l.taxRule?.onShipping)?.taxRule ?? null;
  const shippingTax = shippingTaxRule ? percentOf(shipping, shippingTaxRule.rate) : 0;
  const tax = posted.tax ?? lines.reduce((sum, l) => sum + l.tax, 0) + shippingTax;

  return {
    ok: true,
    priced: {
      lines,
      subtotal,
      discount,
      shippingCharged,
      shippingWaived,
      shipping,
      shippingTax,
      shippingTaxRule,
      tax,
      groups,
      total: posted.total ?? subtotal - discount + shipping + tax,
    },
  };
}
