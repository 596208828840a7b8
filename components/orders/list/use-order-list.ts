"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { type RefObject, useMemo, useState } from "react";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import {
  createdSinceOf,
  listApiPath,
  listHref,
  type OrderListParams,
  readListParams,
} from "@/lib/store/orders/input-list";
import type { OrderPage } from "@/lib/store/orders/model";
import { useHydrated } from "../../ui/after-hydration";
import { countsUnusable, type LiveMark, liveMode, newOrdersSince } from "../live/live-logic";
import { type CountsAnswer, useOrdersLive } from "../live/use-orders-live";
import { useToFulfil } from "../live/use-to-fulfil";

/**
 * The orders list's data: the view the URL names (lib/store/orders/input-list.ts), its page read through
 * React Query and GET /api/orders, the tabs' counts, and the "N new orders" pill fed by the shared poll
 * (components/orders/live/). `go` writes the URL with the History API (Next keeps useSearchParams in step,
 * so Back works); `showNewOrders` goes to the first page and focuses the list's heading.
 */
export function useOrderList({
  permissions,
  serverCounts,
  headingRef,
}: {
  permissions: string[] | null;
  /** The tabs' counts as the server read them for the first render. */
  serverCounts: CountsAnswer | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const search = useSearchParams();
  const params = useMemo(() => readListParams(Object.fromEntries(search)), [search]);
  const here = listHref(params);
  const hydrated = useHydrated();
  const queryClient = useQueryClient();

  // The day filter becomes the store's created_since in the browser's own zone; until hydrated, unknown.
  const createdSince = params.since ? (hydrated ? createdSinceOf(params.since) : undefined) : null;
  const request = {
    view: params.view,
    page: params.page,
    count: params.count,
    createdSince: createdSince ?? null,
    q: params.q ?? "",
  };
  const list = useQuery({
    queryKey: queryKeys.orders.list(request),
    queryFn: ({ signal }) => fetchJson<OrderPage>(listApiPath(request), { signal }),
    enabled: createdSince !== undefined,
    placeholderData: keepPreviousData,
  });

  function go(next: OrderListParams) {
    window.history.pushState(null, "", listHref(next));
  }

  /* ---------- live: the "N new orders" pill ---------- */
  const live = useOrdersLive({ permissions, poll: false });
  const [baseline, setBaseline] = useState<{ key: string; mark: LiveMark } | null>(null);
  const comparable = (a: LiveMark, b: LiveMark) => (a.all === null) === (b.all === null);
  if (live.ready && (baseline === null || baseline.key !== here || !comparable(baseline.mark, live.mark))) {
    setBaseline({ key: here, mark: live.mark });
  }
  const fresh = baseline ? newOrdersSince(baseline.mark, live.mark) : { count: 0, capped: false };

  function showNewOrders() {
    setBaseline({ key: listHref({ ...params, page: 0 }), mark: live.mark });
    if (params.page !== 0) go({ ...params, page: 0 });
    void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    headingRef.current?.focus();
  }

  /*
   * The counts the tabs show. While hydrating, exactly what the server rendered: the sidebar's
   * badge may have made the counts query first, and React Query then hydrates the server's read
   * into it only in an effect, so the cache may hold nothing yet (or a newer read) while this
   * renders: the tabs would differ from the server's HTML (React's hydration error #418).
   */
  const shownCounts = hydrated ? (live.counts ?? serverCounts) : serverCounts;
  const shownMode = hydrated ? live.mode : liveMode(permissions, countsUnusable(serverCounts ?? undefined));
  // How many are to fulfil (paid, unfulfilled, not cancelled): the server render has none, so neither does hydration.
  const toFulfil = useToFulfil({
    permissions,
    counts: live.mode === "counts" ? live.counts?.counts : null,
    poll: false,
  });

  return {
    params,
    /** The view's address: the key of what is chosen in it. */
    here,
    /** `since` as the store's created_since: null without one, undefined until hydrated. */
    createdSince,
    list,
    go,
    fresh,
    showNewOrders,
    counts: shownCounts?.counts,
    /** How many orders are to fulfil, for the Unfulfilled tab; undefined until read (and while hydrating). */
    toFulfil: hydrated ? toFulfil : undefined,
    /** The store gave no counts (the person may not view statistics): the tabs show none. */
    countsMissing: shownMode === "newest",
  };
}
