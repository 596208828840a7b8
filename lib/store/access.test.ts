import { describe, expect, it, vi } from "vitest";
import { localServers } from "../testing/local-server";
import { probeRefusedPermissions, rereadPermissions } from "./access";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

/** A store that refuses some paths with 403, lacks some (404) and answers the rest. */
async function store(routes: Record<string, number>, seen: string[]): Promise<string> {
  return serve((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    const status = routes[new URL(req.url ?? "/", "http://x").pathname] ?? 404;
    const body =
      status === 403 ? { error: "forbidden", error_description: "You lack the permission." } : { error: "x" };
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(status === 200 ? [] : body));
  });
}

describe("probeRefusedPermissions", () => {
  it("names exactly the permissions whose reads the store refuses with 403", async () => {
    const seen: string[] = [];
    const baseUrl = await store(
      {
        "/api/v1/users": 403,
        "/api/v1/coupons": 403,
        "/api/v1/orders": 200,
        "/api/v1/orders/count": 200,
        "/api/v1/products_multi": 422,
        // shipping_groups: 404, a store without them refuses nothing
      },
      seen,
    );
    const refused = await probeRefusedPermissions({ baseUrl, accessToken: "tok" });
    expect(refused.sort()).toEqual(["manage_marketing", "manage_users"]);
    expect(seen).toHaveLength(6);
    expect(seen.every((line) => line.endsWith(" Bearer tok"))).toBe(true);
    expect(seen).toContain("GET /api/v1/orders?count=1 Bearer tok");
    // Reading products needs no permission: a write that cannot change anything asks for it.
    expect(seen).toContain("PUT /api/v1/products_multi Bearer tok");
  });

  it("refuses nothing when the store cannot be reached", async () => {
    expect(await probeRefusedPermissions({ baseUrl: "http://127.0.0.1:1", accessToken: "t" })).toEqual([]);
  });
});

describe("rereadPermissions", () => {
  it("follows each probe, keeps what a failing probe cannot tell and the store's own extra permissions", async () => {
    const seen: string[] = [];
    const baseUrl = await store(
      {
        "/api/v1/users": 403,
        "/api/v1/coupons": 200,
        "/api/v1/orders": 403,
        "/api/v1/orders/count": 500,
        "/api/v1/products_multi": 422,
        "/api/v1/shipping_groups": 403,
      },
      seen,
    );
    const known = ["manage_orders", "view_stats", "manage_users", "store_own"];
    const read = await rereadPermissions({ baseUrl, accessToken: "tok" }, known);
    expect(read).not.toBe("unreachable");
    expect((read as string[]).sort()).toEqual(["manage_marketing", "manage_products", "store_own", "view_stats"]);
  });

  it("says the store was unreachable rather than granting or taking anything", async () => {
    expect(await rereadPermissions({ baseUrl: "http://127.0.0.1:1", accessToken: "t" }, ["manage_orders"])).toBe(
      "unreachable",
    );
  });
});
