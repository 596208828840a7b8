import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { JsonStreamReader } from "../json-stream";
import { couponTags } from "./api";
import { CodeTally, type CouponCode, type CouponCodesSummary } from "./model";
import { type CouponLookup, sameCode } from "./model-lookup";
import { SummedCodes, readCode, summedCouponSchema } from "./schema";

/** A coupon's codes summed up as they passed, and the one asked for when it was among them. */
class MatchedCodes extends SummedCodes {
  constructor(
    summary: CouponCodesSummary,
    readonly match: CouponCode | null,
  ) {
    super(summary);
  }
}

/**
 * The coupon that has `code` (matched without case, as the store matches an
 * order's coupon: docs/contract.md#orders), or none. The contract lists
 * coupons with every code and has no lookup by code, so the list is read as
 * it arrives, each code compared and forgotten (as listCoupons does): a
 * million codes are never held.
 */
export async function findCouponByCode(store: StoreClient, code: string): Promise<CouponLookup> {
  let tally = new CodeTally();
  let match: CouponCode | null = null;
  const codes = {
    path: ["*", "codes"],
    start() {
      tally = new CodeTally();
      match = null;
    },
    element(entry: unknown) {
      const read = readCode(entry);
      if (!read) return;
      tally.add(read);
      if (!match && sameCode(read.code, code)) match = read;
    },
    end: () => new MatchedCodes(tally.summary(), match),
  };
  return store.requestStream(
    {
      permission: "manage_marketing",
      scope: "admin",
      resource: "coupon",
      path: "/api/v1/coupons",
      tags: [couponTags.all],
      // As long as the list's own read (lib/store/coupons/api.ts): a store may hold a million codes.
      timeoutMs: 120_000,
    },
    async (chunks): Promise<CouponLookup> => {
      const reader = new JsonStreamReader([codes]);
      for await (const chunk of chunks) reader.write(chunk);
      for (const raw of z.array(z.unknown()).parse(reader.end())) {
        const held = raw && typeof raw === "object" ? (raw as { codes?: unknown }).codes : undefined;
        if (held instanceof MatchedCodes && held.match) {
          return { found: true, coupon: summedCouponSchema.parse(raw), code: held.match };
        }
      }
      return { found: false };
    },
  );
}
