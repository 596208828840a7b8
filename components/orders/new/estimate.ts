import { formatMoney, parseMoneyText } from "../../../lib/money";
import { placeName } from "../../../lib/places";
import {
  type CouponTerms,
  type PricingLine,
  type ShippingGroupTerms,
  type TaxGroupTerms,
  couponEffect,
  priceCart,
} from "../../../lib/pricing";
import type { Coupon } from "../../../lib/store/coupons/model";
import type { CouponLookup } from "../../../lib/store/coupons/model-lookup";
import { type NewOrderValues, lineAmount, parseQuantity } from "../../../lib/store/orders/input";
import type { Product } from "../../../lib/store/products/model";
import type { ShippingGroup } from "../../../lib/store/shipping/model";
import type { TaxGroup } from "../../../lib/store/tax/model";

/**
 * The new order's totals, estimated in the browser before it is created:
 * the form's lines, ship-to address and coupon, with the store's own
 * shipping and tax groups, through the store's arithmetic (lib/pricing.ts,
 * docs/contract.md#pricing). Only an estimate: the store prices the order
 * when it is created, from what it holds then (docs/contract.md#orders), and
 * `compareWithStore` says where its answer differs. Pure: the reads come in
 * as their state, the clock as `now`.
 */

/** A read the estimate needs, as React Query holds it. */
export type Read<T> =
  | { status: "pending" }
  | { status: "ready"; data: T }
  /** `forbidden`: the store refused the signed-in person (a 403); otherwise `message` says what failed. */
  | { status: "failed"; forbidden: boolean; message: string };

/** The coupon code typed: none, or its lookup. */
export type CouponRead = { status: "none" } | ({ code: string } & Read<CouponLookup>);

export interface EstimateInput {
  values: Pick<
    NewOrderValues,
    "lines" | "billing" | "shipToBilling" | "shipping" | "setShipping" | "shippingAmount" | "setTax" | "taxAmount"
  >;
  /** The picked products by key, with their options, extras, weights and groups. */
  products: ReadonlyMap<string, Product>;
  currency: string;
  shippingGroups: Read<readonly ShippingGroup[]>;
  taxGroups: Read<readonly TaxGroup[]>;
  coupon: CouponRead;
  /** UNIX seconds: a coupon works from its start up to, not including, its end (docs/contract.md#coupons). */
  now: number;
}

/** One figure of the estimate: an amount, or why there is none. */
export type Figure = { known: true; amount: number } | { known: false; why: string };

export interface Estimate {
  subtotal: Figure;
  discount: Figure;
  shipping: Figure;
  tax: Figure;
  total: Figure;
  /** What would make the store refuse the order, one sentence each; the coupon's is apart, said at its field. */
  refusals: string[];
  couponRefusal: string | null;
  /** How the shipping and the tax were found: "Standard, of Heavy goods", "Tax: 8.25% (California)". */
  details: string[];
  /** Every figure is known. */
  complete: boolean;
}

const unknown = (why: string): Figure => ({ known: false, why });
const known = (amount: number): Figure => ({ known: true, amount });

/** Why a group list cannot be used, or null once it is read. */
function readProblem(read: Read<unknown>, what: "shipping" | "tax"): string | null {
  if (read.status === "ready") return null;
  if (read.status === "pending") return `Reading the store's ${what} groups…`;
  if (read.forbidden) {
    return `Your account may not read the ${what} groups, so the ${what} is not estimated: the store computes it.`;
  }
  return `Could not read the ${what} groups (${read.message}), so the ${what} is not estimated: the store computes it.`;
}

/** The coupon as the arithmetic takes it: null for a type the contract does not name. */
export function couponTerms(coupon: Pick<Coupon, "type" | "percentage" | "flatRate" | "threshold" | "freeShip">) {
  if (coupon.type !== "percentage_off" && coupon.type !== "flat_discount" && coupon.type !== "free_shipping") {
    return null;
  }
  const terms: CouponTerms = {
    type: coupon.type,
    percent: coupon.percentage,
    flatRate: coupon.flatRate,
    threshold: coupon.threshold,
    freeShip: coupon.freeShip,
  };
  return terms;
}

/**
 * Why the store would refuse the code (docs/contract.md#coupons: unknown,
 * not started, expired, inactive, used up), in a sentence; null when it
 * would take it.
 */
export function couponRefusal(lookup: CouponLookup, code: string, now: number): string | null {
  if (!lookup.found) return `No coupon has the code “${code}”: the store will refuse it.`;
  const { coupon } = lookup;
  const name = coupon.name ? `The coupon “${coupon.name}”` : "This coupon";
  if (coupon.startDate !== null && now < coupon.startDate)
    return `${name} has not started yet: the store will refuse it.`;
  if (coupon.endDate !== null && now >= coupon.endDate) return `${name} has ended: the store will refuse it.`;
  if (!lookup.code.active) return `The code “${lookup.code.code}” was used already: the store will refuse it.`;
  if (coupon.limit > 0 && coupon.redeemed >= coupon.limit) return `${name} is used up: the store will refuse it.`;
  return null;
}

/** The coupon's terms, or why the discount cannot be estimated, or the refusal the store will give. */
function couponPart(
  read: CouponRead,
  now: number,
): { terms: CouponTerms | null; why?: string; refusal?: string; detail?: string } {
  if (read.status === "none") return { terms: null };
  if (read.status === "pending") return { terms: null, why: "Checking the coupon code…" };
  if (read.status === "failed") {
    return {
      terms: null,
      why: read.forbidden
        ? "Your account may not read coupons, so the discount is not estimated: the store applies the coupon."
        : `Could not check the coupon code (${read.message}): the store applies it.`,
    };
  }
  const refusal = couponRefusal(read.data, read.code, now);
  if (refusal) return { terms: null, why: "The store will refuse the coupon code: see Coupon code.", refusal };
  if (!read.data.found) return { terms: null };
  const terms = couponTerms(read.data.coupon);
  if (!terms) {
    return {
      terms: null,
      why: `The coupon's kind (“${read.data.coupon.type}”) is not one Store Admin knows: the store applies it.`,
    };
  }
  return { terms, detail: `Coupon: ${read.data.coupon.name || read.data.code.code}` };
}

/**
 * One unit's weight as the store weighs it: the option's own weight when it
 * has one, else the product's, with the chosen extras' weights
 * (docs/contract.md#pricing).
 */
export function unitWeight(product: Product, optionKey: string, extraKeys: readonly string[]): number {
  const option = product.options.find((o) => o.key === optionKey);
  const own = option?.weight && option.weight > 0 ? option.weight : (product.weight ?? 0);
  return own + product.extras.filter((e) => extraKeys.includes(e.key)).reduce((sum, e) => sum + (e.weight ?? 0), 0);
}

/** A posted amount (shipping or tax set by hand): null when not set, "bad" when it is not an amount yet. */
function posted(on: boolean, text: string, currency: string): number | null | "bad" {
  if (!on) return null;
  const parsed = parseMoneyText(text, currency);
  return parsed.ok ? parsed.minor : "bad";
}

/** The estimate of the order as the form stands. */
export function estimateOrder(input: EstimateInput): Estimate {
  const { values, products, currency, now } = input;
  const all = (why: string): Estimate => {
    const u = unknown(why);
    const figures = { subtotal: u, discount: u, shipping: u, tax: u, total: u };
    return { ...figures, refusals: [], couponRefusal: null, details: [], complete: false };
  };
  if (!values.lines.length) return all("Add a product to see the estimate.");

  const lines = values.lines.map((line) => {
    const product = products.get(line.productKey);
    const amount = product ? lineAmount(line, product.extras, currency) : null;
    return { line, product, amount };
  });
  if (lines.some((l) => !l.product || l.amount === null)) {
    return all("Complete every line (its quantity and price) to see the estimate.");
  }
  const subtotal = lines.reduce((sum, l) => sum + l.amount!, 0);

  const refusals: string[] = [];
  const details: string[] = [];
  const coupon = couponPart(input.coupon, now);
  if (coupon.detail) details.push(coupon.detail);

  const postedShipping = posted(values.setShipping, values.shippingAmount, currency);
  const postedTax = posted(values.setTax, values.taxAmount, currency);
  const address = values.shipToBilling ? values.billing : values.shipping;
  const country = address.country.trim().toUpperCase();
  const to = { country, region: address.state.trim() || null };

  const shippingGroupOf = new Map<string, ShippingGroup>();
  const taxGroupOf = new Map<string, TaxGroup>();
  if (input.shippingGroups.status === "ready") for (const g of input.shippingGroups.data) shippingGroupOf.set(g.id, g);
  if (input.taxGroups.status === "ready") for (const g of input.taxGroups.data) taxGroupOf.set(g.id, g);

  const needsShipping = postedShipping === null && lines.some((l) => l.product!.shippingGroup);
  const needsTax = postedTax === null && lines.some((l) => l.product!.taxGroup);
  const missing = (kind: "shipping" | "tax") =>
    lines.find((l) => {
      const ref = kind === "shipping" ? l.product!.shippingGroup : l.product!.taxGroup;
      return ref && !(kind === "shipping" ? shippingGroupOf : taxGroupOf).has(ref.id);
    });

  let shippingWhy: string | null = null;
  if (postedShipping === "bad") shippingWhy = "Enter the shipping charge to see it.";
  else if (needsShipping && !country) shippingWhy = "Choose the country it ships to.";
  else if (needsShipping) shippingWhy = readProblem(input.shippingGroups, "shipping");
  if (!shippingWhy && needsShipping) {
    const line = missing("shipping");
    if (line) {
      shippingWhy = `The shipping group of ${line.product!.name} is no longer in the store's list: the store computes the shipping.`;
    }
  }

  let taxWhy: string | null = null;
  if (postedTax === "bad") taxWhy = "Enter the tax to see it.";
  else if (needsTax && !country) taxWhy = "Choose the country it ships to.";
  else if (needsTax) taxWhy = readProblem(input.taxGroups, "tax");
  if (!taxWhy && needsTax) {
    const line = missing("tax");
    if (line)
      taxWhy = `The tax group of ${line.product!.name} is no longer in the store's list: the store computes the tax.`;
  }
  // The shipping is taxed too (by an on_shipping rule), so an unknown shipping leaves the tax unknown.
  if (!taxWhy && needsTax && shippingWhy) taxWhy = shippingWhy;

  const discount = coupon.why ? unknown(coupon.why) : known(couponEffect(coupon.terms, subtotal).discount);
  // A coupon may waive the shipping and lowers what is taxed: until it is known, neither is (one refused waives nothing).
  if (coupon.why && !coupon.refusal) {
    if (needsShipping) shippingWhy ??= coupon.why;
    if (needsTax) taxWhy ??= coupon.why;
  }

  const pricingLines: PricingLine[] = lines.map(({ line, product }) => {
    const shippingGroup = product!.shippingGroup ? shippingGroupOf.get(product!.shippingGroup.id) : undefined;
    const taxGroup = product!.taxGroup ? taxGroupOf.get(product!.taxGroup.id) : undefined;
    const unitPrice = parseMoneyText(line.unitPrice, currency);
    const extras = product!.extras.filter((e) => line.extraKeys.includes(e.key)).reduce((s, e) => s + e.surcharge, 0);
    return {
      unitPrice: unitPrice.ok ? unitPrice.minor : 0,
      quantity: parseQuantity(line.quantity) ?? 0,
      extras,
      weight: unitWeight(product!, line.optionKey, line.extraKeys),
      shippingGroup: shippingGroup ? shippingTerms(shippingGroup) : null,
      taxGroup: taxGroup ? taxTerms(taxGroup) : null,
    };
  });

  const outcome =
    shippingWhy && taxWhy
      ? null
      : priceCart({
          lines: pricingLines,
          to,
          coupon: coupon.terms,
          posted: {
            shipping: typeof postedShipping === "number" ? postedShipping : shippingWhy ? 0 : undefined,
            tax: typeof postedTax === "number" ? postedTax : taxWhy ? 0 : undefined,
          },
        });

  if (outcome && !outcome.ok) {
    const group = shippingGroupOf.get(outcome.refused.group.key);
    const names = lines
      .filter((l) => l.product!.shippingGroup?.id === outcome.refused.group.key)
      .map((l) => l.product!.name);
    const place = placeName(to.country, to.region);
    refusals.push(
      `The shipping group “${group?.name || "unnamed"}” (of ${names.join(", ")}) has no option for ${place}: the store will refuse the order. Ship elsewhere, or set the shipping charge yourself.`,
    );
    const why = `No shipping option for ${place}.`;
    shippingWhy = why;
    if (needsTax) taxWhy = why;
  }

  const priced = outcome?.ok ? outcome.priced : null;
  const shipping = shippingWhy || !priced ? unknown(shippingWhy ?? "") : known(priced.shipping);
  const tax = taxWhy || !priced ? unknown(taxWhy ?? "") : known(priced.tax);
  if (priced && !shippingWhy && postedShipping === null) {
    for (const g of priced.groups) {
      const group = shippingGroupOf.get(g.group.key);
      const option = group?.options[g.option];
      if (group && option) details.push(`Shipping: ${option.name || "an option"}, of ${group.name || "a group"}`);
    }
    if (priced.shippingWaived > 0)
      details.push(`The coupon waives ${formatMoney(priced.shippingWaived, currency)} of shipping`);
  }
  if (priced && !taxWhy && postedTax === null) {
    const rules = new Set<string>();
    for (const l of priced.lines) if (l.taxRule) rules.add(ruleWords(l.taxRule.rate, to));
    for (const rule of rules) details.push(`Tax: ${rule}`);
  }

  const parts = [discount, shipping, tax];
  const firstUnknown = parts.find((f): f is Extract<Figure, { known: false }> => !f.known);
  const total =
    firstUnknown || !priced
      ? unknown(firstUnknown?.why ?? "")
      : known(subtotal - priced.discount + priced.shipping + priced.tax);
  return {
    subtotal: known(subtotal),
    discount,
    shipping,
    tax,
    total,
    refusals,
    couponRefusal: coupon.refusal ?? null,
    details,
    complete: total.known,
  };
}

function ruleWords(rate: number, to: { country: string; region: string | null }): string {
  const percent = `${new Intl.NumberFormat("en", { maximumFractionDigits: 6 }).format(rate)}%`;
  return `${percent} (${placeName(to.country, to.region)})`;
}

/** A shipping group as the arithmetic takes it, known by its id. */
export function shippingTerms(group: ShippingGroup): ShippingGroupTerms {
  return { key: group.id, options: group.options };
}

export function taxTerms(group: TaxGroup): TaxGroupTerms {
  return { key: group.id, rules: group.rules };
}

/* ---------- the store's answer against the estimate ---------- */

/** What the store answered for the created order (docs/contract.md#orders). */
export interface StoreTotals {
  currency: string;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

export type FigureName = "subtotal" | "discount" | "shipping" | "tax" | "total";

export const figureLabels: Record<FigureName, string> = {
  subtotal: "Subtotal",
  discount: "Discount",
  shipping: "Shipping",
  tax: "Tax",
  total: "Total",
};

export interface Difference {
  figure: FigureName;
  estimated: number;
  store: number;
}

/**
 * The figures the estimate had that the store's answer does not match. The
 * store gives no discount amount, only its description: the discount is what
 * the other figures leave (subtotal + shipping + tax − total).
 */
export function compareWithStore(
  estimate: Estimate,
  answer: StoreTotals,
): { compared: FigureName[]; differences: Difference[] } {
  const store: Record<FigureName, number> = {
    subtotal: answer.subtotal,
    discount: answer.subtotal + answer.shipping + answer.tax - answer.total,
    shipping: answer.shipping,
    tax: answer.tax,
    total: answer.total,
  };
  const compared: FigureName[] = [];
  const differences: Difference[] = [];
  for (const figure of ["subtotal", "discount", "shipping", "tax", "total"] as const) {
    const estimated = estimate[figure];
    if (!estimated.known) continue;
    compared.push(figure);
    if (estimated.amount !== store[figure])
      differences.push({ figure, estimated: estimated.amount, store: store[figure] });
  }
  return { compared, differences };
}

/**
 * The comparison in words for the message after creating: null when there
 * was nothing to compare.
 */
export function comparisonText(estimate: Estimate, answer: StoreTotals): { same: boolean; text: string } | null {
  const { compared, differences } = compareWithStore(estimate, answer);
  if (!compared.length) return null;
  const money = (minor: number) => formatMoney(minor, answer.currency);
  if (!differences.length) {
    return {
      same: true,
      text: compared.includes("total")
        ? `The store's total, ${money(answer.total)}, matches the estimate.`
        : "The store's figures match what was estimated.",
    };
  }
  const parts = differences.map((d) => `${figureLabels[d.figure]} ${money(d.store)} (estimated ${money(d.estimated)})`);
  return { same: false, text: `The store's figures differ from the estimate: ${parts.join("; ")}.` };
}
