"use client";

import { useQuery } from "@tanstack/react-query";
import { FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import type { OrderCounts, OrderPage } from "@/lib/store/orders/model";
import { listApiPath } from "@/lib/store/orders/input-list";
import {
  countsUnusable,
  type LiveMark,
  type LiveMode,
  liveMark,
  liveMode,
  type NewestOrders,
  pollIntervalMs,
} from "./live-logic";

/** GET /api/orders/counts (lib/store/orders/api.ts countAllOrders). */
export interface CountsAnswer {
  counts: OrderCounts;
  refused: boolean;
}

export interface OrdersLive {
  mode: LiveMode;
  counts: CountsAnswer | undefined;
  newest: NewestOrders | undefined;
  /** What is known now, to compare with a mark taken earlier (live-logic.ts). */
  mark: LiveMark;
  /** Whether the mark holds something comparable yet. */
  ready: boolean;
}

const newestPath = listApiPath({ view: "all", page: 0, count: 20, createdSince: null });

/** A refusal (or a missing route) will not change by asking again every few seconds. */
const hopeless = (error: unknown) =>
  error instanceof FailureError && (error.status === 403 || error.status === 404 || error.status === 401);

/**
 * The orders' live state, one poll for the whole dashboard (rules:
 * live-logic.ts). The sidebar's Orders badge is always mounted and is the
 * one caller with `poll`: its queries refetch every few seconds while the
 * tab is visible. The orders list calls it without `poll` and reads the
 * same cached queries (same keys), so there is one request per interval,
 * not two.
 */
export function useOrdersLive({ permissions, poll }: { permissions: string[] | null; poll: boolean }): OrdersLive {
  const countsWanted = liveMode(permissions, false) === "counts";
  const counts = useQuery({
    queryKey: queryKeys.orders.counts(),
    queryFn: ({ signal }) => fetchJson<CountsAnswer>("/api/orders/counts", { signal }),
    enabled: countsWanted,
    refetchInterval: poll
      ? (query) => (countsUnusable(query.state.data) || hopeless(query.state.error) ? false : pollIntervalMs)
      : false,
    // Back to a tab after a while: read at once rather than at the next tick.
    refetchOnWindowFocus: poll,
  });
  const mode = liveMode(permissions, countsUnusable(counts.data));
  const newest = useQuery({
    queryKey: queryKeys.orders.newest(),
    queryFn: ({ signal }) => fetchJson<OrderPage>(newestPath, { signal }),
    select: (page): NewestOrders => ({ numbers: page.items.map((order) => order.number) }),
    enabled: mode === "newest",
    refetchInterval: poll ? (query) => (hopeless(query.state.error) ? false : pollIntervalMs) : false,
    refetchOnWindowFocus: poll,
  });
  const countsData = mode === "counts" ? counts.data : undefined;
  const newestData = mode === "newest" ? newest.data : undefined;
  const mark = liveMark(countsData?.counts, newestData);
  return {
    mode,
    counts: counts.data,
    newest: newestData,
    mark,
    ready: mark.all !== null || mark.newest !== null,
  };
}
