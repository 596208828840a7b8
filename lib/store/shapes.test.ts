import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { StoreClient } from "./client";
import { countSchema, listAll, oneOrListOfOne } from "./shapes";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" }, ...init });

function fakeStore(handler: (url: URL) => Response) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const client = new StoreClient({
    baseUrl: "http://store.test",
    accessToken: "tok-123",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({ url, init: init ?? {} });
      return handler(url);
    }) as typeof fetch,
  });
  return { client, calls };
}

describe("tolerant shapes", () => {
  it("a count is a number or {count}", () => {
    expect(countSchema.parse(7)).toBe(7);
    expect(countSchema.parse({ count: 7, extra: 1 })).toBe(7);
    expect(countSchema.parse("7")).toBe(7);
  });

  it("an update answers the item or a list holding it", () => {
    const schema = oneOrListOfOne(z.object({ id: z.number() }));
    expect(schema.parse({ id: 1 })).toEqual({ id: 1 });
    expect(schema.parse([{ id: 2 }])).toEqual({ id: 2 });
  });
});

describe("listAll", () => {
  const item = z.object({ n: z.number() });
  const items = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ n: from + i }));

  it("pages until a short page when there is no X-Total-Count", async () => {
    const { client, calls } = fakeStore((url) => {
      const page = Number(url.searchParams.get("page"));
      return json(page < 2 ? items(page * 10, page * 10 + 10) : items(20, 23));
    });
    const all = await listAll(client, { path: "/api/v1/orders", item, tags: ["orders"] }, { pageSize: 10 });
    expect(all).toHaveLength(23);
    expect(calls.map((c) => c.url.searchParams.get("page"))).toEqual(["0", "1", "2"]);
    expect(calls[0]!.url.searchParams.get("count")).toBe("10");
    // Every page is a tagged read.
    expect(calls.every((c) => (c.init as { next?: { tags?: string[] } }).next?.tags?.[0] === "orders")).toBe(true);
  });

  it("stops at X-Total-Count without asking for an empty page", async () => {
    const { client, calls } = fakeStore((url) => {
      const page = Number(url.searchParams.get("page"));
      return json(items(page * 10, page * 10 + 10), { headers: { "x-total-count": "20" } });
    });
    const all = await listAll(client, { path: "/api/v1/products", item }, { pageSize: 10 });
    expect(all).toHaveLength(20);
    expect(calls).toHaveLength(2);
  });

  it("is bounded when a store ignores page", async () => {
    const { client, calls } = fakeStore(() => json(items(0, 10)));
    await listAll(client, { path: "/x", item }, { pageSize: 10, maxPages: 5 });
    expect(calls).toHaveLength(5);
  });
});
