import { expect } from "vitest";
import { api, type TestStore } from "../../../helpers/index.js";

/** What the orders tests share: a small catalogue with shipping and tax, an address, order forms. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, asserted on in the tests
export type Json = any;

export const NEW_YORK = {
  ship_first_name: "Ada",
  ship_last_name: "Lovelace",
  ship_street1: "1 Main St",
  ship_city: "New York",
  ship_state: "NY",
  ship_postal_code: "10001",
  ship_country: "US",
  ship_email: "ada@example.com",
};

export interface Catalogue {
  /** $12.50; options S (stock 1000, +$0) and L (stock 3, +$2); extras gift wrap (+$4, unlimited) and care kit (+$10, stock 2). */
  mug: Json;
  small: string;
  large: string;
  giftWrap: string;
  careKit: string;
  /** $30, on sale at $25; no options, unlimited stock, no shipping or tax group. */
  poster: Json;
  posterOption: string;
  shippingGroup: number;
  taxGroup: number;
}

export async function made(store: TestStore, token: string, path: string, form: Record<string, string>) {
  const res = await api(store, token, "POST", path, form);
  expect(res.status, res.text).toBeLessThan(300);
  return res.json;
}

/**
 * A shipping group (the US but Hawaii: $5 a cart plus $1 an item) and a tax
 * group (California 7.25% on goods; New York 8.875% on goods and shipping),
 * a mug that uses both, and a poster that uses neither.
 */
export async function addCatalogue(store: TestStore, token: string, name = "Mug"): Promise<Catalogue> {
  const [group] = await made(store, token, "/shipping_groups", {
    name: `${name} shipping`,
    options: JSON.stringify([
      {
        name: "US",
        per_cart_rate_raw: 5,
        per_item_rate_raw: 1,
        destinations: [{ country: "US" }, { country: "US", region: "HI", allowed: false }],
      },
    ]),
  });
  const tax = await made(store, token, "/tax_groups", {
    name: `${name} tax`,
    rules: JSON.stringify([
      { country: "US", region: "CA", rate: 7.25 },
      { country: "US", region: "NY", rate: 8.875, on_shipping: true },
    ]),
  });
  const mug = await made(store, token, "/products", {
    name,
    price: "12.50",
    weight: "0.4",
    shipping_group: String(group.id),
    tax_group: String(tax.id),
    options: JSON.stringify([
      { metadata: { Size: "S" }, quantity: 1000, surcharge: 0 },
      { metadata: { Size: "L" }, quantity: 3, surcharge: 2 },
    ]),
    extras: JSON.stringify([
      { metadata: { Extra: "Gift wrap" }, quantity: -1, surcharge: 4 },
      { metadata: { Extra: "Care kit" }, quantity: 2, surcharge: 10 },
    ]),
  });
  const poster = await made(store, token, "/products", { name: `${name} poster`, price: "30", sale_price: "25" });
  return {
    mug,
    small: mug.options[0].key,
    large: mug.options[1].key,
    giftWrap: mug.extras[0].key,
    careKit: mug.extras[1].key,
    poster,
    posterOption: poster.options[0].key,
    shippingGroup: group.id,
    taxGroup: tax.id,
  };
}

/** The stock of a product's options and extras, by key. */
export async function stock(store: TestStore, token: string, key: string): Promise<Record<string, number>> {
  const res = await api(store, token, "GET", `/products/${key}`);
  expect(res.status, res.text).toBe(200);
  const items = [...res.json.options, ...res.json.extras] as { key: string; quantity: number }[];
  return { product: res.json.quantity, ...Object.fromEntries(items.map((i) => [i.key, i.quantity])) };
}

export async function orderCount(store: TestStore, token: string): Promise<number> {
  const res = await api(store, token, "GET", "/orders/count");
  expect(res.status, res.text).toBe(200);
  return res.json.count;
}

/** POST /orders with New York as the address unless told otherwise. */
export function postOrder(store: TestStore, token: string, form: Record<string, string>) {
  return api(store, token, "POST", "/orders", { ...NEW_YORK, ...form });
}
