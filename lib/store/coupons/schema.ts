import { z } from "zod";
import { normaliseCurrency } from "../../money";
import { amountOf, flag, isTrue, numberOf, percentOf, readTime, text, time } from "../shapes";
import { type Coupon, type CouponCode, type CouponCodesSummary, type CouponWithCodes, summariseCodes } from "./model";

/**
 * The store's coupon as the API sends it (docs/contract.md#coupons), read
 * tolerantly, and its mapping to the app's Coupon. Kept apart from ./model.ts
 * so that client components, which import the model, carry no zod; only
 * ./api.ts (and tests) import this.
 *
 * Tolerance (docs/contract.md): unknown fields pass; only `id` is required;
 * `percentage` may come as "15%", "15" or 15 (with or without
 * `percentage_raw`); money as the `_raw` float or the formatted string;
 * times as UNIX seconds, numeric strings or dates in words; a field of
 * another shape gets a default instead of failing the whole list.
 */

/* ---------- readers of its own (the rest are lib/store/shapes.ts's) ---------- */

/** A coupon's id: a whole number or a non-empty string, as a string. */
const id = z.union([z.number().int().transform(String), z.string().trim().min(1)]);

/** A count (limit, hits, redeemed): a whole number from 0, else the default. */
const countOf = (fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const n = numberOf(value);
      return n !== undefined && n >= 0 ? Math.trunc(n) : fallback;
    });

/**
 * One code as a store sends it, read by hand rather than by a zod schema: a
 * coupon may have 100,000 of them. A bare string is a multi_use code; a code
 * without text is left out (null); `active` is true unless the store says
 * otherwise.
 */
export function readCode(entry: unknown): CouponCode | null {
  if (typeof entry === "string") {
    return entry ? { code: entry, type: "multi_use", active: true, created: null } : null;
  }
  if (!entry || typeof entry !== "object") return null;
  const raw = entry as Record<string, unknown>;
  const code = typeof raw.code === "string" ? raw.code : typeof raw.code === "number" ? String(raw.code) : "";
  if (!code) return null;
  return {
    code,
    type: typeof raw.type === "string" ? raw.type : "",
    active: raw.active === undefined || raw.active === null ? true : isTrue(raw.active),
    created: readTime(raw.created),
  };
}

/** The codes (anything but a list is none). */
export function readCodes(value: unknown): CouponCode[] {
  if (!Array.isArray(value)) return [];
  const codes: CouponCode[] = [];
  for (const entry of value) {
    const code = readCode(entry);
    if (code) codes.push(code);
  }
  return codes;
}

/* ---------- the coupon ---------- */

export const storeCouponSchema = z.looseObject({
  id,
  name: text,
  type: text,
  codes: z.unknown().optional().transform(readCodes),
  start_date: time,
  end_date: time,
  limit: countOf(0),
  hits: countOf(0),
  redeemed: countOf(0),
  free_ship: flag,
  percentage: z.unknown().optional(),
  percentage_raw: z.unknown().optional(),
  flat_rate: z.unknown().optional(),
  flat_rate_raw: z.unknown().optional(),
  threshold: z.unknown().optional(),
  threshold_raw: z.unknown().optional(),
  currency: text,
  created: time,
  modified: time,
});

export type StoreCoupon = z.infer<typeof storeCouponSchema>;

/**
 * A coupon's codes summed up as they were read (lib/store/coupons/api.ts
 * reads the store's answer as it arrives): what stands for its `codes` list.
 */
export class SummedCodes {
  constructor(readonly summary: CouponCodesSummary) {}
}

/**
 * The coupon as lists show it, from a coupon whose `codes` were summed up as
 * they passed (a SummedCodes), or came in another shape (read as before).
 */
export const summedCouponSchema = storeCouponSchema
  .extend({ codes: z.unknown().optional() })
  .transform((raw) =>
    toCouponWith(raw, raw.codes instanceof SummedCodes ? raw.codes.summary : summariseCodes(readCodes(raw.codes))),
  );

/** A coupon's fields but its codes. */
type StoreCouponTerms = Pick<StoreCoupon, Exclude<keyof typeof storeCouponSchema.shape, "codes">>;

/** The coupon, its codes summed up in `codes`. */
export function toCouponWith(raw: StoreCouponTerms, codes: CouponCodesSummary): Coupon {
  const currency = raw.currency ? normaliseCurrency(raw.currency, "") || null : null;
  const money = (float: unknown, formatted: unknown) => amountOf(float, formatted, currency ?? "USD") ?? null;
  const type = raw.type?.trim() ?? "";
  return {
    id: raw.id,
    name: raw.name ?? "",
    type,
    startDate: raw.start_date,
    endDate: raw.end_date,
    limit: raw.limit,
    hits: raw.hits,
    redeemed: raw.redeemed,
    // "ignored for type free_shipping" (the Store Management API specification; docs/contract.md#coupons).
    freeShip: type === "free_shipping" ? false : raw.free_ship,
    percentage: type === "percentage_off" ? (percentOf(raw.percentage_raw, raw.percentage) ?? null) : null,
    flatRate: type === "flat_discount" ? money(raw.flat_rate_raw, raw.flat_rate) : null,
    threshold: type === "flat_discount" ? money(raw.threshold_raw, raw.threshold) : null,
    currency,
    created: raw.created,
    modified: raw.modified,
    codes,
  };
}

/** The coupon with its codes (one coupon's page, the codes list). */
export function toCouponWithCodes(raw: StoreCoupon): CouponWithCodes {
  return { ...toCouponWith(raw, summariseCodes(raw.codes)), codeList: raw.codes };
}

/** The coupon as lists show it: its codes summed up, not listed. */
export function toCoupon(raw: StoreCoupon): Coupon {
  return toCouponWith(raw, summariseCodes(raw.codes));
}
