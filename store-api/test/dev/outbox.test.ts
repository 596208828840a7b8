import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackAddress } from "../../src/auth/loopback.js";
import { addClient, addUser, api, outbox, seedToken, startStore, type TestStore } from "../helpers/index.js";

/**
 * GET /dev/outbox shows every e-mail, set-password links included: in development
 * mode only this machine reads it (docs/contract.md#modes). The tests reach the
 * store from 127.0.0.1; other addresses are the socket's own address given to
 * the real app through Fastify's inject, since only loopback exists here.
 */

let store: TestStore;

beforeAll(async () => {
  store = await startStore({ mode: "development", trustProxy: true });
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  const admin = (await seedToken(store, client, owner)).access_token;
  expect((await api(store, admin, "POST", "/users", { email: "invitee@example.com" })).status).toBe(201);
});
afterAll(() => store.close());

/** GET a path as a connection from `remoteAddress`. */
function from(remoteAddress: string, url: string, headers: Record<string, string> = {}) {
  return store.app.inject({ method: "GET", url, remoteAddress, headers });
}

describe("GET /dev/outbox", () => {
  it("answers this machine over HTTP, set-password link and all", async () => {
    const mail = await outbox(store);
    expect(mail[0]?.to).toBe("invitee@example.com");
    expect(mail[0]?.text).toMatch(/\/account\/set-password\?token=/);
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
    const res = await fetch(`${store.url}/dev/outbox`, { headers: { "x-forwarded-for": "203.0.113.9" } });
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
