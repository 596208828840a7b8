import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackAddress } from "../../src/auth/loopback.js";
import { addClient, addUser, api, outbox, seedToken, startStore, type TestStore } from "../helpers/index.js";

/**
 * GET /dev/outbox shows every e-mail, set-password links included: in development
 * mode only this machine reads it, and only with the access token of a user who
 * may manage users, as the dashboard's Mail page asks (docs/contract.md#modes).
 * The tests reach the store from 127.0.0.1; other addresses are the socket's own
 * address given to the real app through Fastify's inject, since only loopback
 * exists here. Production mode has no outbox at all: test/api/v1/users/production.test.ts.
 */

let store: TestStore;
let admin: string;
/** A staff user's token: admin scope, every permission but manage_users. */
let staff: string;
/** The owner's token with the storefront scope only. */
let storefront: string;
/** A token whose user was deactivated since. */
let deactivated: string;

beforeAll(async () => {
  store = await startStore({ mode: "development", trustProxy: true });
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  admin = (await seedToken(store, client, owner)).access_token;
  storefront = (await seedToken(store, client, owner, "storefront")).access_token;
  const clerk = await addUser(store, {
    email: "clerk@example.com",
    permissions: ["manage_orders", "manage_products", "manage_marketing", "manage_store_settings", "view_stats"],
  });
  staff = (await seedToken(store, client, clerk)).access_token;
  const former = await addUser(store, { email: "former@example.com" });
  deactivated = (await seedToken(store, client, former)).access_token;
  const invited = await api(store, admin, "POST", "/users", { email: "invitee@example.com" });
  expect(invited.status, invited.text).toBe(201);
  expect((await api(store, admin, "PUT", `/users/${former.id}`, { is_active: "false" })).status).toBe(200);
});
afterAll(() => store.close());

/** GET a path as a connection from `remoteAddress`, with the owner's token unless told otherwise. */
function from(remoteAddress: string, url: string, headers: Record<string, string> = {}) {
  return store.app.inject({
    method: "GET",
    url,
    remoteAddress,
    headers: { authorization: `Bearer ${admin}`, ...headers },
  });
}

/** GET /dev/outbox over HTTP with `token` (none: null). */
async function read(token: string | null, query = "") {
  const res = await fetch(`${store.url}/dev/outbox${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("GET /dev/outbox", () => {
  it("answers this machine over HTTP, set-password link and all, to a user who may manage users", async () => {
    const mail = await outbox(store, admin);
    expect(mail[0]?.to).toBe("invitee@example.com");
    expect(mail[0]?.text).toMatch(/\/account\/set-password\?token=/);
    // The token as a query parameter too, as everywhere in the API.
    expect((await read(null, `?bearer_token=${admin}`)).status).toBe(200);
  });

  it("asks for a token: none, a made-up one or a deactivated user's is a 401, and shows no mail", async () => {
    for (const token of [null, "made-up-token", deactivated]) {
      const res = await read(token);
      expect(res.status, String(token)).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect(JSON.parse(res.text).error).toBe("invalid_token");
      expect(res.text).not.toContain("invitee@example.com");
    }
  });

  it("refuses with 403 a user without manage_users, and a token without the admin scope", async () => {
    const res = await read(staff);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toEqual({
      error: "forbidden",
      error_description: "Your store account lacks the manage_users permission.",
    });
    const scoped = await read(storefront);
    expect(scoped.status).toBe(403);
    expect(JSON.parse(scoped.text).error).toBe("insufficient_scope");
    for (const body of [res.text, scoped.text]) expect(body).not.toContain("invitee@example.com");
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("answers a connection from %s", async (address) => {
    const res = await from(address, "/dev/outbox");
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].to).toBe("invitee@example.com");
  });

  it.each(["203.0.113.9", "10.0.0.2", "192.168.1.5", "::ffff:203.0.113.9", "2001:db8::1", "fe80::1"])(
    "is an unknown path to a connection from %s",
    async (address) => {
      const res = await from(address, "/dev/outbox");
      const unknown = await from(address, "/dev/nowhere");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", error_description: "Nothing is at GET /dev/outbox." });
      expect(unknown.json()).toEqual({ error: "not_found", error_description: "Nothing is at GET /dev/nowhere." });
      expect(res.body).not.toContain("invitee@example.com");
    },
  );

  it("ignores X-Forwarded-For claiming loopback, even with every proxy trusted", async () => {
    const res = await from("203.0.113.9", "/dev/outbox", { "x-forwarded-for": "127.0.0.1" });
    expect(res.statusCode).toBe(404);
  });

  it("is an unknown path to a request a proxy on this machine forwarded", async () => {
    const forwarded: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
    ];
    for (const headers of forwarded) {
      const res = await from("127.0.0.1", "/dev/outbox", headers);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("invitee@example.com");
    }
    // Over real HTTP too.
    const res = await fetch(`${store.url}/dev/outbox`, {
      headers: { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(404);
  });
});

describe("isLoopbackAddress", () => {
  it("knows this machine's addresses", () => {
    for (const a of ["127.0.0.1", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1", "[::1]"])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      undefined,
      "",
      "128.0.0.1",
      "10.127.0.1",
      "::ffff:10.0.0.1",
      "::2",
      "::",
      "0.0.0.0",
      "localhost",
      "127.0.0.1.example.com",
      "fe80::1",
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
