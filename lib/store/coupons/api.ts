import "server-only";
import { z } from "zod";
import type { StoreClient, StoreRequest } from "../client";
import { JsonStreamReader, type StreamedArray } from "../json-stream";
import { listProducts } from "../products/api";
import { anyBody, oneOrListOfOne } from "../shapes";
import type { CouponChanges, CouponWrite } from "./input";
import { CodeTally, type Coupon, type CouponCode, type CouponWithFewCodes, FewCodes, codeRow } from "./model";
import { readCode, SummedCodes, summedCouponSchema } from "./schema";

/**
 * Cache tags of coupons reads. Every coupons read carries `all`; a server
 * action that changes coupons names it in `invalidates` (docs/architecture.md).
 */
export const couponTags = { all: "coupons" } as const;

/** What every coupons request needs beside the admin scope (docs/contract.md#scopes-and-permissions). */
const couponsRequest = { permission: "manage_marketing", scope: "admin", resource: "coupon" } as const;
const reads = [couponTags.all];

const path = (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}`;

/**
 * A coupon may have 100,000 codes, which every read of it carries and a
 * create without a code makes: those requests get longer than the client's
 * usual wait (the bundled store takes seconds for 100,000 codes).
 */
const manyCodesTimeoutMs = 120_000;

/** What a reader of a coupon answer does with each `codes` list as it passes. */
interface CodesVisitor {
  /** A `codes` list starts (a second one in the same coupon replaces the first, as in JSON.parse). */
  start?(): void;
  code?(code: CouponCode): void;
}

/**
 * The coupons' codes lists of an answer, summed up as they pass (and shown
 * to `visit`), never kept: a coupon object's (`codes`) and each listed
 * coupon's (`*.codes`). Each list stands as a SummedCodes in its coupon.
 */
function summingCodes(visit: CodesVisitor = {}): StreamedArray[] {
  let tally = new CodeTally();
  const codes = {
    start() {
      tally = new CodeTally();
      visit.start?.();
    },
    element(entry: unknown) {
      const code = readCode(entry);
      if (!code) return;
      tally.add(code);
      visit.code?.(code);
    },
    end: () => new SummedCodes(tally.summary()),
  };
  return [
    { ...codes, path: ["codes"] },
    { ...codes, path: ["*", "codes"] },
  ];
}

/** A coupon answer read as it arrives, its codes summed up (summingCodes): its value. */
async function readSummed(chunks: AsyncIterable<string>, visit?: CodesVisitor): Promise<unknown> {
  const reader = new JsonStreamReader(summingCodes(visit));
  for await (const chunk of chunks) reader.write(chunk);
  return reader.end();
}

/**
 * Every coupon, its codes summed up. The store sends each coupon with all of
 * its codes (there is no pagination): a million codes is some 90 MB, so the
 * answer is read as it arrives and each code is counted and forgotten.
 */
export async function listCoupons(store: StoreClient): Promise<Coupon[]> {
  return store.requestStream(
    { ...couponsRequest, path: "/api/v1/coupons", tags: reads, timeoutMs: manyCodesTimeoutMs },
    async (chunks) => z.array(summedCouponSchema).parse(await readSummed(chunks)),
  );
}

/**
 * One coupon (its edit page), its codes summed up: they are counted as they
 * pass and forgotten (a coupon may hold 100,000).
 */
export async function getCoupon(store: StoreClient, id: string): Promise<Coupon> {
  return store.requestStream(oneCoupon(id), async (chunks) => summedCouponSchema.parse(await readSummed(chunks)));
}

/**
 * One coupon with its codes when it has at most `upTo` (its page takes so
 * many with it), else `codeList` null: at most `upTo` codes are held at any
 * time, the rest counted as they pass and forgotten. The browser reads a
 * longer list itself (couponCodeRows).
 */
export async function getCouponWithCodes(
  store: StoreClient,
  id: string,
  { upTo }: { upTo: number },
): Promise<CouponWithFewCodes> {
  let codes = new FewCodes(upTo);
  return store.requestStream(oneCoupon(id), async (chunks) => {
    const raw = await readSummed(chunks, {
      start: () => (codes = new FewCodes(upTo)),
      code: (code) => codes.add(code),
    });
    return { ...summedCouponSchema.parse(raw), codeList: codes.list };
  });
}

const oneCoupon = (id: string): Omit<StoreRequest<unknown>, "schema"> => ({
  ...couponsRequest,
  id,
  path: path(id),
  tags: reads,
  timeoutMs: manyCodesTimeoutMs,
});

/**
 * One coupon's codes as the browser's codes list takes them: the JSON text of
 * a list of short rows (model.ts CouponCodeRow), written piece by piece as
 * the store's answer is read, so that 100,000 codes are never held here. The
 * first piece comes once the store has answered and its first chunk has been
 * read: a refusal, or an answer that is not JSON, fails before anything is
 * sent. The rest of the coupon is checked as getCoupon checks it, at the end.
 */
export async function couponCodeRows(store: StoreClient, id: string): Promise<AsyncGenerator<string>> {
  const body = await store.requestBody(oneCoupon(id));
  let rows: string[] = [];
  let written = 0;
  const reader = new JsonStreamReader(summingCodes({ code: (code) => rows.push(JSON.stringify(codeRow(code))) }));
  const take = () => {
    if (!rows.length) return "";
    const piece = (written ? "," : "") + rows.join(",");
    written += rows.length;
    rows = [];
    return piece;
  };
  async function* pieces(): AsyncGenerator<string> {
    try {
      let first = "[";
      for await (const chunk of body.chunks) {
        reader.write(chunk);
        const piece = first + take();
        first = "";
        if (piece) yield piece;
      }
      summedCouponSchema.parse(reader.end());
      yield `${first}${take()}]`;
    } catch (error) {
      await body.cancel();
      throw body.failure(error);
    }
  }
  const rest = pieces();
  const head = await rest.next();
  return (async function* () {
    try {
      if (!head.done) yield head.value;
      yield* rest;
    } finally {
      // Stopped early (the browser went away): the rest is not downloaded.
      await rest.return(undefined);
    }
  })();
}

/** Creates a coupon; the store answers it (an object, or a list holding it: both are read). */
export async function createCoupon(store: StoreClient, write: CouponWrite): Promise<Coupon> {
  return store.requestStream(
    {
      ...couponsRequest,
      method: "POST",
      path: "/api/v1/coupons",
      form: { ...write },
      timeoutMs: manyCodesTimeoutMs,
    },
    async (chunks) => oneOrListOfOne(summedCouponSchema).parse(await readSummed(chunks)),
  );
}

/** Writes the changed fields (codes cannot change); the answer may be the coupon or a list holding it. */
export async function updateCoupon(store: StoreClient, id: string, changes: CouponChanges): Promise<Coupon> {
  return store.requestStream(
    {
      ...couponsRequest,
      method: "PUT",
      id,
      path: path(id),
      form: { ...changes },
      timeoutMs: manyCodesTimeoutMs,
    },
    async (chunks) => oneOrListOfOne(summedCouponSchema).parse(await readSummed(chunks)),
  );
}

export async function deleteCoupon(store: StoreClient, id: string): Promise<void> {
  await store.request({ ...couponsRequest, method: "DELETE", id, path: path(id), schema: anyBody });
}

/**
 * The store currency, for the amounts of a new coupon: the spec gives it on
 * flat_discount coupons (and products), so it is read from the coupons when
 * one has it, else from the first product; null when neither says.
 */
export async function storeCurrency(store: StoreClient, coupons?: readonly Coupon[]): Promise<string | null> {
  const fromCoupons = (coupons ?? (await listCoupons(store).catch(() => []))).find((c) => c.currency)?.currency;
  if (fromCoupons) return fromCoupons;
  const products = await listProducts(store, { page: 0, count: 1 }).catch(() => null);
  return products?.items[0]?.currency ?? null;
}
