import { asc, eq, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { couponCodes, coupons } from "../db/schema/index.js";
import { addGeneratedCodes } from "./codes.js";
import { type CouponType, type CreateCouponInput, GENERATED_LIMIT, type UpdateCouponInput } from "./schemas.js";

export type CouponRow = typeof coupons.$inferSelect;
export type CouponCodeRow = typeof couponCodes.$inferSelect;

/** A coupon with what its reads show. */
export interface CouponDetail {
  coupon: CouponRow;
  codes: CouponCodeRow[];
}

/** Every coupon by id, with its codes in the order they were made. */
export async function listCoupons(q: Queryable): Promise<CouponDetail[]> {
  const rows = await q.select().from(coupons).orderBy(asc(coupons.id));
  // All codes in one read, without a list of ids (which could pass PostgreSQL's parameter cap).
  const codes = await q.select().from(couponCodes).orderBy(asc(couponCodes.couponId), asc(couponCodes.id));
  const byCoupon = new Map<number, CouponCodeRow[]>(rows.map((r) => [r.id, []]));
  for (const code of codes) byCoupon.get(code.couponId)?.push(code);
  return rows.map((coupon) => ({ coupon, codes: byCoupon.get(coupon.id) ?? [] }));
}

/**
 * The coupon with the id, or a 404 naming it. `lock` holds the row until the
 * transaction ends, so that two updates at once take turns rather than one
 * undoing the other's merge.
 */
export async function getCoupon(q: Queryable, id: number, opts: { lock?: boolean } = {}): Promise<CouponRow> {
  const query = q.select().from(coupons).where(eq(coupons.id, id));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError(`There is no coupon with id ${id}.`);
  return row;
}

export async function couponDetail(q: Queryable, coupon: CouponRow): Promise<CouponDetail> {
  const codes = await q
    .select()
    .from(couponCodes)
    .where(eq(couponCodes.couponId, coupon.id))
    .orderBy(asc(couponCodes.id));
  return { coupon, codes };
}

/** The coupon's terms as the table keeps them. */
type Terms = Pick<
  CouponRow,
  "name" | "type" | "startsAt" | "endsAt" | "useLimit" | "freeShip" | "percentage" | "flatRate" | "threshold"
>;

/** The fields that belong to one type only: sent for another type, they are a 422. */
const TYPE_FIELDS = {
  percentage: "percentage_off",
  flat_rate: "flat_discount",
  threshold: "flat_discount",
} as const satisfies Record<string, CouponType>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The terms a write leaves: what is sent over what is stored (nothing on
 * creation), checked as a whole; every problem at once, as a 422 naming the
 * fields (docs/contract.md#coupons).
 *
 * - A field of another type than the resulting one is refused; a change of type
 *   drops the stored values that no longer apply, and the new type's required
 *   field must come with it.
 * - `free_ship` is stored false on a free_shipping coupon, whatever is sent.
 * - end_date must be after start_date; when only start_date is sent, start_date
 *   is the one named.
 * - A coupon of generated one_use codes keeps a limit of 1–100,000.
 */
export function settleTerms(stored: CouponRow | null, input: UpdateCouponInput, oneUse: boolean): Terms {
  const fields: Record<string, string> = {};
  const type = (input.type ?? stored?.type) as CouponType;
  for (const [field, owner] of Object.entries(TYPE_FIELDS)) {
    if (input[field as keyof typeof TYPE_FIELDS] !== undefined && type !== owner) {
      fields[field] = `only applies to ${owner} coupons`;
    }
  }
  const kept = stored && stored.type === type ? stored : null;

  const percentage = type === "percentage_off" ? (input.percentage ?? kept?.percentage ?? null) : null;
  if (type === "percentage_off" && percentage === null) fields.percentage = "is required for percentage_off coupons";

  const flatRate = type === "flat_discount" ? (input.flat_rate ?? kept?.flatRate ?? null) : null;
  if (type === "flat_discount" && flatRate === null) fields.flat_rate = "is required for flat_discount coupons";
  else if (flatRate !== null && flatRate <= 0) fields.flat_rate = "must be more than 0";
  const threshold = type === "flat_discount" ? (input.threshold ?? kept?.threshold ?? 0) : null;

  const start = input.start_date ?? (stored ? seconds(stored.startsAt) : 0);
  const end = input.end_date ?? (stored ? seconds(stored.endsAt) : 0);
  if (end <= start) {
    if (input.end_date !== undefined) fields.end_date = "must be after start_date";
    else fields.start_date = "must be before end_date";
  }

  const useLimit = input.limit ?? stored?.useLimit ?? 0;
  if (oneUse && (useLimit < GENERATED_LIMIT.min || useLimit > GENERATED_LIMIT.max)) {
    const range = `from ${GENERATED_LIMIT.min} to ${GENERATED_LIMIT.max.toLocaleString("en-US")}`;
    fields.limit = stored
      ? `must be ${range} for a coupon of generated single-use codes`
      : `must be ${range} when no code is given (that many single-use codes are generated)`;
  }

  if (Object.keys(fields).length) throw new ValidationError(fields);
  return {
    name: input.name ?? stored?.name ?? "",
    type,
    startsAt: new Date(start * 1000),
    endsAt: new Date(end * 1000),
    useLimit,
    freeShip: type === "free_shipping" ? false : (input.free_ship ?? stored?.freeShip ?? false),
    percentage,
    flatRate,
    threshold,
  };
}

/** The code row with this value, whatever its case. */
export async function findCode(q: Queryable, code: string): Promise<CouponCodeRow | undefined> {
  if (code.includes("\0")) return undefined; // no stored code has one, and PostgreSQL refuses it in a query
  const [row] = await q
    .select()
    .from(couponCodes)
    .where(sql`lower(${couponCodes.code}) = ${code.toLowerCase()}`);
  return row;
}

/**
 * The coupons holding the code `code`, whatever its case (one at most: a code
 * names one coupon), each with that code only: the answer of `GET /coupons?code=`
 * (an extension, docs/contract.md#extensions). One statement, on the code's
 * unique index.
 */
export async function couponsWithCode(q: Queryable, code: string): Promise<CouponDetail[]> {
  if (code.includes("\0")) return [];
  const rows = await q
    .select({ coupon: coupons, code: couponCodes })
    .from(couponCodes)
    .innerJoin(coupons, eq(coupons.id, couponCodes.couponId))
    .where(sql`lower(${couponCodes.code}) = ${code.toLowerCase()}`)
    .orderBy(asc(coupons.id));
  return rows.map((r) => ({ coupon: r.coupon, codes: [r.code] }));
}

function codeTaken(code: string) {
  return new ConflictError(`The code ${code} is already taken by a coupon.`, { code: "is already taken" });
}

/** PostgreSQL's unique_violation, whether the driver's error or Drizzle's wrapping of it. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates a coupon: with `code`, one multi_use code of that value (409 when any
 * coupon has it, whatever the case); without, `limit` generated one_use codes.
 * Run it in a transaction: the codes go in several statements.
 */
export async function createCoupon(q: Queryable, input: CreateCouponInput): Promise<CouponRow> {
  const terms = settleTerms(null, input, input.code === undefined);
  if (input.code !== undefined && (await findCode(q, input.code))) throw codeTaken(input.code);
  const [row] = await q.insert(coupons).values(terms).returning();
  const created = row!;
  if (input.code === undefined) {
    await addGeneratedCodes(q, created.id, terms.useLimit);
  } else {
    try {
      await q.insert(couponCodes).values({ couponId: created.id, code: input.code, type: "multi_use" });
    } catch (err) {
      // Another request took the code since the check: the unique index says so.
      if (isUniqueViolation(err)) throw codeTaken(input.code);
      throw err;
    }
  }
  return created;
}

/** Whether the coupon's codes are generated one_use codes (rather than one multi_use code). */
async function hasOneUseCodes(q: Queryable, couponId: number): Promise<boolean> {
  const [code] = await q
    .select({ type: couponCodes.type })
    .from(couponCodes)
    .where(eq(couponCodes.couponId, couponId))
    .orderBy(asc(couponCodes.id))
    .limit(1);
  return code?.type === "one_use";
}

/** Writes what is sent over what is stored, checked as a whole (settleTerms); `modified` moves. */
export async function updateCoupon(q: Queryable, stored: CouponRow, input: UpdateCouponInput): Promise<CouponRow> {
  const terms = settleTerms(stored, input, await hasOneUseCodes(q, stored.id));
  const [row] = await q
    .update(coupons)
    .set({ ...terms, updatedAt: new Date() })
    .where(eq(coupons.id, stored.id))
    .returning();
  if (!row) throw new NotFoundError(`There is no coupon with id ${stored.id}.`);
  return row;
}

/** Deletes the coupon and its codes. */
export async function deleteCoupon(q: Queryable, coupon: CouponRow): Promise<void> {
  await q.delete(coupons).where(eq(coupons.id, coupon.id));
}
