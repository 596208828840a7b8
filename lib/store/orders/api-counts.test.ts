import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreAuthError } from "../errors";
import { countAllOrders } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

/** A store whose count endpoints answer `status` (with `body`) for the paths `answer` picks. */
async function store(answer: (path: string) => { status: number; body: unknown }): Promise<StoreClient> {
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const { status, body } = answer(new URL(req.url ?? "/", "http://x").pathname);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
  return new StoreClient({ baseUrl, accessToken: "tok" });
}

describe("every tab's count", () => {
  it("reads each count, as {count} or a bare number", async () => {
    const client = await store((path) => ({
      status: 200,
      body: path === "/api/v1/orders/count" ? { count: 12 } : path.includes("paid") ? 7 : { count: 1 },
    }));
    const { counts, refused } = await countAllOrders(client);
    expect(refused).toBe(false);
    expect(counts).toMatchObject({ all: 12, paid: 7, pending: 1, fulfilled: 1 });
  });

  it("leaves a refused count out and says so (no view_stats)", async () => {
    const client = await store((path) =>
      path === "/api/v1/orders/count"
        ? { status: 403, body: { error: "forbidden", error_description: "view_stats is needed" } }
        : { status: 200, body: { count: 3 } },
    );
    const { counts, refused } = await countAllOrders(client);
    expect(refused).toBe(true);
    expect(counts.all).toBeNull();
    expect(counts.unfulfilled).toBe(3);
  });

  it("fails as a whole when the session ended (401), rather than calling it a refusal", async () => {
    const client = await store(() => ({ status: 401, body: { error: "invalid_token" } }));
    await expect(countAllOrders(client)).rejects.toBeInstanceOf(StoreAuthError);
  });
});
