import http from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

/*
 * proxy.ts reads a session's permissions again when they are due
 * (lib/session-refresh.ts). A store that refuses the token itself then (a
 * 401: revoked, its user deactivated) ends the session there, as a page's own
 * 401 does: the cookie is cleared, a page goes to sign in told the session
 * ended, a route handler's caller gets the signed-out 401. Never the
 * permissions of a token the store no longer accepts.
 */

const dashboardUrl = "http://admin.test:3000";
const secret = "proxy-test-secret";

/** A session cookie (as next-auth writes it) for the store at `storeUrl`, due for a re-read. */
async function sessionCookie(storeUrl: string): Promise<string> {
  const token = {
    sub: "store:x",
    accessToken: "revoked-token",
    scope: "admin storefront",
    expiresAt: null,
    storeUser: null,
    storeUrl,
    refused: [],
    // Never read: due at this request.
    permissionsReadAt: null,
    permissionsBefore: null,
  };
  return `next-auth.session-token=${await encode({ token, secret })}`;
}

let proxy: (request: NextRequest) => Promise<Response>;
let storeUrl: string;
const seen: string[] = [];

/** A store that refuses the session's token on every request (for the whole file: the address is configuration). */
const store = http.createServer((req, res) => {
  seen.push(`${req.method} ${req.url}`);
  res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer error="invalid_token"' });
  res.end(JSON.stringify({ error: "invalid_token" }));
});
afterAll(() => new Promise((resolve) => store.close(resolve)));

beforeAll(async () => {
  await new Promise<void>((resolve) => store.listen(0, "127.0.0.1", resolve));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  vi.stubEnv("STORE_BASE_URL", storeUrl);
  vi.stubEnv("STORE_CLIENT_ID", "cid");
  vi.stubEnv("STORE_CLIENT_SECRET", "secret");
  vi.stubEnv("NEXTAUTH_URL", dashboardUrl);
  vi.stubEnv("NEXTAUTH_SECRET", secret);
  ({ proxy } = await import("../proxy"));
});

/** The session cookie the response sets, if any. */
function sessionCookieSet(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
}

describe("proxy.ts, when the store refuses the session's token during the permissions' re-read", () => {
  it("ends the session of a page: to sign in, told why, and back to the page after", async () => {
    const request = new NextRequest(`${dashboardUrl}/users?tab=all`, {
      headers: { cookie: await sessionCookie(storeUrl) },
    });
    const response = await proxy(request);
    expect(seen.length).toBeGreaterThan(0);
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe(
      `${dashboardUrl}/signin?callbackUrl=%2Fusers%3Ftab%3Dall&error=SessionExpired`,
    );
    expect(sessionCookieSet(response)).toMatch(/^next-auth\.session-token=;.*Max-Age=0/i);
  });

  it("answers a route handler's caller with the signed-out 401", async () => {
    const request = new NextRequest(`${dashboardUrl}/api/orders/counts`, {
      headers: { cookie: await sessionCookie(storeUrl) },
    });
    seen.length = 0;
    const response = await proxy(request);
    expect(seen.length).toBeGreaterThan(0);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "signed_out" });
    expect(sessionCookieSet(response)).toMatch(/^next-auth\.session-token=;.*Max-Age=0/i);
  });
});
