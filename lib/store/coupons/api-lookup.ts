import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreResponseError } from "../errors";
import { JsonStreamReader } from "../json-stream";
import { couponTags } from "./api";
import { CodeTally, type Coupon, type CouponCode, type CouponCodesSummary } from "./model";
import { type CouponLookup, sameCode } from "./model-lookup";
import { SummedCodes, readCode, summedCouponSchema } from "./schema";

/**
 * The coupon that has a code (the command palette, the new order's totals
 * preview: app/api/coupons/by-code), matched without case as the store
 * matches an order's coupon (docs/contract.md#orders).
 *
 * The contract has no look-up by code: a store lists every coupon with every
 * code (a million codes, some 100 MB). The bundled store offers one as an
 * extension (docs/contract.md#extensions): `GET /coupons?code=` answers the
 * coupons holding the code, each with that code only, and says so with
 * `X-Coupon-Code-Filter: applied`. A store without it ignores the parameter
 * and lists everything, without the header: the same request then is the
 * whole list, read here within bounds (PLAIN_LIMITS) and remembered for a
 * short while (an index of the codes, or the misses), so that a look-up typed
 * a character at a time does not read the list again for each.
 */

const CODE_FILTER_HEADER = "x-coupon-code-filter";

/** What a look-up may read of a store without the extension. */
export interface PlainLookupLimits {
  /** Characters of the list read at most; past them, without a match, the look-up fails (it cannot say "none"). */
  maxChars: number;
  /** How long the read may take. */
  timeoutMs: number;
  /** Codes kept in the remembered index; a longer list keeps only its misses, and stops at a match. */
  indexCodes: number;
  /** How long what was read is remembered. */
  rememberMs: number;
}

export const PLAIN_LIMITS: PlainLookupLimits = {
  // Some 200,000 codes: the whole list of most stores, a bound for the others.
  maxChars: 20_000_000,
  timeoutMs: 20_000,
  indexCodes: 50_000,
  rememberMs: 30_000,
};

/** A coupon's codes summed up as they passed, and the one asked for when it was among them. */
class MatchedCodes extends SummedCodes {
  constructor(
    summary: CouponCodesSummary,
    readonly match: CouponCode | null,
  ) {
    super(summary);
  }
}

/** What a read of a whole list left to remember, per store and token. */
interface Remembered {
  at: number;
  /** Every code (upper case) and its coupon, when the list fit in the index; else null. */
  index: Map<string, { coupon: Coupon; code: CouponCode }> | null;
  /** Codes (upper case) found in no coupon, when there is no index. */
  misses: Set<string>;
}

const remembered = new Map<string, Remembered>();
/** Stores and tokens remembered at most (each a list's index at most). */
const REMEMBERED_SCOPES = 20;

/** Forgets what was read of the lists (a coupon was created, changed or deleted through the dashboard). */
export function forgetCouponCodes(): void {
  remembered.clear();
}

function recall(scope: string, now: number, limits: PlainLookupLimits): Remembered | undefined {
  const kept = remembered.get(scope);
  if (kept && now - kept.at < limits.rememberMs) return kept;
  remembered.delete(scope);
  return undefined;
}

function remember(scope: string, entry: Remembered): void {
  remembered.delete(scope);
  remembered.set(scope, entry);
  // The oldest first, past the bound.
  for (const key of remembered.keys()) {
    if (remembered.size <= REMEMBERED_SCOPES) break;
    remembered.delete(key);
  }
}

/** The look-up read by the store's extension (a short list of coupons, each with the matching code). */
function fromFiltered(raw: unknown): CouponLookup {
  for (const entry of z.array(z.unknown()).parse(raw)) {
    const held = entry && typeof entry === "object" ? (entry as { codes?: unknown }).codes : undefined;
    if (held instanceof MatchedCodes && held.match) {
      return { found: true, coupon: summedCouponSchema.parse(entry), code: held.match };
    }
  }
  return { found: false };
}

/** A list too long to search within the limits: neither "found" nor "none" can be said. */
function tooLong(): StoreResponseError {
  return new StoreResponseError({
    status: 503,
    code: "coupon_list_too_long",
    message:
      "The store's coupon list is too long to look a code up in here. Open Coupons to find it; the store applies the code.",
    detail: "GET /api/v1/coupons?code=: no code filter, and the list passed the look-up's bounds",
  });
}

export async function findCouponByCode(
  store: StoreClient,
  code: string,
  limits: PlainLookupLimits = PLAIN_LIMITS,
): Promise<CouponLookup> {
  const scope = store.cacheScope;
  const wanted = code.trim().toUpperCase();
  const kept = recall(scope, Date.now(), limits);
  if (kept?.index) {
    const hit = kept.index.get(wanted);
    return hit ? { found: true, ...hit } : { found: false };
  }
  if (kept?.misses.has(wanted)) return { found: false };

  // Per coupon: its codes summed up, the match, and (for the index) its codes until the coupon is known.
  let tally = new CodeTally();
  let match: CouponCode | null = null;
  let pending: CouponCode[] = [];
  // Set by the readers' callbacks (an object: TypeScript follows no assignment made in a callback).
  const seen: { index: Map<string, { coupon: Coupon; code: CouponCode }> | null; found: CouponLookup | null } = {
    index: new Map(),
    found: null,
  };
  const codes = {
    path: ["*", "codes"],
    start() {
      tally = new CodeTally();
      match = null;
      pending = [];
    },
    element(entry: unknown) {
      const read = readCode(entry);
      if (!read) return;
      tally.add(read);
      if (!match && sameCode(read.code, code)) match = read;
      if (seen.index) {
        if (seen.index.size + pending.length >= limits.indexCodes) seen.index = null;
        else pending.push(read);
      }
    },
    end: () => new MatchedCodes(tally.summary(), match),
  };
  const coupons = {
    path: [] as string[],
    element(entry: unknown) {
      const held = entry && typeof entry === "object" ? (entry as { codes?: unknown }).codes : undefined;
      if (!(held instanceof MatchedCodes)) return;
      const coupon = summedCouponSchema.parse(entry);
      if (seen.index) for (const c of pending) seen.index.set(c.code.trim().toUpperCase(), { coupon, code: c });
      pending = [];
      if (held.match && !seen.found) seen.found = { found: true, coupon, code: held.match };
    },
  };

  const body = await store.requestBody({
    permission: "manage_marketing",
    scope: "admin",
    resource: "coupon",
    path: "/api/v1/coupons",
    query: { code: code.trim() },
    tags: [couponTags.all],
    // Long enough for the list of a store without the extension, within the bounds below.
    timeoutMs: limits.timeoutMs,
  });
  try {
    if (body.headers.get(CODE_FILTER_HEADER) === "applied") {
      // The store's answer holds only coupons with the code: small, read whole.
      const reader = new JsonStreamReader([codes]);
      let chars = 0;
      for await (const chunk of body.chunks) {
        chars += chunk.length;
        if (chars > limits.maxChars) throw tooLong();
        reader.write(chunk);
      }
      return fromFiltered(reader.end());
    }

    // A store without the extension: this answer is the whole list.
    const reader = new JsonStreamReader([coupons, codes]);
    let chars = 0;
    for await (const chunk of body.chunks) {
      chars += chunk.length;
      if (chars > limits.maxChars) {
        if (seen.found) return seen.found;
        throw tooLong();
      }
      reader.write(chunk);
      // Found, and the list is too long to remember whole: no need to read on.
      if (seen.found && !seen.index) return seen.found;
    }
    reader.end();
    if (seen.index) {
      remember(scope, { at: Date.now(), index: seen.index, misses: new Set() });
    } else if (!seen.found) {
      const misses = kept?.misses ?? new Set<string>();
      misses.add(wanted);
      remember(scope, { at: kept?.at ?? Date.now(), index: null, misses });
    }
    return seen.found ?? { found: false };
  } catch (error) {
    throw body.failure(error);
  } finally {
    // What was not read is not downloaded (a no-op once the body ended).
    await body.cancel();
  }
}
