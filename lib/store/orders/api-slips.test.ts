import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { inTurns, loadPackingSlips } from "./api-slips";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

type Route = (path: string, url: URL) => { status?: number; body: unknown } | undefined;

async function store(route: Route): Promise<{ client: StoreClient; seen: string[] }> {
  const seen: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname;
    seen.push(`${path}${url.search}`);
    const answer = route(path, url) ?? { status: 404, body: { error: "not_found" } };
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const order = (number: number, lines: unknown[]) => ({
  order_number: number,
  created: 1_700_000_000,
  shipping_address: { first_name: "Grace", last_name: "Hopper", street1: "1 Main St", city: "Oakland", country: "US" },
  line_items: lines,
});

describe("loadPackingSlips", () => {
  it("prints the orders it finds in the order given, lists the missing ones, reads each product once", async () => {
    const tee = {
      key: "tee",
      name: "Crew Tee",
      sku: "TEE",
      options: [{ key: "tee-m", metadata: { Size: "M" }, fetch_sku: "TEE-M" }],
      extras: [],
    };
    const { client, seen } = await store((path) => {
      if (path === "/api/v1/orders/2")
        return { body: order(2, [{ name: "Crew Tee (M)", quantity: 1, product: "tee", product_option: "tee-m" }]) };
      if (path === "/api/v1/orders/1")
        return {
          body: order(1, [
            { name: "Crew Tee (M)", quantity: 2, product: "tee", product_option: "tee-m" },
            { name: "Gone", quantity: 1, product: "gone", product_option: "g" },
          ]),
        };
      if (path === "/api/v1/products/tee") return { body: tee };
      return undefined;
    });
    const result = await loadPackingSlips(client, [2, 9, 1]);
    expect(result.slips.map((s) => s.number)).toEqual([2, 1]);
    expect(result.problems).toEqual([{ number: 9, kind: "missing", message: "Your store has no order #9." }]);
    expect(result.slips[1]!.lines.map((l) => [l.sku, l.optionValues, l.product])).toEqual([
      ["TEE-M", { Size: "M" }, "present"],
      ["", {}, "gone"],
    ]);
    expect(seen.filter((p) => p === "/api/v1/products/tee")).toHaveLength(1);
    expect(result.productsUnavailable).toEqual(["gone"]);
  });

  it("looks for five orders or more in the newest pages of the list first, the rest one by one", async () => {
    const { client, seen } = await store((path, url) => {
      // Newest first: 120 down to 21 on page 0, then 20 down to 1 (a short page).
      if (path === "/api/v1/orders") {
        const page = Number(url.searchParams.get("page"));
        const from = 120 - page * 100;
        const numbers = Array.from({ length: Math.min(100, from) }, (_, i) => from - i);
        return { body: numbers.map((n) => order(n, [])) };
      }
      const single = /^\/api\/v1\/orders\/(\d+)$/.exec(path);
      if (single && Number(single[1]) <= 120) return { body: order(Number(single[1]), []) };
      return undefined;
    });
    const result = await loadPackingSlips(client, [118, 119, 120, 50, 500]);
    expect(result.slips.map((s) => s.number)).toEqual([118, 119, 120, 50]);
    expect(result.problems).toMatchObject([{ number: 500, kind: "missing" }]);
    // Page 0 holds four of them and reaches past the oldest: only the one not listed is read alone.
    expect(seen).toEqual(["/api/v1/orders?page=0&count=100", "/api/v1/orders/500"]);
  });

  it("reads no further page of the list once one reaches past the oldest chosen", async () => {
    const { client, seen } = await store((path, url) => {
      if (path === "/api/v1/orders") {
        const page = Number(url.searchParams.get("page"));
        return { body: Array.from({ length: 100 }, (_, i) => order(1000 - page * 100 - i, [])) };
      }
      const single = /^\/api\/v1\/orders\/(\d+)$/.exec(path);
      return single ? { body: order(Number(single[1]), []) } : undefined;
    });
    const numbers = [995, 996, 997, 998, 2000];
    await loadPackingSlips(client, numbers);
    expect(seen.filter((p) => p.startsWith("/api/v1/orders?"))).toEqual(["/api/v1/orders?page=0&count=100"]);
  });

  it("fails the whole when no order could be read for another reason than a 404", async () => {
    const { client } = await store(() => ({ status: 403, body: { error: "forbidden", error_description: "no" } }));
    await expect(loadPackingSlips(client, [1, 2])).rejects.toMatchObject({ status: 403 });
  });

  it("lists an order the store failed beside the ones it answered", async () => {
    const { client } = await store((path) =>
      path === "/api/v1/orders/1" ? { body: order(1, []) } : { status: 422, body: { error: "validation_failed" } },
    );
    const result = await loadPackingSlips(client, [1, 2]);
    expect(result.slips).toHaveLength(1);
    expect(result.problems).toMatchObject([{ number: 2, kind: "failed" }]);
  });
});

describe("inTurns", () => {
  it("keeps at most `limit` at work and answers in order", async () => {
    let running = 0;
    let most = 0;
    const answers = await inTurns([5, 1, 3, 2, 4], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(answers).toEqual([50, 10, 30, 20, 40]);
    expect(most).toBe(2);
  });
});
