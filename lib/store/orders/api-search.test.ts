import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { orderPages, SEARCH_SPAN, searchOrders } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();
const T0 = 1_790_000_000;

/** `n` orders, newest first (numbers n…1, an hour apart); every tenth for Liam Sato, one of them shipped to him only. */
function orders(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const number = n - i;
    const liam = number % 10 === 0;
    const person = (first: string, last: string) => ({
      first_name: first,
      last_name: last,
      email: `${first}.${last}@example.com`,
    });
    return {
      order_number: number,
      created: T0 + number * 3600,
      payment_state: "paid",
      fulfilled: false,
      line_items: [],
      billing_address: number === 20 ? person("Ana", "Ruiz") : liam ? person("Liam", "Sato") : person("Noah", "Satori"),
      shipping_address: liam ? person("Liam", "Sato") : person("Noah", "Satori"),
    };
  });
}

/** A store serving `list` as /orders: searching `q` itself (the extension) or ignoring it; it records the paths asked. */
async function store(list: ReturnType<typeof orders>, { searches }: { searches: boolean }) {
  const asked: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    asked.push(url.pathname + url.search);
    const page = Number(url.searchParams.get("page") ?? 0);
    const count = Number(url.searchParams.get("count") ?? 20);
    const q = url.searchParams.get("q");
    const found = searches && q ? list.filter((o) => o.shipping_address.last_name.toLowerCase() === "sato") : list;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "x-total-count": String(found.length),
    };
    if (searches && q) headers["x-order-search"] = "applied";
    res.writeHead(200, headers);
    res.end(JSON.stringify(found.slice(page * count, (page + 1) * count)));
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), asked };
}

describe("finding a customer's orders", () => {
  it("takes the store's own search when it says it searched (X-Order-Search: applied), in one request", async () => {
    const { client, asked } = await store(orders(600), { searches: true });
    const page = await searchOrders(client, { q: "Liam Sato", count: 20 });
    expect(page.search).toEqual({ by: "store" });
    expect(page.total).toBe(60);
    expect(page.items).toHaveLength(20);
    expect(asked).toEqual(["/api/v1/orders?q=Liam+Sato&page=0&count=20"]);
  });

  it("against a store without it, searches the newest orders by name and e-mail, billed or shipped, and says the span", async () => {
    const list = orders(600);
    const { client, asked } = await store(list, { searches: false });
    const page = await searchOrders(client, { q: "liam sat", count: 20 });
    const span = SEARCH_SPAN.pages * SEARCH_SPAN.pageSize;
    // The newest 500 are 600…101: Liam's are 600, 590, … 110 (#20, billed to Ana but shipped to Liam, is older).
    expect(page.total).toBe(50);
    expect(page.items.map((o) => o.number).slice(0, 3)).toEqual([600, 590, 580]);
    expect(page.search).toEqual({ by: "dashboard", searched: span, complete: false, oldest: list[span - 1]!.created });
    // The first request asked the store to search; then the span, a page of 250 at a time.
    expect(asked).toHaveLength(1 + SEARCH_SPAN.pages);

    // By e-mail; and "sat" alone also starts Satori: every order of the span.
    expect((await searchOrders(client, { q: "liam.sato@example.com" })).total).toBe(50);
    expect((await searchOrders(client, { q: "sat" })).total).toBe(span);
    // A word inside another is no match.
    expect((await searchOrders(client, { q: "ato" })).total).toBe(0);
  });

  it("against a store without it and few orders, searches them all and says so, gift orders included", async () => {
    const { client } = await store(orders(40), { searches: false });
    const page = await searchOrders(client, { q: "Liam", page: 0, count: 2 });
    expect(page.items.map((o) => o.number)).toEqual([40, 30]);
    expect(page.total).toBe(4);
    expect(page.search).toMatchObject({ by: "dashboard", searched: 40, complete: true });
    // The second page of the matches: #20 was billed to Ana Ruiz and shipped to Liam.
    expect((await searchOrders(client, { q: "Liam", page: 1, count: 2 })).items.map((o) => o.number)).toEqual([20, 10]);
  });

  it("gives the CSV export only the matches: the store's pages, or the dashboard's span read once", async () => {
    const collect = async (client: StoreClient) => {
      const numbers: number[] = [];
      for await (const page of orderPages(client, { q: "Liam Sato", pageSize: 25 })) {
        numbers.push(...page.items.map((o) => o.number));
      }
      return numbers;
    };
    const searching = await store(orders(600), { searches: true });
    expect(await collect(searching.client)).toHaveLength(60);
    expect(searching.asked).toHaveLength(3);
    expect(searching.asked.every((path) => path.includes("q=Liam+Sato"))).toBe(true);

    const plain = await store(orders(600), { searches: false });
    const numbers = await collect(plain.client);
    // Liam's orders in the newest 500 (600…110), not the older #100…#10 the span did not reach.
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => 600 - i * 10));
    // The span searched twice: once for the first page of 25, once for all 50 matches at once.
    expect(plain.asked).toHaveLength(2 * (1 + SEARCH_SPAN.pages));
  });
});
