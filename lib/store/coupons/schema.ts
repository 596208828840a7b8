import { z } from "zod";
import { normaliseCurrency } from "../../money";
import { amountOf } from "../products/schema";
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

/* ---------- small tolerant readers ---------- */

const id = z.union([z.number().int().transform(String), z.string().trim().min(1)]);

function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A count (limit, hits, redeemed): a whole number from 0, else the default. */
const countOf = (fallback: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      const n = toNumber(value);
      return n !== undefined && n >= 0 ? Math.trunc(n) : fallback;
    });

/** Past this, a number is read as milliseconds: seconds reach it only after the year 9999. */
const millisecondsFrom = 1e12;

/**
 * A time in UNIX seconds: a number or numeric string (seconds, or
 * milliseconds when far too large for seconds), or a date a person or
 * another program wrote ("2025-03-01T00:00:00Z"); null when none.
 */
export function readTime(value: unknown): number | null {
  const n = toNumber(value);
  if (n !== undefined) return Math.floor(Math.abs(n) >= millisecondsFrom ? n / 1000 : n);
  if (typeof value === "string" && value.trim()) {
    const parsed = Date.parse(value.trim());
    if (Number.isFinite(parsed)) return Math.floor(parsed / 1000);
  }
  return null;
}

const time = z.unknown().optional().transform(readTime);

/** true, "true", "1", 1 (any case); anything else is false. */
function isTrue(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && /^\s*(true|1|yes)\s*$/i.test(value));
}

const flag = z.unknown().optional().transform(isTrue);

const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/** The percent of `percentage_off`: the float first, else "15%", "15" or 15. */
export function readPercentage(raw: unknown, formatted: unknown): number | null {
  const float = toNumber(raw);
  if (float !== undefined) return float;
  if (typeof formatted === "number" && Number.isFinite(formatted)) return formatted;
  if (typeof formatted === "string") {
    const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*%?\s*$/.exec(formatted);
    if (match) return Number(match[1]!.replace(",", "."));
  }
  return null;
}

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
    percentage: type === "percentage_off" ? readPercentage(raw.percentage_raw, raw.percentage) : null,
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
