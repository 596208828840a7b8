import "server-only";
import type { StoreClient } from "../client";
import { StoreApiError } from "../errors";
import { listShippingGroups } from "../shipping/api";
import { groupCurrency, type ShippingGroup } from "../shipping/model";
import { listProducts } from "./api";
import { readCatalogue } from "./api-bulk";

/**
 * What the shipping pages read of the products: the store's currency when no
 * shipping group carries one yet, and how many products a group holds. Here,
 * beside the products' reads, so that lib/store/shipping never reads products
 * (the products' bulk reads list the shipping groups: one direction only).
 */

/**
 * The currency the option editor types amounts in: the store has one
 * (docs/contract.md#money), which options and products carry. A store with
 * neither yet: USD, the store's default.
 */
export async function shippingCurrency(store: StoreClient, group: ShippingGroup): Promise<string> {
  const own = groupCurrency(group);
  if (own) return own;
  const groups = await listShippingGroups(store).catch((): ShippingGroup[] => []);
  for (const other of groups) {
    const currency = groupCurrency(other);
    if (currency) return currency;
  }
  const products = await listProducts(store, { count: 1 }).catch(() => null);
  return products?.items[0]?.currency ?? "USD";
}

/**
 * How many products are in the group, said before it is deleted. The contract's
 * products list has no filter by group (docs/contract.md#catalogue-and-settings),
 * so this reads the whole catalogue, 250 products a request (four at a time when
 * the store sends X-Total-Count): one request for the demo store, 40 for 10,000
 * products. It runs only when a person opens the delete confirmation.
 */
export async function countShippingGroupProducts(store: StoreClient, id: string): Promise<{ count: number }> {
  let count = 0;
  for await (const line of readCatalogue(store, { pageSize: 250, where: "countShippingGroupProducts" })) {
    if (line.type === "error") throw new StoreApiError({ status: line.status, code: line.code, message: line.error });
    if (line.type === "page") count += line.products.filter((p) => p.shippingGroup === id).length;
  }
  return { count };
}
