import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { listProducts } from "../products/api";
import { anyBody, oneOrListOfOne } from "../shapes";
import type { CouponChanges, CouponWrite } from "./input";
import type { Coupon, CouponWithCodes } from "./model";
import { storeCouponSchema, toCoupon, toCouponWithCodes } from "./schema";

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

/**
 * Every coupon, its codes summed up: the store sends each coupon with all of
 * its codes (there is no pagination), which stay on the server.
 */
export async function listCoupons(store: StoreClient): Promise<Coupon[]> {
  const coupons = await store.request({
    ...couponsRequest,
    path: "/api/v1/coupons",
    tags: reads,
    timeoutMs: manyCodesTimeoutMs,
    schema: z.array(storeCouponSchema.transform(toCoupon)),
  });
  return coupons;
}

export async function getCoupon(store: StoreClient, id: string): Promise<CouponWithCodes> {
  return store.request({
    ...couponsRequest,
    id,
    path: path(id),
    tags: reads,
    timeoutMs: manyCodesTimeoutMs,
    schema: storeCouponSchema.transform(toCouponWithCodes),
  });
}

/** Creates a coupon; the store answers it (an object, or a list holding it: both are read). */
export async function createCoupon(store: StoreClient, write: CouponWrite): Promise<Coupon> {
  return store.request({
    ...couponsRequest,
    method: "POST",
    path: "/api/v1/coupons",
    form: { ...write },
    timeoutMs: manyCodesTimeoutMs,
    schema: oneOrListOfOne(storeCouponSchema.transform(toCoupon)),
  });
}

/** Writes the changed fields (codes cannot change); the answer may be the coupon or a list holding it. */
export async function updateCoupon(store: StoreClient, id: string, changes: CouponChanges): Promise<Coupon> {
  return store.request({
    ...couponsRequest,
    method: "PUT",
    id,
    path: path(id),
    form: { ...changes },
    timeoutMs: manyCodesTimeoutMs,
    schema: oneOrListOfOne(storeCouponSchema.transform(toCoupon)),
  });
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
