import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { listOrdersCreatedSince } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

type Route = (url: URL) => { body: unknown; headers?: Record<string, string> };

async function store(route: Route): Promise<{ client: StoreClient; seen: string[] }> {
  const seen: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(`${url.pathname}${url.search}`);
    const answer = route(url);
    res.writeHead(200, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

/** `n` orders, newest first, one a minute back from `newest`. */
function orders(n: number, { newest = 10_000, firstNumber = 1000 } = {}) {
  return Array.from({ length: n }, (_, i) => ({
    order_number: firstNumber - i,
    created: newest - i * 60,
    currency: "USD",
    total_raw: 10,
    payment_state: "paid",
  }));
}

const pageOf = (all: unknown[], url: URL) => {
  const page = Number(url.searchParams.get("page"));
  const count = Number(url.searchParams.get("count"));
  return all.slice(page * count, (page + 1) * count);
};

describe("every order of a period", () => {
  it("pages newest first with created_since until a short page", async () => {
    const all = orders(5);
    const { client, seen } = await store((url) => ({ body: pageOf(all, url) }));
    const result = await listOrdersCreatedSince(client, 500, { pageSize: 2 });
    expect(result.complete).toBe(true);
    expect(result.items.map((o) => o.number)).toEqual([1000, 999, 998, 997, 996]);
    expect(seen).toEqual([
      "/api/v1/orders?created_since=500&page=0&count=2",
      "/api/v1/orders?created_since=500&page=1&count=2",
      "/api/v1/orders?created_since=500&page=2&count=2",
    ]);
  });

  it("stops when X-Total-Count is reached, without asking for an empty page", async () => {
    const all = orders(4);
    const { client, seen } = await store((url) => ({ body: pageOf(all, url), headers: { "X-Total-Count": "4" } }));
    const result = await listOrdersCreatedSince(client, 0, { pageSize: 2 });
    expect(result).toMatchObject({ complete: true });
    expect(result.items).toHaveLength(4);
    expect(seen).toHaveLength(2);
  });

  it("ends at the period's start even when a store ignores created_since", async () => {
    // Ten orders a minute apart; the period starts after the fourth newest.
    const all = orders(10, { newest: 10_000 });
    const { client, seen } = await store((url) => ({ body: pageOf(all, url) }));
    const result = await listOrdersCreatedSince(client, 10_000 - 3 * 60 - 1, { pageSize: 3 });
    expect(result.items.map((o) => o.number)).toEqual([1000, 999, 998, 997]);
    expect(result.complete).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it("stops at the cap and says the figures are incomplete", async () => {
    const all = orders(50);
    const { client, seen } = await store((url) => ({ body: pageOf(all, url) }));
    const result = await listOrdersCreatedSince(client, 0, { pageSize: 5, maxPages: 3 });
    expect(result.complete).toBe(false);
    expect(result.items).toHaveLength(15);
    expect(seen).toHaveLength(3);
  });

  it("reads an order that moved to the next page once, and stops on a store that ignores page", async () => {
    // A new order arrives between the two reads: page 1 repeats the last order of page 0.
    const { client: moving } = await store((url) =>
      url.searchParams.get("page") === "0"
        ? { body: orders(2, { firstNumber: 1000 }) }
        : { body: orders(1, { firstNumber: 999, newest: 9_940 }) },
    );
    const moved = await listOrdersCreatedSince(moving, 0, { pageSize: 2 });
    expect(moved.items.map((o) => o.number)).toEqual([1000, 999]);
    expect(moved.complete).toBe(true);

    const { client: stuck, seen } = await store(() => ({ body: orders(2) }));
    const result = await listOrdersCreatedSince(stuck, 0, { pageSize: 2 });
    expect(result.items).toHaveLength(2);
    expect(result.complete).toBe(false);
    expect(seen).toHaveLength(2);
  });
});
