import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../db/schema/index.js";
import { intString } from "../products/schemas.js";
import { searchWords } from "../text/search-words.js";
import { ORDER_PAGE_SIZE, type OrderState } from "./schemas.js";

export { searchWords };

/**
 * What the orders lists keep (docs/contract.md#orders): a state's orders, those created since a time, and
 * a customer's (`?q=`, an extension: docs/contract.md#extensions): by name or e-mail, billing or shipping,
 * each word of the query the start of a word of them.
 */

/** `q` on GET /orders and the state lists. */
const orderSearchParam = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .refine((text) => searchWords(text).length > 0, "must hold a letter or a digit")
  .optional()
  .meta({
    description:
      "Extension: only the orders whose customer matches, by name or e-mail (billing or shipping): each word " +
      "starts a word of them, case ignored (`liam sato`, `sato@exa`). X-Total-Count counts the matches, and the " +
      "answer carries `X-Order-Search: applied`. A store without the extension ignores the parameter and lists " +
      "every order, without the header.",
    "x-store-extension": true,
  });

/** The header that says a list was searched by `q` (GET /orders?q=, an extension). */
export const ORDER_SEARCH_HEADER = "x-order-search";

/**
 * The customer's words of an order, as one text: the billing and shipping names and e-mails, lower case,
 * every run of spaces and punctuation made one space, after a leading space (searchWords splits a query the same way). A query word starts one of them when ' word' is in it.
 */
const customerWords = sql`' ' || regexp_replace(lower(concat_ws(' ',
  ${orders.billingAddress}->>'first_name', ${orders.billingAddress}->>'last_name', ${orders.billingAddress}->>'email',
  ${orders.shippingAddress}->>'first_name', ${orders.shippingAddress}->>'last_name', ${orders.shippingAddress}->>'email'
)), '[[:space:][:punct:]]+', ' ', 'g')`;

/** LIKE's own characters taken literally (the words hold only letters and digits, but a guard costs nothing). */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The conditions that keep the orders of a customer whose words start with each of `words`; none without. */
export function customerMatch(words: string[] | undefined): SQL[] {
  return (words ?? []).map((word) => sql`${customerWords} like ${`% ${likeLiteral(word)}%`}`);
}

export const orderListQuery = z.object({
  page: intString(0, 1_000_000, "a whole number from 0")
    .optional()
    .meta({ description: "Zero-based page index; default 0. A page past the end is an empty list." }),
  count: intString(1, ORDER_PAGE_SIZE.max, `a whole number from 1 to ${ORDER_PAGE_SIZE.max}`)
    .optional()
    .meta({ description: `Page size; default ${ORDER_PAGE_SIZE.default}, at most ${ORDER_PAGE_SIZE.max}.` }),
  created_since: intString(0, 253_402_300_799, "a UNIX time in seconds")
    .optional()
    .meta({ description: "UNIX time in seconds: only orders created after it (not at it)." }),
  q: orderSearchParam,
});

/** Which orders a state list holds: fulfilled and unfulfilled leave cancelled orders out. */
function stateFilter(state: OrderState | undefined): SQL | undefined {
  switch (state) {
    case "fulfilled":
      return and(eq(orders.fulfilled, true), eq(orders.cancelled, false));
    case "unfulfilled":
      return and(eq(orders.fulfilled, false), eq(orders.cancelled, false));
    case "paid":
    case "pending":
    case "failed":
      return eq(orders.paymentState, state);
    default:
      return undefined;
  }
}

export interface OrderFilter {
  state?: OrderState | undefined;
  /** UNIX seconds: only orders whose `created` is after it. */
  createdSince?: number | undefined;
  /** Only orders whose customer has a word starting with each of these (searchWords, lower case). */
  customer?: string[] | undefined;
}

export function where(filter: OrderFilter): SQL | undefined {
  // `created` reads as whole seconds: "after T" is from T + 1 on.
  const since =
    filter.createdSince === undefined ? undefined : gte(orders.createdAt, new Date((filter.createdSince + 1) * 1000));
  return and(stateFilter(filter.state), since, ...customerMatch(filter.customer));
}
