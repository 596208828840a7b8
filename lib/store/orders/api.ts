import "server-only";
import type { FormValue, StoreClient } from "../client";
import { StoreApiError } from "../errors";
import { countSchema, listPage, oneOrListOfOne } from "../shapes";
import {
  defaultOrderPageSize,
  type Order,
  type OrderCounts,
  type OrderPage,
  type OrderSummary,
  type OrderView,
  orderViews,
} from "./model";
import { storeOrderSchema, storeOrderSummarySchema } from "./schema";

/**
 * Cache tags of orders reads. Every orders read carries `all`; a server
 * action that changes orders names it in `invalidates` (docs/architecture.md).
 */
export const orderTags = { all: "orders" } as const;

/** What every orders request needs beside the admin scope (docs/contract.md#scopes-and-permissions). */
const ordersRequest = { permission: "manage_orders", scope: "admin", resource: "order" } as const;
/** The counts need view_stats instead (docs/contract.md#scopes-and-permissions). */
const countsRequest = { permission: "view_stats", scope: "admin", resource: "order" } as const;
const reads = [orderTags.all];

const orderPath = (number: number) => `/api/v1/orders/${encodeURIComponent(String(number))}`;
const viewPath = (view: OrderView) => (view === "all" ? "/api/v1/orders" : `/api/v1/orders/${view}`);

export interface OrderListRequest {
  view?: OrderView;
  /** Zero-based. */
  page?: number;
  count?: number;
  /** UNIX seconds: orders created after it (exclusive). */
  createdSince?: number | null;
}

/**
 * One page of a tab, newest first. `created_since` is the spec's filter of
 * `GET /orders`; the state lists list only `page` and `count`, so it is
 * sent there too and the answer is also filtered here, in case a store
 * ignores it (the page may then hold fewer rows than `count`).
 */
export async function listOrders(
  store: StoreClient,
  { view = "all", page = 0, count = defaultOrderPageSize, createdSince = null }: OrderListRequest = {},
): Promise<OrderPage> {
  const result = await listPage(
    store,
    {
      ...ordersRequest,
      path: viewPath(view),
      query: { created_since: createdSince ?? undefined },
      item: storeOrderSummarySchema,
      tags: reads,
    },
    page,
    count,
  );
  const items =
    createdSince === null ? result.items : result.items.filter((o) => o.created === null || o.created > createdSince);
  return { items, view, page, count, total: result.total ?? null };
}

/** The number of orders in a tab (`/orders/count`, `/orders/{state}/count`). */
export async function countOrders(store: StoreClient, view: OrderView): Promise<number> {
  return store.request({
    ...countsRequest,
    path: `${viewPath(view)}/count`,
    tags: reads,
    schema: countSchema,
  });
}

/**
 * Every tab's count at once; a count the store refuses (no view_stats) or
 * fails is null, so the tabs still show. `refused` says whether any was
 * refused for want of permission (the page then says why counts are missing).
 */
export async function countAllOrders(store: StoreClient): Promise<{ counts: OrderCounts; refused: boolean }> {
  let refused = false;
  const entries = await Promise.all(
    orderViews.map(async (view) => {
      try {
        return [view, await countOrders(store, view)] as const;
      } catch (error) {
        if (error instanceof StoreApiError && (error.status === 403 || error.status === 401)) refused = true;
        return [view, null] as const;
      }
    }),
  );
  return { counts: Object.fromEntries(entries) as OrderCounts, refused };
}

export async function getOrder(store: StoreClient, number: number): Promise<Order> {
  return store.request({
    ...ordersRequest,
    id: String(number),
    path: orderPath(number),
    tags: reads,
    schema: storeOrderSchema,
  });
}

/**
 * Creates an API order from the spec's POST fields (`line_N_*`, `ship_*`,
 * `bill_*`, …; lib/store/orders/input.ts builds them). The store answers a
 * list holding the order (an object alone is read too).
 */
export async function createOrder(store: StoreClient, fields: Record<string, FormValue>): Promise<Order> {
  return store.request({
    ...ordersRequest,
    method: "POST",
    path: "/api/v1/orders",
    form: fields,
    schema: oneOrListOfOne(storeOrderSchema),
  });
}

export interface OrderChanges {
  fulfilled?: boolean;
  cancelled?: boolean;
}

/** `PUT /orders/{n}` with `fulfilled` and/or `cancelled`; answers the order (a list of one, or the object). */
export async function updateOrder(store: StoreClient, number: number, changes: OrderChanges): Promise<OrderSummary> {
  return store.request({
    ...ordersRequest,
    method: "PUT",
    id: String(number),
    path: orderPath(number),
    form: { ...changes },
    schema: oneOrListOfOne(storeOrderSummarySchema),
  });
}
