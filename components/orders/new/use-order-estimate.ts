"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type Control, useWatch } from "react-hook-form";
import { FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import type { CouponLookup } from "@/lib/store/coupons/model-lookup";
import type { NewOrderValues } from "@/lib/store/orders/input";
import type { Product } from "@/lib/store/products/model";
import type { ShippingGroup } from "@/lib/store/shipping/model";
import type { TaxGroup } from "@/lib/store/tax/model";
import { type CouponRead, type Estimate, type Read, estimateOrder } from "./estimate";

/** How long typing pauses before a coupon code is looked up (the lookup reads the store's whole coupon list). */
const couponPauseMs = 400;

/** React Query's state of a read, as the estimate takes it. */
function readOf<T>(query: {
  status: "pending" | "success" | "error";
  data: T | undefined;
  error: Error | null;
}): Read<T> {
  if (query.status === "success") return { status: "ready", data: query.data as T };
  if (query.status === "error") {
    const error = query.error;
    return {
      status: "failed",
      forbidden: error instanceof FailureError && error.status === 403,
      message: error?.message ?? "",
    };
  }
  return { status: "pending" };
}

/** A code the store could hold (docs/contract.md#coupons): 1–64 characters, no spaces. */
const lookable = (code: string) => code.length > 0 && code.length <= 64 && !/\s/.test(code);

/**
 * The new order's estimate as the form stands, recomputed as lines, the
 * ship-to address and the coupon change. The store's shipping and tax groups
 * are read (GET /api/shipping-groups, /api/tax-groups) only once a picked
 * product has one, and the coupon (GET /api/coupons/by-code) once typing
 * pauses on a code: a store without groups or coupons is asked nothing.
 */
export function useOrderEstimate({
  control,
  products,
  currency,
}: {
  control: Control<NewOrderValues>;
  products: ReadonlyMap<string, Product>;
  currency: string;
}): Estimate {
  const [lines, billing, shipToBilling, shipping, coupon, setShipping, shippingAmount, setTax, taxAmount] = useWatch({
    control,
    name: [
      "lines",
      "billing",
      "shipToBilling",
      "shipping",
      "coupon",
      "setShipping",
      "shippingAmount",
      "setTax",
      "taxAmount",
    ],
  });
  const picked = lines.map((line) => products.get(line.productKey));
  const needsShippingGroups = picked.some((p) => p?.shippingGroup);
  const needsTaxGroups = picked.some((p) => p?.taxGroup);

  const shippingGroups = useQuery({
    queryKey: queryKeys.shipping.list(),
    queryFn: ({ signal }) => fetchJson<ShippingGroup[]>("/api/shipping-groups", { signal }),
    enabled: needsShippingGroups,
  });
  const taxGroups = useQuery({
    queryKey: queryKeys.tax.list(),
    queryFn: ({ signal }) => fetchJson<TaxGroup[]>("/api/tax-groups", { signal }),
    enabled: needsTaxGroups,
  });

  const code = coupon.trim();
  const [settledCode, setSettledCode] = useState(code);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettledCode(code), couponPauseMs);
    return () => window.clearTimeout(timer);
  }, [code]);
  const couponQuery = useQuery({
    queryKey: queryKeys.coupons.byCode(settledCode.toUpperCase()),
    queryFn: ({ signal }) =>
      fetchJson<CouponLookup>(`/api/coupons/by-code?code=${encodeURIComponent(settledCode)}`, { signal }),
    enabled: lookable(settledCode) && settledCode === code,
  });

  // The clock moves a coupon past its end: read it once a minute is plenty for an estimate.
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Math.floor(Date.now() / 1000)), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const couponRead: CouponRead = !code
    ? { status: "none" }
    : !lookable(code)
      ? { status: "none" }
      : settledCode !== code
        ? { status: "pending", code }
        : { code, ...readOf(couponQuery) };

  return estimateOrder({
    values: { lines, billing, shipToBilling, shipping, setShipping, shippingAmount, setTax, taxAmount },
    products,
    currency,
    shippingGroups: readOf(shippingGroups),
    taxGroups: readOf(taxGroups),
    coupon: couponRead,
    now,
  });
}
