import { beforeAll, describe, expect, it, vi } from "vitest";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const baseUrl = "http://admin.test:3000";
let redirect: (params: { url: string; baseUrl: string }) => string | PromiseLike<string>;

beforeAll(async () => {
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
