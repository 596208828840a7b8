import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreApiError, StoreAuthError } from "../errors";
import { getProduct } from "../products/api";
import type { PackingSlip, PackingSlips, SlipProblem } from "./model-slips";
import { orderTags } from "./api";
import {
  type ProductLookup,
  type SlipDraft,
  needsProduct,
  productRefOf,
  resolveLine,
  storeSlipOrderSchema,
} from "./schema-slips";

/** Orders read at once: the store's rate limit (40 a second, bursts to 80: docs/contract.md#rate-limit) is per token. */
const orderReadsAtOnce = 6;
/** Products read at once, when lines leave out what their product tells. */
const productReadsAtOnce = 4;

/** Runs `work` over `items`, at most `limit` at a time; the answers in the items' order. */
export async function inTurns<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const ordersRequest = {
  permission: "manage_orders",
  scope: "admin",
  resource: "order",
  tags: [orderTags.all],
} as const;

function readSlipOrder(store: StoreClient, number: number): Promise<SlipDraft> {
  return store.request({
    ...ordersRequest,
    id: String(number),
    path: `/api/v1/orders/${encodeURIComponent(String(number))}`,
    schema: storeSlipOrderSchema,
  });
}

/** From this many orders on, the newest pages of the orders list are read first. */
const listFrom = 5;
const listPageSize = 100;

/**
 * The chosen orders that the newest pages of `GET /orders` hold (newest first:
 * docs/contract.md#orders). Orders are mostly printed soon after they come in,
 * so a hundred of them are often one or two list requests instead of a
 * hundred (and the store's rate limit, 80 at once, is not met). Reading stops
 * when every order is found, at a short page, after `maxPages`, or once a page
 * reaches past the oldest chosen (the bundled store numbers orders as they
 * come, so later pages hold none of them; a store that does not merely leaves
 * more to read one by one). A failure here is no failure: the orders are then read one by one.
 */
async function readFromList(store: StoreClient, numbers: readonly number[]): Promise<Map<number, SlipDraft>> {
  const wanted = new Set(numbers);
  const oldest = Math.min(...numbers);
  const found = new Map<number, SlipDraft>();
  const maxPages = Math.min(5, Math.ceil(numbers.length / listPageSize) + 1);
  try {
    for (let page = 0; page < maxPages && found.size < wanted.size; page++) {
      const items = await store.request({
        ...ordersRequest,
        path: "/api/v1/orders",
        query: { page, count: listPageSize },
        schema: z.array(z.unknown()),
      });
      let oldestListed = Infinity;
      for (const item of items) {
        const parsed = storeSlipOrderSchema.safeParse(item);
        if (!parsed.success) continue;
        oldestListed = Math.min(oldestListed, parsed.data.number);
        if (wanted.has(parsed.data.number)) found.set(parsed.data.number, parsed.data);
      }
      if (items.length < listPageSize || oldestListed < oldest) break;
    }
  } catch (error) {
    if (error instanceof StoreAuthError || !(error instanceof StoreApiError)) throw error;
  }
  return found;
}

/**
 * The packing slips of these orders, in the order given (docs/contract.md#orders).
 *
 * Five orders or more are looked for first in the newest pages of the orders
 * list (`readFromList`); the others are each one `GET /orders/{n}`, a few at
 * a time. An order the store
 * does not have (a 404) is listed as missing and one it fails to answer as
 * failed, each with its sentence; the others still print. Only when nothing
 * could be read for another reason than a 404 (the store is away, the person
 * may not read orders) does the whole fail, as the page's store problem.
 * A 401 always fails the whole: the person signs in again.
 *
 * Where a line leaves out its SKU or its option's values (a store that sends
 * a product or an option by its key only), its product is read, once per
 * product for all the slips, a few at a time; a product that is gone (a 404)
 * leaves its lines as the order kept them, marked so.
 */
export async function loadPackingSlips(store: StoreClient, numbers: readonly number[]): Promise<PackingSlips> {
  const problems: SlipProblem[] = [];
  let firstFailure: unknown = null;
  const listed = numbers.length >= listFrom ? await readFromList(store, numbers) : new Map<number, SlipDraft>();
  const drafts = await inTurns(numbers, orderReadsAtOnce, async (number) => {
    const fromList = listed.get(number);
    if (fromList) return fromList;
    try {
      return await readSlipOrder(store, number);
    } catch (error) {
      if (error instanceof StoreAuthError || !(error instanceof StoreApiError)) throw error;
      if (error.status === 404) {
        problems.push({ number, kind: "missing", message: `Your store has no order #${number}.` });
      } else {
        firstFailure ??= error;
        problems.push({ number, kind: "failed", message: error.message });
      }
      return null;
    }
  });
  const read = drafts.filter((draft): draft is SlipDraft => draft !== null);
  if (!read.length && firstFailure) throw firstFailure;

  // Each product once, whatever number of lines and orders name it.
  const keys = [...new Set(read.flatMap((draft) => draft.lines.flatMap((line) => needsProduct(line) ?? [])))];
  const lookups = new Map<string, ProductLookup>();
  await inTurns(keys, productReadsAtOnce, async (key) => {
    try {
      lookups.set(key, productRefOf(await getProduct(store, key)));
    } catch (error) {
      if (error instanceof StoreAuthError || !(error instanceof StoreApiError)) throw error;
      lookups.set(key, error.status === 404 ? "gone" : "failed");
    }
  });

  const slips: PackingSlip[] = read.map((draft) => ({
    ...draft,
    lines: draft.lines.map((line) => {
      const key = needsProduct(line);
      return resolveLine(line, key === null ? undefined : lookups.get(key));
    }),
  }));
  const order = new Map(numbers.map((number, index) => [number, index]));
  problems.sort((a, b) => order.get(a.number)! - order.get(b.number)!);
  return {
    slips,
    problems,
    productsUnavailable: [...lookups].flatMap(([key, lookup]) => (typeof lookup === "string" ? [key] : [])),
  };
}
