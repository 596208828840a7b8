import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { countToFulfil } from "./api-to-fulfil";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

/** `n` unfulfilled orders, numbered from 1: every third pending, every fifth failed, the rest paid. */
function unfulfilled(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    order_number: n - i,
    payment_state: (n - i) % 3 === 0 ? "pending" : (n - i) % 5 === 0 ? "failed" : "paid",
    fulfilled: false,
    line_items: [],
  }));
}

/** A store serving `orders` as /orders/unfulfilled, with or without X-Total-Count; it records the paths asked. */
async function store(orders: object[], { totalCount = true } = {}) {
  const asked: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    asked.push(url.pathname + url.search);
    const page = Number(url.searchParams.get("page") ?? 0);
    const count = Number(url.searchParams.get("count") ?? 20);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (totalCount) headers["x-total-count"] = String(orders.length);
    res.writeHead(url.pathname === "/api/v1/orders/unfulfilled" ? 200 : 404, headers);
    res.end(JSON.stringify(orders.slice(page * count, (page + 1) * count)));
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), asked };
}

const paidAmong = (orders: { payment_state: string }[]) => orders.filter((o) => o.payment_state === "paid").length;

describe("how many orders are to fulfil", () => {
  it("counts the paid ones of the Unfulfilled list, reading its pages only", async () => {
    const orders = unfulfilled(250);
    const { client, asked } = await store(orders);
    expect(await countToFulfil(client)).toEqual({ count: paidAmong(orders), complete: true });
    expect(asked).toHaveLength(3);
    expect(asked.every((path) => path.startsWith("/api/v1/orders/unfulfilled?"))).toBe(true);
  });

  it("leaves out cancelled ones a store lists as unfulfilled, and ends on a short page without X-Total-Count", async () => {
    const orders = [...unfulfilled(4), { order_number: 9, payment_state: "paid", fulfilled: false, cancelled: true }];
    const { client, asked } = await store(orders, { totalCount: false });
    expect(await countToFulfil(client)).toEqual({ count: 3, complete: true });
    expect(asked).toHaveLength(1);
  });

  it("stops at its bound and says the figure is a floor", async () => {
    const orders = unfulfilled(500);
    const { client, asked } = await store(orders);
    const figure = await countToFulfil(client, { pageSize: 100, maxPages: 2 });
    expect(figure).toEqual({ count: paidAmong(orders.slice(0, 200)), complete: false });
    expect(asked).toHaveLength(2);
  });
});
