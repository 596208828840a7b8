"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { useHydrated } from "../../ui/after-hydration";
import type { OrderActions as Actions } from "./order-actions";

/*
 * The order page's actions, loaded after the page (docs/architecture.md#budgets): the Fulfil dialog's
 * form (react-hook-form, zod) stays out of the page's first-load JavaScript. Until they come, the page's
 * own actions (children) show alone; they come only once the page is interactive, so that a click on
 * Fulfil is never one the page cannot answer yet.
 */
const OrderActions = lazy(() => import("./order-actions").then((m) => ({ default: m.OrderActions })));

export function OrderActionsLoader(props: ComponentProps<typeof Actions>) {
  const hydrated = useHydrated();
  const alone = <div className="flex flex-wrap gap-2">{props.children}</div>;
  if (!hydrated) return alone;
  return (
    <Suspense fallback={alone}>
      <OrderActions {...props} />
    </Suspense>
  );
}
