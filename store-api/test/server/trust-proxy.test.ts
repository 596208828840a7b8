import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseTrustProxy, type TrustProxy } from "../../src/config.js";
import { addClient, addUser, api, seedToken, startStore, type TestStore } from "../helpers/index.js";
import { LogCapture } from "./log-capture.js";

/**
 * STORE_API_TRUST_PROXY: which hops may speak for the client through
 * X-Forwarded-For (its address: per-address limits) and X-Forwarded-Proto (the
 * HTTPS rule for passwords, docs/contract.md#modes). The tests connect from
 * 127.0.0.1, so "the proxy" is 127.0.0.1 and a client spoofs by sending headers.
 */

describe("reading STORE_API_TRUST_PROXY", () => {
  const read = (value: string | undefined) => loadConfig({ STORE_API_TRUST_PROXY: value }).trustProxy;

  it("takes off, on, a hop count, and the proxies' addresses or CIDRs", () => {
    expect(read(undefined)).toBe(false);
    for (const v of ["", "false", "no", "0"]) expect(read(v)).toBe(false);
    for (const v of ["true", "TRUE", "yes"]) expect(read(v)).toBe(true);
    expect(read("1")).toBe(1);
    expect(read("2")).toBe(2);
    expect(read("127.0.0.1")).toEqual(["127.0.0.1"]);
    expect(read(" 10.0.0.0/8, 192.168.1.10 ,::1,fd00::/8, loopback,10.1.0.0/255.255.0.0")).toEqual([
      "10.0.0.0/8",
      "192.168.1.10",
      "::1",
      "fd00::/8",
      "loopback",
      "10.1.0.0/255.255.0.0",
    ]);
  });

  it("refuses anything else, naming the setting", () => {
    for (const v of ["maybe", "10.0.0.0/33", "::1/129", "proxy.example.com", "10.0.0.1/8/8", "1.2.3", ",", "-1"]) {
      expect(typeof parseTrustProxy(v)).toBe("string");
      expect(() => read(v)).toThrow(ConfigError);
      expect(() => read(v)).toThrow(/STORE_API_TRUST_PROXY/);
    }
  });
});

/** A store trusting `trust`, its captured log, and an admin token. */
async function storeTrusting(trust: TrustProxy, mode: "development" | "production" = "production") {
  const logs = new LogCapture();
  const store = await startStore({ trustProxy: trust, mode, logLevel: "info" }, { logStream: logs.stream });
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  const admin = (await seedToken(store, client, owner)).access_token;
  return { store, logs, admin };
}

/** The client address the store logged for a request carrying these headers. */
async function loggedAddress(
  s: { store: TestStore; logs: LogCapture; admin: string },
  headers: Record<string, string>,
) {
  const res = await api(s.store, s.admin, "GET", "/users", undefined, { headers });
  const id = res.res.headers.get("x-request-id")!;
  await s.logs.waitFor((l) => l.reqId === id && l.msg === "incoming request");
  const line = s.logs.lines.find((l) => l.reqId === id && l.msg === "incoming request")!;
  return (line.req as { remoteAddress: string }).remoteAddress;
}

/** Whether a password is accepted with these headers (production mode: HTTPS only). */
async function passwordAccepted(s: { store: TestStore; admin: string }, headers: Record<string, string>, n: number) {
  const res = await api(
    s.store,
    s.admin,
    "POST",
    "/users",
    { email: `u${n}@example.com`, password: "long enough" },
    { headers },
  );
  expect([201, 422]).toContain(res.status);
  return res.status === 201;
}

const ROTATED = { "x-forwarded-for": "198.51.100.7, 203.0.113.9" };
const HTTPS = { "x-forwarded-proto": "https" };

describe.each<[string, TrustProxy, { address: string; https: boolean; warns: boolean }]>([
  // One proxy in front, named by address: the client is the hop it reports; the rest is the client's own say.
  ["the proxy's address", ["127.0.0.1"], { address: "203.0.113.9", https: true, warns: false }],
  ["a hop count of 1", 1, { address: "203.0.113.9", https: true, warns: false }],
  // Another machine's address: this connection is no proxy, its headers are ignored.
  ["someone else's address", ["10.0.0.1"], { address: "127.0.0.1", https: false, warns: false }],
  // Every hop: whatever the client writes first wins, so it warns at start.
  ["every hop (true)", true, { address: "198.51.100.7", https: true, warns: true }],
])("trusting %s", (_name, trust, expected) => {
  let s: Awaited<ReturnType<typeof storeTrusting>>;
  beforeAll(async () => {
    s = await storeTrusting(trust);
  });
  afterAll(() => s.store.close());

  it(`takes the client address as ${expected.address}`, async () => {
    expect(await loggedAddress(s, ROTATED)).toBe(expected.address);
    expect(await loggedAddress(s, {})).toBe("127.0.0.1");
  });

  it(`${expected.https ? "believes" : "ignores"} X-Forwarded-Proto for the HTTPS-only password rule`, async () => {
    expect(await passwordAccepted(s, HTTPS, 1)).toBe(expected.https);
    expect(await passwordAccepted(s, {}, 2)).toBe(false);
  });

  it(`${expected.warns ? "warns" : "does not warn"} at start that every hop is trusted`, () => {
    const warning = s.logs.lines.find((l) => l.level === 40 && String(l.msg).includes("every hop"));
    expect(Boolean(warning)).toBe(expected.warns);
    if (warning) expect(warning.msg).toContain("STORE_API_TRUST_PROXY=true");
  });
});
