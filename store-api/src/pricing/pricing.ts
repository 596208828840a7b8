/**
 * The store's arithmetic, in one pure module (docs/contract.md#pricing): what
 * a cart pays for shipping to an address, the tax on it, and a coupon's
 * discount. The orders resource computes every total with `priceCart` and no
 * other code. Nothing here reads the database or the clock.
 *
 * Amounts are integer minor units of the store currency; percentages and tax
 * rates are the percent itself (8.25 for 8.25%). Every amount derived from a
 * percentage is rounded half-up to the minor unit, once per line (and once for
 * the shipping's tax).
 */

/** Where an order ships: a 2-letter country code and, maybe, a region (a US state's code, a camel-cased name elsewhere). */
export interface Destination {
  country: string;
  region?: string | null;
}

export type PerCart = { type: "flat_fee"; amount: number } | { type: "percentage"; percent: number };

/** A range of a range-priced option: up to `max` inclusive (null: no upper bound), charging `rate`. */
export interface Range {
  /** quantity_ranges: items; price_ranges: minor units; weight_ranges: the store's weight unit. */
  max: number | null;
  rate: number;
}

export type PerItem =
  | { type: "none" }
  | { type: "flat_per_item"; amount: number }
  | { type: "quantity_ranges" | "price_ranges" | "weight_ranges"; ranges: Range[] };

export interface ShippingPlace {
  allowed: boolean;
  country: string;
  region?: string | null;
}

export interface ShippingOptionTerms {
  id: number;
  /** The option's place in its group: among options that apply equally, the first wins. */
  position: number;
  perCart: PerCart;
  perItem: PerItem;
  destinations: ShippingPlace[];
}

export interface ShippingGroupTerms {
  id: number;
  options: ShippingOptionTerms[];
}

export interface TaxRuleTerms {
  id: number;
  country: string;
  /** Null: the whole country. */
  region: string | null;
  rate: number;
  onShipping: boolean;
}

export interface TaxGroupTerms {
  id: number;
  rules: TaxRuleTerms[];
}

export interface CouponTerms {
  type: "percentage_off" | "flat_discount" | "free_shipping";
  /** percentage_off: the percent off the subtotal. */
  percent?: number | null;
  /** flat_discount: the amount off … */
  flatRate?: number | null;
  /** … when the subtotal is at least this much. */
  threshold?: number | null;
  /** Free shipping on top of a percentage or flat discount (always, for free_shipping). */
  freeShip?: boolean;
}

/** One line of a cart, as the orders resource builds it from the chosen option and extras. */
export interface CartLine {
  /** The price of one unit without extras (the product's price plus the option's surcharge). */
  unitPrice: number;
  quantity: number;
  /** The extras chosen for one unit, added up. */
  extras?: number;
  /** The weight of one unit. */
  weight?: number;
  /**
   * The line's total when it was set by hand (an order's posted `line_N_total`,
   * docs/contract.md#orders); otherwise (unitPrice + extras) × quantity.
   */
  total?: number;
  /** The product's groups; null adds no shipping or tax. */
  shippingGroup?: ShippingGroupTerms | null;
  taxGroup?: TaxGroupTerms | null;
}

/**
 * The amounts an order posted (docs/contract.md#orders): each stands as given.
 * Posted shipping is not asked of the shipping groups (so they cannot refuse
 * the address), no coupon waives it, and it is taxed like computed shipping
 * unless the tax is posted too.
 */
export interface Posted {
  shipping?: number | undefined;
  tax?: number | undefined;
  total?: number | undefined;
}

export interface Cart {
  lines: CartLine[];
  destination: Destination;
  coupon?: CouponTerms | null;
  posted?: Posted | null;
}

export interface PricedLine {
  /** (unitPrice + extras) × quantity, or the total set by hand. */
  total: number;
  /** The line's share of the coupon's discount. */
  discount: number;
  tax: number;
  taxRule: TaxRuleTerms | null;
}

export interface GroupShipping {
  groupId: number;
  optionId: number;
  /** Before any coupon. */
  amount: number;
}

export interface Priced {
  lines: PricedLine[];
  /** The lines' totals, extras included. */
  subtotal: number;
  /** The coupon's discount off the goods (free shipping is not counted here: see shippingWaived). */
  discount: number;
  /** What the groups charge before a coupon (or the posted shipping). */
  shippingCharged: number;
  /** Shipping a coupon made free. */
  shippingWaived: number;
  /** What is paid for shipping: shippingCharged − shippingWaived. */
  shipping: number;
  /** The tax of every line and of the shipping (or the posted tax). */
  tax: number;
  /** The shipping's tax by the rules (part of `tax` unless the tax was posted). */
  shippingTax: number;
  shippingTaxRule: TaxRuleTerms | null;
  /** Empty when the shipping was posted: the groups were not asked. */
  groups: GroupShipping[];
  /** subtotal − discount + shipping + tax (or the posted total). */
  total: number;
}

/** No shipping option of a group ships to the address: the order cannot be priced (a 422 naming ship_country). */
export class NoShippingOption extends Error {
  override name = "NoShippingOption";
  readonly field = "ship_country";
  constructor(readonly groupId: number) {
    super(`no shipping option of shipping group ${groupId} ships to this address`);
  }
}

/* ---------- percentages ---------- */

const RATE_SCALE = 1_000_000n;

/**
 * `percent`% of `amount`, rounded half-up to the minor unit. The percent is
 * taken to six decimals and the product computed in integers, so 8.25% of
 * 1000 is 82.5 → 83, never 82.49999… → 82.
 */
export function percentOf(amount: number, percent: number): number {
  if (amount <= 0 || percent <= 0) return 0;
  const scaled = BigInt(Math.round(percent * Number(RATE_SCALE)));
  const denominator = 100n * RATE_SCALE;
  return Number((2n * BigInt(amount) * scaled + denominator) / (2n * denominator));
}

/* ---------- where an option ships ---------- */

/**
 * Regions compare without case, spaces or punctuation ("NewSouthWales" = "New
 * South Wales"); letters and digits of every script count ("Κρήτη" is a
 * region, not an empty one).
 */
const place = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * How well an option fits an address: 2 when it names the address's region, 1
 * when it names only its country, 0 when it names no place at all (it ships
 * anywhere), null when it does not ship there. Among the places that name the
 * address, the most specific decide; `allowed: false` among them excludes.
 */
export function optionFit(option: Pick<ShippingOptionTerms, "destinations">, to: Destination): number | null {
  if (option.destinations.length === 0) return 0;
  const country = place(to.country);
  const region = place(to.region);
  const inCountry = option.destinations.filter((d) => place(d.country) === country);
  const inRegion = region ? inCountry.filter((d) => d.region && place(d.region) === region) : [];
  const wholeCountry = inCountry.filter((d) => !d.region);
  const deciding = inRegion.length ? inRegion : wholeCountry;
  if (deciding.length === 0 || deciding.some((d) => !d.allowed)) return null;
  return inRegion.length ? 2 : 1;
}

/** The option of the group that applies to the address (region matches, then country matches, then position), or null. */
export function pickShippingOption(group: ShippingGroupTerms, to: Destination): ShippingOptionTerms | null {
  let best: { option: ShippingOptionTerms; fit: number } | null = null;
  for (const option of [...group.options].sort((a, b) => a.position - b.position)) {
    const fit = optionFit(option, to);
    if (fit !== null && (!best || fit > best.fit)) best = { option, fit };
  }
  return best?.option ?? null;
}

/* ---------- what a group charges ---------- */

const lineTotal = (line: CartLine) => line.total ?? (line.unitPrice + (line.extras ?? 0)) * line.quantity;

/**
 * A total weight, taken to 12 significant digits: weights are floats, and 3 ×
 * 0.1 (0.30000000000000004) must fall in a range up to 0.3, `range_max` being
 * inclusive (docs/contract.md#pricing, a case of docs/pricing-cases.json).
 */
export const totalWeight = (weight: number) => Number(weight.toPrecision(12));

/** The rate of the range that `measure` falls in (`max` inclusive), or 0 past the last one. */
function rangeRate(ranges: Range[], measure: number): number {
  for (const range of ranges) if (range.max === null || measure <= range.max) return range.rate;
  return 0;
}

/** What an option charges for the lines of its group: the per-cart part plus the per-item part. */
export function optionCharge(option: Pick<ShippingOptionTerms, "perCart" | "perItem">, lines: CartLine[]): number {
  const subtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const items = lines.reduce((sum, l) => sum + l.quantity, 0);
  const weight = totalWeight(lines.reduce((sum, l) => sum + (l.weight ?? 0) * l.quantity, 0));
  const perCart =
    option.perCart.type === "flat_fee" ? option.perCart.amount : percentOf(subtotal, option.perCart.percent);
  const { perItem } = option;
  let perItemPart = 0;
  if (perItem.type === "flat_per_item") perItemPart = perItem.amount * items;
  else if (perItem.type === "quantity_ranges") perItemPart = rangeRate(perItem.ranges, items);
  else if (perItem.type === "price_ranges") perItemPart = rangeRate(perItem.ranges, subtotal);
  else if (perItem.type === "weight_ranges") perItemPart = rangeRate(perItem.ranges, weight);
  return perCart + perItemPart;
}

/** The shipping of each group among the lines (lines without a group add nothing). Throws NoShippingOption. */
export function shippingByGroup(lines: CartLine[], to: Destination): GroupShipping[] {
  const groups = new Map<number, { group: ShippingGroupTerms; lines: CartLine[] }>();
  for (const line of lines) {
    if (!line.shippingGroup) continue;
    const entry = groups.get(line.shippingGroup.id) ?? { group: line.shippingGroup, lines: [] };
    entry.lines.push(line);
    groups.set(line.shippingGroup.id, entry);
  }
  return [...groups.values()].map(({ group, lines: own }) => {
    const option = pickShippingOption(group, to);
    if (!option) throw new NoShippingOption(group.id);
    return { groupId: group.id, optionId: option.id, amount: optionCharge(option, own) };
  });
}

/* ---------- tax ---------- */

/** The group's rule for the address: its country and region, else its country with no region, else none. */
export function taxRuleFor(group: TaxGroupTerms | null | undefined, to: Destination): TaxRuleTerms | null {
  if (!group) return null;
  const country = place(to.country);
  const region = place(to.region);
  const inCountry = group.rules.filter((r) => place(r.country) === country);
  return (
    (region ? inCountry.find((r) => r.region && place(r.region) === region) : undefined) ??
    inCountry.find((r) => !r.region) ??
    null
  );
}

/* ---------- coupons ---------- */

/** The coupon's discount off the goods, and whether it makes shipping free. */
export function couponEffect(coupon: CouponTerms | null | undefined, subtotal: number) {
  if (!coupon) return { discount: 0, freeShipping: false };
  if (coupon.type === "free_shipping") return { discount: 0, freeShipping: true };
  const freeShipping = Boolean(coupon.freeShip);
  if (coupon.type === "percentage_off") {
    return { discount: Math.min(percentOf(subtotal, coupon.percent ?? 0), subtotal), freeShipping };
  }
  const reaches = subtotal > 0 && subtotal >= (coupon.threshold ?? 0);
  return { discount: reaches ? Math.min(coupon.flatRate ?? 0, subtotal) : 0, freeShipping };
}

/**
 * Shares `amount` among the lines in proportion to their totals, in whole
 * minor units that add up to it exactly (largest remainder; ties to the
 * earlier line).
 */
export function allocate(amount: number, totals: number[]): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return totals.map(() => 0);
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = totals.map((t) => (big * BigInt(t)) / bigSum);
  const remainders = totals.map((t, i) => ({ i, r: (big * BigInt(t)) % bigSum }));
  let left = amount - shares.reduce((a, b) => a + Number(b), 0);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/* ---------- the cart ---------- */

/**
 * Prices a cart: subtotal, the coupon's discount, shipping by group (one
 * option each), tax per line on its total after its share of the discount,
 * the shipping's tax by the first line whose rule taxes shipping, and the
 * total; what was posted (shipping, tax, total) stands as given
 * (docs/contract.md#orders). Throws NoShippingOption when a group ships
 * nowhere the address is (never when the shipping was posted).
 */
export function priceCart(cart: Cart): Priced {
  const posted = cart.posted ?? {};
  const totals = cart.lines.map(lineTotal);
  const subtotal = totals.reduce((a, b) => a + b, 0);
  const groups = posted.shipping === undefined ? shippingByGroup(cart.lines, cart.destination) : [];
  const shippingCharged = posted.shipping ?? groups.reduce((sum, g) => sum + g.amount, 0);
  const { discount, freeShipping } = couponEffect(cart.coupon, subtotal);
  const shippingWaived = freeShipping && posted.shipping === undefined ? shippingCharged : 0;
  const shipping = shippingCharged - shippingWaived;

  const discounts = allocate(discount, totals);
  const lines: PricedLine[] = cart.lines.map((line, i) => {
    const taxRule = taxRuleFor(line.taxGroup, cart.destination);
    const taxable = totals[i]! - discounts[i]!;
    return { total: totals[i]!, discount: discounts[i]!, taxRule, tax: taxRule ? percentOf(taxable, taxRule.rate) : 0 };
  });
  const shippingTaxRule = lines.find((l) => l.taxRule?.onShipping)?.taxRule ?? null;
  const shippingTax = shippingTaxRule ? percentOf(shipping, shippingTaxRule.rate) : 0;
  const tax = posted.tax ?? lines.reduce((sum, l) => sum + l.tax, 0) + shippingTax;

  return {
    lines,
    subtotal,
    discount,
    shippingCharged,
    shippingWaived,
    shipping,
    tax,
    shippingTax,
    shippingTaxRule,
    groups,
    total: posted.total ?? subtotal - discount + shipping + tax,
  };
}
