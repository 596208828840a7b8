import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../../src/db/schema/index.js";
import type { OrderAddress } from "../../../../src/db/schema/orders.js";
import { api, startStoreWithAdmin, type TestStore, writeBehindApi } from "../../../helpers/index.js";
import type { Json } from "./order-helpers.js";

/**
 * The customer search of the orders lists (`?q=`, an extension: docs/contract.md#extensions): by name or
 * e-mail, billing or shipping, each word starting a word of them, case ignored; X-Total-Count counts the
 * matches and `X-Order-Search: applied` says the store searched.
 */

let store: TestStore;
let admin: string;

const address = (first: string, last: string, email: string): OrderAddress => ({
  first_name: first,
  last_name: last,
  street1: "9 Bay Rd",
  street2: "",
  city: "Austin",
  state: "TX",
  postal_code: "73301",
  country: "US",
  email,
  phone: "",
});

const T0 = 1_700_000_000;
/** Order numbers by who they are for. */
const made: Record<string, number> = {};

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
  const rows = [
    { key: "liam", bill: address("Liam", "Sato", "liam.sato@example.com"), ship: null, fulfilled: false },
    {
      key: "gift",
      bill: address("Ana", "Ruiz", "ana@example.org"),
      ship: address("Liam", "Sato", "liam.sato@example.com"),
      fulfilled: true,
    },
    { key: "liana", bill: address("Liana", "Satori", "liana@example.net"), ship: null, fulfilled: false },
    { key: "bjorn", bill: address("Bjørn", "Øst", "bjorn_ost@example.com"), ship: null, fulfilled: false },
    { key: "percent", bill: address("Per", "Cent", "per%cent@example.com"), ship: null, fulfilled: false },
  ];
  for (const [i, r] of rows.entries()) {
    const [row] = await writeBehindApi(store, () =>
      store.database.db
        .insert(orders)
        .values({
          currency: "USD",
          billingAddress: r.bill,
          shippingAddress: r.ship ?? r.bill,
          subtotal: 1000,
          shipping: 0,
          tax: 0,
          total: 1000,
          paymentState: "paid",
          paymentGateway: "stripe",
          fulfilled: r.fulfilled,
          createdAt: new Date((T0 + i) * 1000),
          updatedAt: new Date((T0 + i) * 1000),
        })
        .returning({ number: orders.number }),
    );
    made[r.key] = row!.number;
  }
});
afterAll(() => store.close());

const numbers = (list: Json[]) => list.map((o) => o.order_number);

async function search(q: string, path = "/orders", extra = "") {
  const res = await api(store, admin, "GET", `${path}?q=${encodeURIComponent(q)}${extra}`);
  return res;
}

describe("GET /orders?q= (the customer search extension)", () => {
  it("finds orders by name, billing or shipping, each word the start of a word, newest first, and says it searched", async () => {
    const res = await search("liam sato");
    expect(res.status, res.text).toBe(200);
    expect(res.res.headers.get("x-order-search")).toBe("applied");
    expect(numbers(res.json)).toEqual([made.gift, made.liam]);
    expect(res.res.headers.get("x-total-count")).toBe("2");

    // "lia" starts Liam and Liana; "sat" starts Sato and Satori.
    expect(numbers((await search("Lia SAT")).json)).toEqual([made.liana, made.gift, made.liam]);
    // A word inside another is no match: "ato" starts nothing.
    expect((await search("ato")).json).toEqual([]);
  });

  it("finds orders by e-mail, whole or by its parts", async () => {
    expect(numbers((await search("liam.sato@example.com")).json)).toEqual([made.gift, made.liam]);
    expect(numbers((await search("example.org")).json)).toEqual([made.gift]);
    // Letters outside ASCII stay inside their words; an underscore splits.
    expect(numbers((await search("bjørn øst")).json)).toEqual([made.bjorn]);
    expect(numbers((await search("ost")).json)).toEqual([made.bjorn]);
    // LIKE's own characters are taken as text: "%" splits like any punctuation, and matches nothing by itself.
    expect(numbers((await search("per%")).json)).toEqual([made.percent]);
  });

  it("pages the matches with the list's own paging, and works on the state lists and with created_since", async () => {
    const first = await search("lia", "/orders", "&count=2");
    expect(numbers(first.json)).toEqual([made.liana, made.gift]);
    expect(first.res.headers.get("x-total-count")).toBe("3");
    expect(numbers((await search("lia", "/orders", "&count=2&page=1")).json)).toEqual([made.liam]);

    const unfulfilled = await search("liam sato", "/orders/unfulfilled");
    expect(unfulfilled.res.headers.get("x-order-search")).toBe("applied");
    expect(numbers(unfulfilled.json)).toEqual([made.liam]);
    expect(numbers((await search("lia", "/orders", `&created_since=${T0}`)).json)).toEqual([made.liana, made.gift]);
  });

  it("refuses an empty or wordless query with a 422 naming q; without q, no header", async () => {
    for (const q of ["", "   ", "@@", "x".repeat(101)]) {
      const res = await search(q);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.json.fields)).toEqual(["q"]);
    }
    const all = await api(store, admin, "GET", "/orders");
    expect(all.res.headers.get("x-order-search")).toBeNull();
    expect(all.json).toHaveLength(5);
  });
});
