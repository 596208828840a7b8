import "server-only";
import type { StoreClient } from "../client";
import { orderPages } from "./api";
import { countToFulfilIn, type ToFulfil, toFulfilMaxPages, toFulfilPageSize } from "./model-to-fulfil";

/**
 * How many orders are paid, unfulfilled and not cancelled (docs/design.md#to-fulfil): the
 * Unfulfilled list read page by page (`GET /orders/unfulfilled`, a state list every store serves:
 * docs/contract.md#orders), the paid ones among them that are not cancelled counted. No count of
 * the specification says it (the state counts are one state each), and the lists hold no filter
 * by two states. At most `maxPages` pages of `pageSize`: past them `complete` is false and the
 * figure is a floor ("1,000+").
 */
export async function countToFulfil(
  store: StoreClient,
  { pageSize = toFulfilPageSize, maxPages = toFulfilMaxPages }: { pageSize?: number; maxPages?: number } = {},
): Promise<ToFulfil> {
  let count = 0;
  let complete = false;
  for await (const page of orderPages(store, { view: "unfulfilled", pageSize, maxPages })) {
    count += countToFulfilIn(page.items);
    const last = page.items.length < pageSize || (page.total !== null && (page.page + 1) * pageSize >= page.total);
    if (last) complete = true;
  }
  // Ended by the bound, or by a store that ignores `page` (orderPages): a floor.
  return { count, complete };
}
