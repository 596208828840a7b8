"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import type { OrderActions as Actions } from "./order-actions";

/*
 * The order page's actions, loaded after the page (docs/architecture.md#budgets): the Fulfil dialog's
 * form (react-hook-form, zod) stays out of the page's first-load JavaScript. Until they come, the page's
 * own actions (children) show alone.
 */
const OrderActions = lazy(() => import("./order-actions").then((m) => ({ default: m.OrderActions })));

export function OrderActionsLoader(props: ComponentProps<typeof Actions>) {
  return (
    <Suspense fallback={<div className="flex flex-wrap gap-2">{props.children}</div>}>
      <OrderActions {...props} />
    </Suspense>
  );
}
