import "server-only";
import { z } from "zod";
import type { StoreClient } from "./client";
import type { StoreErrorContext } from "./errors";

/**
 * Answers whose shape the contract leaves open, read tolerantly, and paging
 * through lists. Used by the resources' api.ts (docs/contract.md#lists).
 */

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
  return { items: data, total: totalFrom(headers) };
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
