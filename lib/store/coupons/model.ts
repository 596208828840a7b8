import { formatMoney } from "../../money";

/**
 * Coupons in the dashboard's own terms: types, words and the small rules the
 * pages show (validity, usage). Safe anywhere and free of zod, because client
 * components import it; the raw API shape is read in ./schema.ts
 * (docs/contract.md#coupons).
 *
 * Money is integer minor units of `currency` (lib/money.ts formats it);
 * times are UNIX seconds, as the store sends them.
 */

export const couponTypes = ["percentage_off", "flat_discount", "free_shipping"] as const;
export type CouponType = (typeof couponTypes)[number];

export const couponTypeLabels: Record<CouponType, string> = {
  percentage_off: "Percentage off",
  flat_discount: "Amount off",
  free_shipping: "Free shipping",
};

export const couponTypeDescriptions: Record<CouponType, string> = {
  percentage_off: "A percentage of the order's subtotal.",
  flat_discount: "A fixed amount, optionally from a minimum order.",
  free_shipping: "The order ships for free.",
};

export function isCouponType(type: string): type is CouponType {
  return (couponTypes as readonly string[]).includes(type);
}

/** "Percentage off" for a known type; another a store sends, as it wrote it. */
export function couponTypeLabel(type: string): string {
  return isCouponType(type) ? couponTypeLabels[type] : type.trim() || "Unknown";
}

/** Without a code, a coupon gets this many single-use codes at most (docs/contract.md#coupons). */
export const maxGeneratedCodes = 100_000;
/** The largest limit a form offers (a store keeps it in a 32-bit integer). */
export const maxCouponLimit = 2_147_483_647;

/** A coupon code: `multi_use` (the one code a coupon was created with) or `one_use` (generated). */
export interface CouponCode {
  code: string;
  /** multi_use or one_use; another a store sends is kept as it came. */
  type: string;
  active: boolean;
  /** UNIX seconds; null when the store did not say. */
  created: number | null;
}

/**
 * The codes as the browser receives them (GET /api/coupons/{id}/codes): one
 * short row per code, because a coupon may have 100,000 of them.
 */
export type CouponCodeRow = [code: string, type: string, active: boolean, created: number | null];

export function codeRow(code: CouponCode): CouponCodeRow {
  return [code.code, code.type, code.active, code.created];
}

export function codeFromRow([code, type, active, created]: CouponCodeRow): CouponCode {
  return { code, type, active, created };
}

/** What the list says about a coupon's codes, without the codes themselves. */
export interface CouponCodesSummary {
  total: number;
  active: number;
  oneUse: number;
  /** The code customers type, when the coupon has exactly one multi_use code. */
  single: string | null;
}

export interface Coupon {
  id: string;
  name: string;
  /** One of couponTypes; another a store sends is kept as it came. */
  type: string;
  /** UNIX seconds; null when the store sent none it could read. */
  startDate: number | null;
  endDate: number | null;
  /** Most redemptions; 0 is no limit. */
  limit: number;
  hits: number;
  redeemed: number;
  freeShip: boolean;
  /** percentage_off: the percent itself (15 for 15 %). */
  percentage: number | null;
  /** flat_discount: minor units of `currency`. */
  flatRate: number | null;
  threshold: number | null;
  /** The store currency; null when the store did not say (it sends it for flat_discount). */
  currency: string | null;
  created: number | null;
  modified: number | null;
  codes: CouponCodesSummary;
}

/** A coupon with its codes (one coupon's page). */
export interface CouponWithCodes extends Coupon {
  codeList: CouponCode[];
}

/** A coupon with its codes when they are few (one coupon's page): null when there are more than the page takes. */
export interface CouponWithFewCodes extends Coupon {
  codeList: CouponCode[] | null;
}

/**
 * Keeps codes while there are at most `upTo` of them; at the next, lets go of
 * them all and keeps none from then on. One coupon may hold 100,000 codes:
 * its page takes a few with it, and the browser reads the rest itself.
 */
export class FewCodes {
  #codes: CouponCode[] | null = [];

  constructor(readonly upTo: number) {}

  add(code: CouponCode): void {
    if (!this.#codes) return;
    if (this.#codes.length >= this.upTo) this.#codes = null;
    else this.#codes.push(code);
  }

  /** The codes, in order; null once there were more than `upTo`. */
  get list(): CouponCode[] | null {
    return this.#codes;
  }

  /** How many codes it holds now. */
  get held(): number {
    return this.#codes?.length ?? 0;
  }
}

/**
 * Sums codes up one at a time, without keeping them: a store's list carries
 * every code of every coupon (docs/contract.md#coupons), read as it arrives.
 */
export class CodeTally {
  #total = 0;
  #active = 0;
  #oneUse = 0;
  #first: CouponCode | undefined;

  add(code: CouponCode): void {
    if (this.#total++ === 0) this.#first = code;
    if (code.active) this.#active++;
    if (code.type === "one_use") this.#oneUse++;
  }

  summary(): CouponCodesSummary {
    const only = this.#total === 1 ? this.#first : undefined;
    return {
      total: this.#total,
      active: this.#active,
      oneUse: this.#oneUse,
      single: only && only.type !== "one_use" ? only.code : null,
    };
  }
}

export function summariseCodes(codes: readonly CouponCode[]): CouponCodesSummary {
  const tally = new CodeTally();
  for (const code of codes) tally.add(code);
  return tally.summary();
}

/** Whether a coupon's codes were generated, one use each (rather than one code to share). */
export function hasGeneratedCodes(coupon: Pick<Coupon, "codes">): boolean {
  return coupon.codes.oneUse > 0 && coupon.codes.single === null;
}

/* ---------- validity ---------- */

export type CouponValidity = "upcoming" | "active" | "expired";

export const validityLabels: Record<CouponValidity, string> = {
  upcoming: "Upcoming",
  active: "Active",
  expired: "Expired",
};

/**
 * Where a coupon stands at `now` (UNIX seconds): it works from its start date
 * on and before its end date. A date the store did not send does not bound it.
 */
export function couponValidity(coupon: Pick<Coupon, "startDate" | "endDate">, now: number): CouponValidity {
  if (coupon.startDate !== null && now < coupon.startDate) return "upcoming";
  if (coupon.endDate !== null && now >= coupon.endDate) return "expired";
  return "active";
}

/* ---------- usage ---------- */

const count = new Intl.NumberFormat("en");

export function formatCount(n: number): string {
  return count.format(n);
}

/** "12 of 100 used", or "12 used" when there is no limit (the limit is then told as "Unlimited"). */
export function usageText(coupon: Pick<Coupon, "redeemed" | "limit">): string {
  return coupon.limit > 0
    ? `${formatCount(coupon.redeemed)} of ${formatCount(coupon.limit)} used`
    : `${formatCount(coupon.redeemed)} used`;
}

/** Under the word "Limit" (a coupon's page): "500 uses", "1 use", "Unlimited". */
export function limitText(coupon: Pick<Coupon, "limit">): string {
  if (coupon.limit <= 0) return "Unlimited";
  return `${formatCount(coupon.limit)} ${coupon.limit === 1 ? "use" : "uses"}`;
}

export function isUsedUp(coupon: Pick<Coupon, "redeemed" | "limit">): boolean {
  return coupon.limit > 0 && coupon.redeemed >= coupon.limit;
}

/** "3 tries at checkout": every order that named one of its codes, refused ones included. */
export function hitsText(coupon: Pick<Coupon, "hits">): string {
  return `${formatCount(coupon.hits)} ${coupon.hits === 1 ? "try" : "tries"} at checkout`;
}

/** The state of one code in words: a used single-use code is "Used". */
export function codeState(code: Pick<CouponCode, "type" | "active">): "Active" | "Used" | "Inactive" {
  if (code.active) return "Active";
  return code.type === "one_use" ? "Used" : "Inactive";
}

export function codeTypeLabel(type: string): string {
  if (type === "one_use") return "Single-use";
  if (type === "multi_use") return "Multi-use";
  return type.trim() || "Unknown";
}

/** What the list says about the codes: the code itself, or how many were generated. */
export function codesText(codes: CouponCodesSummary): string {
  if (codes.single !== null) return codes.single;
  if (codes.total === 0) return "No codes";
  const n = formatCount(codes.total);
  if (codes.oneUse === codes.total) return `${n} single-use ${codes.total === 1 ? "code" : "codes"}`;
  return `${n} ${codes.total === 1 ? "code" : "codes"}`;
}

const percent = new Intl.NumberFormat("en", { maximumFractionDigits: 6 });

/**
 * What the coupon gives, in words: "15% off", "$5.00 off orders of $50.00 or
 * more", "Free shipping", with "+ free shipping" when a discount adds it.
 */
export function discountText(
  coupon: Pick<Coupon, "type" | "percentage" | "flatRate" | "threshold" | "currency" | "freeShip">,
): string {
  const currency = coupon.currency ?? "USD";
  let text: string;
  if (coupon.type === "percentage_off") {
    text = coupon.percentage !== null ? `${percent.format(coupon.percentage)}% off` : "Percentage off";
  } else if (coupon.type === "flat_discount") {
    text = coupon.flatRate !== null ? `${formatMoney(coupon.flatRate, currency)} off` : "Amount off";
    if (coupon.threshold) text += ` orders of ${formatMoney(coupon.threshold, currency)} or more`;
  } else if (coupon.type === "free_shipping") {
    return "Free shipping";
  } else {
    text = couponTypeLabel(coupon.type);
  }
  return coupon.freeShip ? `${text} + free shipping` : text;
}

/** What deleting a coupon does, for its confirmation. */
export function deleteCouponWarning(coupon: Pick<Coupon, "codes">): string {
  const n = coupon.codes.total;
  const codes =
    coupon.codes.single !== null
      ? `Customers can no longer use the code ${coupon.codes.single}.`
      : n
        ? `Its ${formatCount(n)} ${n === 1 ? "code stops" : "codes stop"} working at checkout.`
        : "It stops working at checkout.";
  return `${codes} This cannot be undone.`;
}

/** The time now in UNIX seconds, the unit of the store's dates. */
export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}
