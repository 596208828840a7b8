import "server-only";
import type { FormValue, StoreClient } from "../client";
import { StoreApiError, StoreAuthError } from "../errors";
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
import {
  FULFILMENT_HEADER,
  type FulfilShipment,
  fulfilFields,
  type OrderWithOffer,
  readFulfilmentOffer,
} from "./model-fulfil";
import { queryWords, startsWords } from "../../search-words";
import { storeOrderSchema, storeOrderSearchSchema, storeOrderSummarySchema } from "./schema";

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
  /** A customer's name or e-mail: only their orders (searchOrders). */
  q?: string;
}

/** On a store without the search extension, how many of the newest orders of a tab the search reads. */
export const SEARCH_SPAN = { pages: 2, pageSize: 250 } as const;
const SEARCH_HEADER = "x-order-search";

/**
 * One page of a tab's orders of a customer (`q`: a name or an e-mail, each word the start of a word of
 * them). A store with the search extension (docs/contract.md#extensions) answers `?q=` itself and says so
 * with `X-Order-Search: applied`; a store without it lists every order, and the dashboard then searches
 * the tab's newest SEARCH_SPAN orders itself (lib/search-words.ts), and says which span it searched.
 */
export async function searchOrders(
  store: StoreClient,
  { view = "all", page = 0, count = defaultOrderPageSize, createdSince = null, q = "" }: OrderListRequest,
): Promise<OrderPage> {
  const newer = (o: OrderSummary) => createdSince === null || o.created === null || o.created > createdSince;
  const request = { ...ordersRequest, path: viewPath(view), tags: reads };
  const asked = await listPage(
    store,
    { ...request, query: { created_since: createdSince ?? undefined, q }, item: storeOrderSummarySchema },
    page,
    count,
  );
  if (asked.headers.get(SEARCH_HEADER) === "applied") {
    return { items: asked.items.filter(newer), view, page, count, total: asked.total ?? null, search: { by: "store" } };
  }
  const words = queryWords(q);
  const seen = new Set<number>();
  const matches: OrderSummary[] = [];
  let oldest: number | null = null;
  let complete = false;
  for (let p = 0; p < SEARCH_SPAN.pages && !complete; p++) {
    const result = await listPage(
      store,
      { ...request, query: { created_since: createdSince ?? undefined }, item: storeOrderSearchSchema },
      p,
      SEARCH_SPAN.pageSize,
    );
    let added = 0;
    for (const { summary, words: texts } of result.items) {
      if (seen.has(summary.number) || !newer(summary)) continue;
      seen.add(summary.number);
      added++;
      if (summary.created !== null) oldest = oldest === null ? summary.created : Math.min(oldest, summary.created);
      if (startsWords(texts, words)) matches.push(summary);
    }
    const read = (p + 1) * SEARCH_SPAN.pageSize;
    complete = result.items.length < SEARCH_SPAN.pageSize || (result.total !== undefined && read >= result.total);
    // A full page of nothing new: a store that ignores `page`; what was read is all there is to search.
    if (added === 0) break;
  }
  return {
    items: matches.slice(page * count, (page + 1) * count),
    view,
    page,
    count,
    total: matches.length,
    search: { by: "dashboard", searched: seen.size, complete, oldest },
  };
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
 * A 401 is not a refusal but the end of the session: it fails the whole, so
 * that the person is sent to sign in again (the sidebar polls this).
 */
export async function countAllOrders(store: StoreClient): Promise<{ counts: OrderCounts; refused: boolean }> {
  let refused = false;
  const entries = await Promise.all(
    orderViews.map(async (view) => {
      try {
        return [view, await countOrders(store, view)] as const;
      } catch (error) {
        if (error instanceof StoreAuthError) throw error;
        if (error instanceof StoreApiError && error.status === 403) refused = true;
        return [view, null] as const;
      }
    }),
  );
  return { counts: Object.fromEntries(entries) as OrderCounts, refused };
}

/**
 * One order, and what its store takes with a fulfilment: `X-Order-Fulfilment` (an extension,
 * docs/contract.md#extensions), read before the Fulfil dialog offers a shipment or the e-mail's choice.
 */
export async function getOrder(store: StoreClient, number: number): Promise<OrderWithOffer> {
  const { data, headers } = await store.requestWithHeaders({
    ...ordersRequest,
    id: String(number),
    path: orderPath(number),
    tags: reads,
    schema: storeOrderSchema,
  });
  return { ...data, fulfilment: readFulfilmentOffer(headers.get(FULFILMENT_HEADER)) };
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

/**
 * `PUT /orders/{n}` with `fulfilled=true` and what the Fulfil dialog adds where the store takes it (a
 * carrier, service, tracking number, `notify`: fulfilFields); without them, the contract's plain fulfilment.
 */
export async function fulfilOrder(
  store: StoreClient,
  number: number,
  shipment?: FulfilShipment,
): Promise<OrderSummary> {
  return store.request({
    ...ordersRequest,
    method: "PUT",
    id: String(number),
    path: orderPath(number),
    form: fulfilFields(shipment),
    schema: oneOrListOfOne(storeOrderSummarySchema),
  });
}

export interface OrdersSince {
  /** Newest first, each order once. */
  items: OrderSummary[];
  /** False when the cap stopped the reading before the period's oldest order. */
  complete: boolean;
}

/**
 * Every order created after `createdSince` (UNIX seconds), for the home
 * page's figures (lib/store/orders/model-stats.ts): `GET /orders?created_since=…`
 * page by page, newest first, until a short page or X-Total-Count is
 * reached. A store that ignores the filter still ends the reading: listOrders
 * drops older orders, which makes the page short. Capped at `maxPages`
 * (default 50 pages of 100), so that a very busy store costs a bounded wait;
 * `complete` then says the figures rest on the newest orders only.
 */
export async function listOrdersCreatedSince(
  store: StoreClient,
  createdSince: number,
  { pageSize = 100, maxPages = 50 }: { pageSize?: number; maxPages?: number } = {},
): Promise<OrdersSince> {
  const seen = new Set<number>();
  const items: OrderSummary[] = [];
  for (let page = 0; page < maxPages; page++) {
    const result = await listOrders(store, { page, count: pageSize, createdSince });
    // An order placed while we read moves the rest down a place: one may come twice.
    let added = 0;
    for (const order of result.items) {
      if (seen.has(order.number)) continue;
      seen.add(order.number);
      items.push(order);
      added++;
    }
    const last = result.items.length < pageSize || (result.total !== null && (page + 1) * pageSize >= result.total);
    if (last) return { items, complete: true };
    // A full page of nothing new: a store that ignores `page`. Stop rather than read it 50 times.
    if (added === 0) return { items, complete: false };
  }
  return { items, complete: false };
}

export interface OrderPagesRequest {
  view?: OrderView;
  createdSince?: number | null;
  pageSize?: number;
  /** A bound, in case a store ignores `page` (default: 2,000 pages of 100). */
  maxPages?: number;
  /** A customer search (searchOrders): only its matches. */
  q?: string;
}

/**
 * Every page of a tab, newest first, one page at a time (the CSV export
 * streams them as they come): until a short page or X-Total-Count is
 * reached. An order placed while reading moves the rest down a place, so an
 * order may come twice: each is yielded once. A full page of nothing new (a
 * store that ignores `page`) ends the reading. With `q`, only a customer
 * search's matches: the store's pages when it searches, else the span the
 * dashboard searched (at most SEARCH_SPAN's orders), read once, in one page.
 */
export async function* orderPages(
  store: StoreClient,
  { view = "all", createdSince = null, pageSize = 100, maxPages = 2_000, q = "" }: OrderPagesRequest = {},
): AsyncGenerator<OrderPage, void, undefined> {
  const seen = new Set<number>();
  for (let page = 0; page < maxPages; page++) {
    const request = { view, page, count: pageSize, createdSince };
    const result = q ? await searchOrders(store, { ...request, q }) : await listOrders(store, request);
    if (result.search?.by === "dashboard") {
      // The dashboard searched the span itself: every match is in it, so ask for them all at once.
      const all =
        (result.total ?? 0) > pageSize ? await searchOrders(store, { ...request, count: result.total!, q }) : result;
      yield all;
      return;
    }
    const fresh = result.items.filter((order) => {
      if (seen.has(order.number)) return false;
      seen.add(order.number);
      return true;
    });
    yield { ...result, items: fresh };
    const last = result.items.length < pageSize || (result.total !== null && (page + 1) * pageSize >= result.total);
    if (last || fresh.length === 0) return;
  }
}
