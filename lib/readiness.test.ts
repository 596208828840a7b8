import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkReadiness } from "./readiness";

/**
 * The dashboard's readiness (lib/readiness.ts, app/readyz/route.ts) against
 * stores over real HTTP: one with /readyz (ready, then not), one that follows
 * the contract without it, one that hangs, and an address nothing listens on.
 */

const configured = { STORE_CLIENT_ID: "id", STORE_CLIENT_SECRET: "secret" };
let storeReady = true;
const seen: string[] = [];

function server(handler: http.RequestListener) {
  const s = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  return {
    s,
    url: () => `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
  };
}

const withReadyz = server((req, res) => {
  if (req.url === "/readyz") res.writeHead(storeReady ? 200 : 503).end("{}");
  else res.writeHead(404).end();
});
// The contract's store: no /readyz; its token endpoint refuses an empty form with 400, as RFC 6749 says.
const contractOnly = server((req, res) => {
  if (req.method === "POST" && req.url === "/oauth2/access_token")
    res.writeHead(400, { "content-type": "application/json" }).end('{"error":"invalid_request"}');
  else res.writeHead(404).end();
});
const hanging = server(() => {});
const closed = server(() => {});
/** Where `closed` listened before it closed. */
let closedUrl = "";

beforeAll(async () => {
  for (const { s } of [withReadyz, contractOnly, hanging, closed])
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  closedUrl = closed.url();
  await new Promise((resolve) => closed.s.close(resolve));
});
afterAll(async () => {
  hanging.s.closeAllConnections();
  for (const { s } of [withReadyz, contractOnly, hanging]) await new Promise((resolve) => s.close(resolve));
});

describe("checkReadiness", () => {
  it("is ready when the store's /readyz answers 200, and not when it answers 503", async () => {
    const env = { ...configured, STORE_BASE_URL: withReadyz.url() };
    expect(await checkReadiness(env)).toEqual({
      ready: true,
      checks: { configuration: { status: "ok" }, store: { status: "ok", via: "/readyz" } },
      problem: "",
      detail: "",
    });
    storeReady = false;
    const result = await checkReadiness(env);
    storeReady = true;
    expect(result.ready).toBe(false);
    expect(result.checks.store).toEqual({
      status: "failed",
      error: "the store is not ready (its /readyz answered 503)",
    });
    expect(result.problem).toBe("Store Admin is not ready: store: the store is not ready (its /readyz answered 503).");
    expect(result.detail).toContain(withReadyz.url());
  });

  it("asks a store without /readyz at its token endpoint", async () => {
    seen.length = 0;
    const result = await checkReadiness({ ...configured, STORE_BASE_URL: contractOnly.url() });
    expect(result.checks.store).toEqual({ status: "ok", via: "/oauth2/access_token" });
    expect(result.ready).toBe(true);
    expect(seen).toEqual(["GET /readyz", "POST /oauth2/access_token"]);
  });

  it("names a store that does not answer, or cannot be reached", async () => {
    const slow = await checkReadiness({ ...configured, STORE_BASE_URL: hanging.url() }, { timeoutMs: 200 });
    expect(slow.checks.store).toEqual({ status: "failed", error: "the store did not answer within 0.2 s" });
    const gone = await checkReadiness({ ...configured, STORE_BASE_URL: closedUrl });
    expect(gone.checks.store).toEqual({ status: "failed", error: "the store is unreachable" });
    expect(gone.ready).toBe(false);
    expect(gone.detail).toContain(closedUrl);
  });

  it("never repeats the store's address outside (it may carry credentials); the log has it without them", async () => {
    const withCredentials = (url: string) => url.replace("http://", "http://admin:hunter2@");
    for (const url of [closedUrl, withReadyz.url()]) {
      storeReady = false;
      const result = await checkReadiness({ ...configured, STORE_BASE_URL: withCredentials(url) });
      storeReady = true;
      expect(result.ready).toBe(false);
      const outside = JSON.stringify({ checks: result.checks, problem: result.problem });
      expect(outside).not.toContain("hunter2");
      expect(outside).not.toContain(new URL(url).host);
      expect(result.detail).toContain(new URL(url).host);
      expect(result.detail).not.toContain("hunter2");
      expect(result.detail).not.toContain("admin");
    }
  });

  it("does not take any server for a store: a 404 at both /readyz and the token endpoint is not ready", async () => {
    const result = await checkReadiness({ ...configured, STORE_BASE_URL: withReadyz.url() + "/not-a-store" });
    expect(result.ready).toBe(false);
    expect(result.checks.store).toEqual({ status: "failed", error: "the store answered 404 at its token endpoint" });
  });

  it("names what the configuration lacks, and does not ask the store", async () => {
    seen.length = 0;
    const result = await checkReadiness({ STORE_BASE_URL: withReadyz.url(), STORE_CLIENT_ID: "id" });
    expect(result.ready).toBe(false);
    expect(result.checks.configuration.status).toBe("failed");
    expect(result.problem).not.toContain("STORE_CLIENT_SECRET");
    expect(result.detail).toContain("STORE_CLIENT_SECRET is not set");
    expect(result.checks.store).toEqual({ status: "skipped", error: "the configuration is incomplete" });
    expect(seen).toEqual([]);
  });
});

describe("proxy.ts's matcher", () => {
  // Next.js reads the matcher from the source, as a literal (it cannot import proxy.ts here: it is server-only),
  // and matches the whole path against it.
  const source = fs.readFileSync(path.resolve(import.meta.dirname, "../proxy.ts"), "utf8");
  const literal = /matcher:\s*\[\s*("(?:[^"\\]|\\.)*")/.exec(source)?.[1];
  const matcher = JSON.parse(literal ?? '""') as string;
  const matches = (p: string) => new RegExp(`^${matcher}$`).test(p);

  it("lets the probes by, so that they need no sign-in, and keeps every page behind it", () => {
    expect(matches("/healthz")).toBe(false);
    expect(matches("/readyz")).toBe(false);
    expect(matcher).toContain("healthz");
    for (const p of ["/", "/orders", "/healthz/x", "/readyzz", "/api/orders", "/products/healthz"])
      expect(matches(p), p).toBe(true);
  });
});
