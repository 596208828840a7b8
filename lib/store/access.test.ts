import { describe, expect, it, vi } from "vitest";
import { localServers } from "../testing/local-server";
import { probePermissions, rereadPermissions, signInPermissions } from "./access";

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

describe("probePermissions", () => {
  it("counts as allowed only what proves access: a 2xx, and the products write refused as invalid", async () => {
    const seen: string[] = [];
    const baseUrl = await store(
      {
        "/api/v1/users": 403,
        "/api/v1/coupons": 401,
        "/api/v1/orders": 200,
        "/api/v1/orders/count": 429,
        "/api/v1/products_multi": 422,
        // shipping_groups: 404, which says nothing of the permission
      },
      seen,
    );
    expect(await probePermissions({ baseUrl, accessToken: "tok" })).toEqual({
      manage_orders: "allowed",
      manage_products: "allowed",
      manage_marketing: "signed_out",
      manage_store_settings: "unknown",
      manage_users: "refused",
      view_stats: "unknown",
    });
    expect(seen.every((line) => line.endsWith(" Bearer tok"))).toBe(true);
    expect(seen).toContain("GET /api/v1/orders?count=1 Bearer tok");
    // Reading products needs no permission: a write that cannot change anything asks for it.
    expect(seen).toContain("PUT /api/v1/products_multi Bearer tok");
  });

  it("counts a 400 or 422 as allowed for the products write only", async () => {
    const baseUrl = await store({ "/api/v1/orders": 422, "/api/v1/products_multi": 400, "/api/v1/users": 400 }, []);
    const answers = await probePermissions({ baseUrl, accessToken: "tok" });
    expect([answers.manage_orders, answers.manage_products, answers.manage_users]).toEqual([
      "unknown",
      "allowed",
      "unknown",
    ]);
  });
});

describe("probePermissions against a store that holds each user to two requests at once", () => {
  it("asks two at a time, so that no probe is refused for the bound and every permission is proved", async () => {
    let inFlight = 0;
    let most = 0;
    const baseUrl = await serve((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const busy = inFlight > 2;
      // Answered a little later, so that probes sent at once overlap.
      setTimeout(() => {
        inFlight--;
        const products = req.url?.startsWith("/api/v1/products_multi");
        res.writeHead(busy ? 503 : products ? 422 : 200, { "content-type": "application/json", "retry-after": "5" });
        res.end(busy ? '{"error":"database_busy"}' : products ? '{"error":"x"}' : "[]");
      }, 30);
    });
    const answers = await probePermissions({ baseUrl, accessToken: "tok" });
    expect(most).toBe(2);
    expect(Object.values(answers).every((answer) => answer === "allowed")).toBe(true);
  });
});

describe("signInPermissions", () => {
  it("fails closed: hides what the store refused and what it did not prove, and says it was unsure", async () => {
    const baseUrl = await store(
      {
        "/api/v1/users": 403,
        "/api/v1/coupons": 403,
        "/api/v1/orders": 200,
        "/api/v1/orders/count": 200,
        "/api/v1/products_multi": 422,
        // shipping_groups: 404
      },
      [],
    );
    const { refused, certain } = await signInPermissions({ baseUrl, accessToken: "tok" });
    expect(refused.sort()).toEqual(["manage_marketing", "manage_store_settings", "manage_users"]);
    expect(certain).toBe(false);
  });

  it("is certain when every probe answered", async () => {
    const baseUrl = await store(
      {
        "/api/v1/users": 403,
        "/api/v1/coupons": 200,
        "/api/v1/orders": 200,
        "/api/v1/orders/count": 200,
        "/api/v1/products_multi": 422,
        "/api/v1/shipping_groups": 200,
      },
      [],
    );
    expect(await signInPermissions({ baseUrl, accessToken: "tok" })).toEqual({
      refused: ["manage_users"],
      certain: true,
    });
  });

  it("grants nothing when the store cannot be reached", async () => {
    const { refused, certain } = await signInPermissions({ baseUrl: "http://127.0.0.1:1", accessToken: "t" });
    expect(refused).toHaveLength(6);
    expect(certain).toBe(false);
  });

  it("fails the sign-in when the store refuses the token (401)", async () => {
    const baseUrl = await store({ "/api/v1/orders": 401, "/api/v1/users": 200 }, []);
    await expect(signInPermissions({ baseUrl, accessToken: "tok" })).rejects.toMatchObject({ status: 401 });
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

  it("keeps what was known for what a 429 or a 404 cannot tell", async () => {
    const baseUrl = await store(
      {
        "/api/v1/users": 429,
        "/api/v1/coupons": 404,
        "/api/v1/orders": 200,
        "/api/v1/orders/count": 403,
        "/api/v1/products_multi": 503,
        "/api/v1/shipping_groups": 429,
      },
      [],
    );
    const read = await rereadPermissions({ baseUrl, accessToken: "tok" }, ["manage_users", "view_stats"]);
    expect((read as string[]).sort()).toEqual(["manage_orders", "manage_users"]);
  });

  it("says the session is over when the store refuses the token (401)", async () => {
    const baseUrl = await store({ "/api/v1/users": 401, "/api/v1/orders": 200 }, []);
    expect(await rereadPermissions({ baseUrl, accessToken: "tok" }, null)).toBe("signed_out");
  });

  it("says the store was unreachable rather than granting or taking anything", async () => {
    expect(await rereadPermissions({ baseUrl: "http://127.0.0.1:1", accessToken: "t" }, ["manage_orders"])).toBe(
      "unreachable",
    );
  });
});
