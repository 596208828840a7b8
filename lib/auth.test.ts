import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const baseUrl = "http://admin.test:3000";
let redirect: (params: { url: string; baseUrl: string }) => string | PromiseLike<string>;

/** The store the sign-in asks (STORE_BASE_URL): answers every request with `storeAnswers(path)`. */
let storeAnswers: (path: string) => number = () => 200;
const store = http.createServer((req, res) => {
  const status = storeAnswers(new URL(req.url ?? "/", "http://x").pathname);
  res.writeHead(status, { "content-type": "application/json", ...(status === 429 ? { "retry-after": "0" } : {}) });
  res.end(status === 200 ? "[]" : JSON.stringify({ error: status === 403 ? "forbidden" : "x" }));
});
afterAll(() => new Promise((resolve) => store.close(resolve)));

beforeAll(async () => {
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("STORE_BASE_URL", `http://127.0.0.1:${(store.address() as AddressInfo).port}`);
  vi.stubEnv("STORE_CLIENT_ID", "cid");
  vi.stubEnv("STORE_CLIENT_SECRET", "secret");
  vi.stubEnv("NEXTAUTH_URL", baseUrl);
  const { getAuthOptions } = await import("./auth");
  const callback = getAuthOptions().callbacks?.redirect;
  if (!callback) throw new Error("no redirect callback");
  redirect = callback;
});

describe("next-auth's redirect callback", () => {
  it.each([
    "//evil.test/x",
    "/\\evil.test/x",
    "/\t/evil.test/x",
    "/..//evil.test/x",
    "https://evil.test/x",
    "javascript:alert(1)",
    "data:text/html,x",
    "/\r\n/evil.test",
  ])("sends %j to the dashboard's home", async (url) => {
    expect(await redirect({ url, baseUrl })).toBe(`${baseUrl}/`);
  });

  it("keeps the dashboard's own pages", async () => {
    expect(await redirect({ url: "/users/3?tab=x", baseUrl })).toBe(`${baseUrl}/users/3?tab=x`);
    expect(await redirect({ url: `${baseUrl}/users`, baseUrl })).toBe(`${baseUrl}/users`);
  });
});

describe("the store provider", () => {
  it("asks for PKCE beside state", async () => {
    const { getAuthOptions } = await import("./auth");
    const provider = getAuthOptions().providers[0] as { checks?: string[] };
    expect(provider.checks).toEqual(["pkce", "state"]);
  });
});

describe("the session made at sign-in, for a store that does not name the user's permissions", () => {
  async function signIn() {
    const { getAuthOptions } = await import("./auth");
    const jwt = getAuthOptions().callbacks?.jwt;
    if (!jwt) throw new Error("no jwt callback");
    const session = await jwt({
      token: { sub: "store:x" },
      account: { provider: "store", type: "oauth", providerAccountId: "x", access_token: "tok", scope: "admin" },
      profile: { id: "store:x", isStore: true } as never,
    } as never);
    return session as unknown as { refused: string[]; permissionsReadAt: number | null };
  }

  it("hides what the store refused, and reads nothing again before it is due when every probe answered", async () => {
    storeAnswers = (path) => (path === "/api/v1/users" ? 403 : path === "/api/v1/products_multi" ? 422 : 200);
    const session = await signIn();
    expect(session.refused).toEqual(["manage_users"]);
    expect(session.permissionsReadAt).toEqual(expect.any(Number));
  });

  it("fails closed on a throttled store (429), and reads the permissions again at the next request", async () => {
    storeAnswers = (path) => (path === "/api/v1/orders" ? 200 : 429);
    const session = await signIn();
    expect(session.refused.sort()).toEqual(
      ["manage_marketing", "manage_products", "manage_store_settings", "manage_users", "view_stats"].sort(),
    );
    expect(session.permissionsReadAt).toBeNull();
  });

  it("fails the sign-in when the store refuses the token it just issued (401)", async () => {
    storeAnswers = () => 401;
    await expect(signIn()).rejects.toMatchObject({ status: 401 });
  });
});
