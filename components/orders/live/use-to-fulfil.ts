"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import type { OrderCounts } from "@/lib/store/orders/model";
import { type ToFulfil, toFulfilKey, toFulfilRefreshMs } from "@/lib/store/orders/model-to-fulfil";

/**
 * How many orders are to fulfil (paid, unfulfilled, not cancelled: GET /api/orders/to-fulfil), read
 * again when the tabs' counts move and otherwise once a minute (docs/design.md#to-fulfil), not at
 * every poll. Only beside the counts (`counts`: the person may view statistics): where the tabs show
 * no counts, they show no figure either. The sidebar's badge polls (`poll`); the orders list reads the
 * same query. The last figure stays shown while the next one is read.
 */
export function useToFulfil({
  permissions,
  counts,
  poll,
}: {
  permissions: string[] | null;
  counts: OrderCounts | null | undefined;
  poll: boolean;
}): ToFulfil | undefined {
  const query = useQuery({
    queryKey: queryKeys.orders.toFulfil(toFulfilKey(counts)),
    queryFn: ({ signal }) => fetchJson<ToFulfil>("/api/orders/to-fulfil", { signal }),
    enabled: Boolean(counts) && (permissions === null || permissions.includes("manage_orders")),
    staleTime: toFulfilRefreshMs,
    refetchInterval: poll ? toFulfilRefreshMs : false,
    refetchOnWindowFocus: poll,
    placeholderData: keepPreviousData,
  });
  return query.data;
}
