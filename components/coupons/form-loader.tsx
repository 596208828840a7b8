"use client";

import { lazy } from "react";
import { AfterHydration } from "../ui/after-hydration";
import { Skeleton } from "../ui/skeleton";
import type { CouponFormProps } from "./coupon-form";

// The coupon form (react-hook-form, zod/mini and its rules) loads after the
// page, in the browser, as a chunk of its own: the page stays within its
// first-load budget (docs/architecture.md#budgets) and nothing is typed
// before hydration.
const CouponForm = lazy(() => import("./coupon-form").then((m) => ({ default: m.CouponForm })));

function FormSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading the form…</span>
      {[0, 1, 2].map((card) => (
        <div key={card} className="space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
          <Skeleton className="h-5 w-32" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-control" />
            <Skeleton className="h-control" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function CouponFormLoader(props: CouponFormProps) {
  return (
    <AfterHydration fallback={<FormSkeleton />}>
      <CouponForm {...props} />
    </AfterHydration>
  );
}
