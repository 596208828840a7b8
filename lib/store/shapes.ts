import "server-only";
import { z } from "zod";
import { parseFormattedAmount, toMinorUnits } from "../money";
import type { StoreClient } from "./client";
import type { StoreErrorContext } from "./errors";

/**
 * Answers whose shape the contract leaves open, read tolerantly, and paging
 * through lists. Used by the resources' api.ts (docs/contract.md#lists).
 *
 * Also the tolerant readers every resource's schema.ts builds on
 * (docs/adding-a-resource.md#helpers-a-resource-may-use): a field the
 * specification promises but that is missing or of another shape gets a
 * default instead of failing the whole list (docs/contract.md), and one
 * unreadable item of a list is left out rather than hiding what holds it.
 */

/* ---------- fields ---------- */

/** An id: a non-empty string (trimmed) or a number, as a string. */
export const storeId = z.union([z.string().trim().min(1), z.number().transform(String)]);

/** A number, or a numeric string ("12.5", " -3 "). */
export const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** A number field: `numeric`, else absent (null included). */
export const optionalNumber = numeric.nullable().optional().catch(undefined);

/** `numeric` without zod, for values read by the thousand (a coupon's 100,000 codes): undefined when not one. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** A string field: numbers become strings, anything else (null included) is absent. */
export const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

/** true, "true", "1", 1, "yes" (any case); anything else is false. */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === "string" && /^\s*(true|1|yes)\s*$/i.test(value));
}

/** A flag that is false unless the store says true (`isTrue`). */
export const flag = z.unknown().optional().transform(isTrue);

/** A boolean, or its form-encoded spelling ("true", "false", "1", "0"). */
export const booleanValue = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

/** A boolean field: `booleanValue`, else absent (the reader picks the default). */
export const optionalBoolean = booleanValue.optional().catch(undefined);

/** Past this, a number is read as milliseconds: seconds reach it only after the year 9999. */
const millisecondsFrom = 1e12;

/**
 * A time in UNIX seconds: a number or numeric string (seconds, or
 * milliseconds when far too large for seconds), or a date a person or
 * another program wrote ("2025-03-01T00:00:00Z"); null when none.
 */
export function readTime(value: unknown): number | null {
  const n = numberOf(value);
  if (n !== undefined) return Math.floor(Math.abs(n) >= millisecondsFrom ? n / 1000 : n);
  if (typeof value === "string" && value.trim()) {
    const parsed = Date.parse(value.trim());
    if (Number.isFinite(parsed)) return Math.floor(parsed / 1000);
  }
  return null;
}

/** A time field (`readTime`): UNIX seconds, or null. */
export const time = z.unknown().optional().transform(readTime);

/* ---------- amounts ---------- */

/**
 * An amount in minor units: the float (`price_raw`) when there is one, else
 * the formatted string read in its plain form ("$1,250.50"), or a number sent
 * in its place; undefined when neither says.
 */
export function amountOf(raw: unknown, formatted: unknown, currency: string): number | undefined {
  const float = numeric.safeParse(raw);
  if (float.success) return toMinorUnits(float.data, currency);
  if (typeof formatted === "number" && Number.isFinite(formatted)) return toMinorUnits(formatted, currency);
  if (typeof formatted === "string") {
    const parsed = parseFormattedAmount(formatted);
    if (parsed !== undefined) return toMinorUnits(parsed, currency);
  }
  return undefined;
}

/**
 * A percentage: the float (`percentage_raw`, `rate_raw`) when there is one,
 * else the formatted one: 15, "15", "15%", "12.5 %" or "7,5%"; undefined when
 * neither says.
 */
export function percentOf(raw: unknown, formatted: unknown): number | undefined {
  const float = numberOf(raw);
  if (float !== undefined) return float;
  if (typeof formatted === "number" && Number.isFinite(formatted)) return formatted;
  if (typeof formatted === "string") {
    const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*%?\s*$/.exec(formatted);
    if (match) return Number(match[1]!.replace(",", "."));
  }
  return undefined;
}

/* ---------- places ---------- */

/** A country code as sent ("de"), in capitals ("DE"); required. */
export const countryCode = z
  .string()
  .trim()
  .min(1)
  .transform((code) => code.toUpperCase());

/** A region of a country ("CA"): its text, or null for the whole country (blank, missing or of another shape). */
export const regionCode = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && value.trim() ? value.trim() : null));

/* ---------- lists inside an item ---------- */

function readable<T>(entries: unknown[], item: z.ZodType<T>): T[] {
  return entries.flatMap((entry) => {
    const parsed = item.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A list whose unreadable items are left out; anything but a list is empty. */
export function tolerantList<T>(item: z.ZodType<T>) {
  return z
    .unknown()
    .optional()
    .transform((value): T[] => (Array.isArray(value) ? readable(value, item) : []));
}

/**
 * As `tolerantList`, but anything but a list is absent (undefined) rather than
 * empty: for a list a store may send under either of two names (a tax group's
 * `taxes` or `rules`).
 */
export function tolerantListOrAbsent<T>(item: z.ZodType<T>) {
  return z
    .unknown()
    .optional()
    .transform((value): T[] | undefined => (Array.isArray(value) ? readable(value, item) : undefined));
}

/* ---------- answers ---------- */

/** A count may come as a bare number or as `{"count": n}`. */
export const countSchema = z
  .union([
    z.number(),
    z.string().regex(/^\d+$/).transform(Number),
    z.looseObject({ count: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]) }),
  ])
  .transform((value) => (typeof value === "number" ? value : value.count));

/** An update may answer the item itself or a list holding it. */
export function oneOrListOfOne<T>(item: z.ZodType<T>) {
  return z
    .union([item, z.array(item).min(1)])
    .transform((value): T => (Array.isArray(value) ? (value[0] as T) : value));
}

/** What a DELETE answers is not shown in the spec: accept anything. */
export const anyBody = z.unknown();

/* ---------- lists ---------- */

export interface ListRequest<T> extends StoreErrorContext {
  path: string;
  query?: Record<string, string | number | undefined>;
  item: z.ZodType<T>;
  /** Cache tags of the read, as in StoreRequest. */
  tags?: readonly string[];
  /** Makes the answer smaller before it is parsed, as in StoreRequest. */
  compact?: (bytes: Buffer) => Buffer;
}

export interface ListPage<T> {
  items: T[];
  /** From X-Total-Count, when the store sends it. */
  total: number | undefined;
  /** The answer's headers (an extension's mark, such as X-Order-Search). */
  headers: Headers;
}

function totalFrom(headers: Headers): number | undefined {
  const raw = headers.get("x-total-count");
  if (raw === null || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw);
}

/** One page of a paginated list (`page` is zero-based, as in the spec). */
export async function listPage<T>(
  client: StoreClient,
  request: ListRequest<T>,
  page: number,
  count: number,
): Promise<ListPage<T>> {
  const { item, ...rest } = request;
  const { data, headers } = await client.requestWithHeaders({
    ...rest,
    query: { ...request.query, page, count },
    schema: z.array(item),
  });
  return { items: data, total: totalFrom(headers), headers };
}

/**
 * Every item of a paginated list: follows X-Total-Count when present,
 * otherwise pages until a short page. Bounded, in case a store ignores
 * `page` and answers the same full page forever.
 */
export async function listAll<T>(
  client: StoreClient,
  request: ListRequest<T>,
  { pageSize = 100, maxPages = 500 }: { pageSize?: number; maxPages?: number } = {},
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    const result = await listPage(client, request, page, pageSize);
    items.push(...result.items);
    if (result.items.length === 0) break;
    if (result.total !== undefined ? items.length >= result.total : result.items.length < pageSize) break;
  }
  return items;
}
