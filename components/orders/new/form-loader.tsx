"use client";

import { lazy } from "react";
import { AfterHydration } from "../../ui/after-hydration";
import { SkeletonRows } from "../../ui/skeleton";
import type { NewOrderFormProps } from "./new-order-form";

// The new order form (react-hook-form, zod/mini, the product picker) loads
// after the page, in the browser, as a chunk of its own: the page stays within
// its first-load budget (docs/design.md#heavy-forms) and nothing is typed
// before hydration.
const NewOrderForm = lazy(() => import("./new-order-form").then((m) => ({ default: m.NewOrderForm })));

export function NewOrderFormLoader(props: NewOrderFormProps) {
  return (
    <AfterHydration fallback={<SkeletonRows label="Loading the form…" rows={3} rowClassName="h-40" />}>
      <NewOrderForm {...props} />
    </AfterHydration>
  );
}
