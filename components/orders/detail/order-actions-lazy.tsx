"use client";

import { type ComponentProps, type ReactNode, lazy, Suspense } from "react";
import { useHydrated } from "../../ui/after-hydration";

/*
 * The order page's actions, loaded after the page (docs/architecture.md#budgets): the Fulfil dialog's
 * form (react-hook-form, zod) stays out of the page's first-load JavaScript. They come only once the page
 * is interactive, so that a click on Fulfil is never one the page cannot answer yet. The page's own
 * actions (children: the packing slip's link) are there from the first paint and keep their place in the
 * tree, so their elements are never made again: a click on the link while the others arrive is not lost
 * (CI saw one, when the link was rendered anew between the press and the release).
 */
const OrderActions = lazy(() => import("./order-actions").then((m) => ({ default: m.OrderActions })));

export function OrderActionsLoader({
  children,
  ...props
}: ComponentProps<typeof OrderActions> & { children?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <>
      <Suspense fallback={null}>{hydrated ? <OrderActions {...props} /> : null}</Suspense>
      {children}
    </>
  );
}
