"use client";

import { type ReactNode, Suspense, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and while hydrating, true in the browser after (docs/design.md#heavy-forms). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Renders `children` (typically a `lazy()` component: a form with
 * react-hook-form and zod) only in the browser once the page is hydrated, and
 * `fallback` (a skeleton with a status label) until its code has arrived. The
 * heavy code then stays out of the route's first-load JavaScript
 * (docs/architecture.md#budgets), and nothing typed before hydration is lost.
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
