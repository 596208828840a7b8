import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../../src/config.js";
import { openDatabase } from "../../src/db/index.js";
import { createClient } from "../../src/oauth/clients.js";
import { createGrant, issueTokens } from "../../src/oauth/tokens.js";
import { createUser } from "../../src/users/users.js";
import { hasPostgresBinaries, startPgCluster, type PgCluster } from "../helpers/pg-cluster.js";

/**
 * PostgreSQL goes away under load and comes back
 * (docs/architecture.md#when-the-database-is-away): the real app on a cluster
 * of its own, which the test stops (`pg_ctl stop -m immediate`, as a crash)
 * while clients read and change prices. Every answer is a 2xx or a 503 in its
 * scope's error model with Retry-After; afterwards the same process answers
 * again, and every change it acknowledged is in the database.
 *
 * It runs once per suite, on the PostgreSQL run (TEST_DATABASE_URL): the run
 * that needs PostgreSQL's programs anyway; the PGlite run (a laptop without
 * PostgreSQL) skips it. Its cluster is its own, not TEST_DATABASE_URL's server.
 */

const skip = !process.env.TEST_DATABASE_URL
  ? "runs on the PostgreSQL run only (TEST_DATABASE_URL)"
  : !hasPostgresBinaries
    ? "needs PostgreSQL 15's initdb and pg_ctl in /usr/lib/postgresql/15/bin"
    : "";

const PRODUCTS = 6;
const REDIRECT = "http://app.test/callback";

interface Answer {
  phase: "before" | "down" | "after";
  method: string;
  path: string;
  status: number;
  retryAfter: string | null;
  error?: unknown;
  description?: unknown;
}

interface Write {
  key: string;
  /** The price sent, in whole units (the database holds minor units). */
  price: number;
  status: number;
  description?: unknown;
}

/** A hang guard, not a time limit: a throw-away cluster and a 10 s outage take much longer on a loaded machine. */
const HANG_GUARD_MS = 240_000;

describe.skipIf(skip !== "")(`the store while PostgreSQL is away${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster;
  let pool: pg.Pool;
  let app: FastifyInstance;
  let url: string;
  let admin: string;
  let refresh: string;
  let client: { client_id: string; client_secret: string };
  const keys: string[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    const database = await openDatabase({ databaseUrl: cluster.url });
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // The job runner polls through the outage too (it must neither end the process nor stop for good).
    app = await buildApp({ config: testConfig(), database });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    app.config.publicUrl = url;
    const { db } = database;
    client = await createClient(db, { name: "Test App", redirectUris: [REDIRECT] });
    const owner = await createUser(db, { email: "owner@example.com" });
    const scope = "admin";
    const tokens = await issueTokens(
      db,
      { id: await createGrant(db, client.client_id, owner.id, scope), scope },
      owner,
      {
        refresh: true,
      },
    );
    admin = tokens.access_token;
    refresh = tokens.refresh_token!;
    for (let i = 0; i < PRODUCTS; i++) {
      const res = await call("POST", "/api/v1/products", { name: `Outage ${i}`, price: "1" });
      expect(res.status).toBe(201);
      keys.push(((await res.json()) as { key: string }).key);
    }
  }, HANG_GUARD_MS);

  afterAll(async () => {
    // Bounded: a leaked connection would keep the pool from ending (the test has failed on it already).
    await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await cluster?.destroy();
  });

  function call(method: string, path: string, form?: Record<string, string>, token: string | null = admin) {
    return fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  }

  it(
    "answers 503 with Retry-After while it is down, recovers by itself, and loses no acknowledged write",
    async () => {
      let phase: Answer["phase"] = "before";
      let running = true;
      const answers: Answer[] = [];
      const writes: Write[] = [];
      let nextPrice = 1;

      async function record(method: string, path: string, res: Response): Promise<Answer> {
        const text = await res.text();
        let body: { error?: unknown; error_description?: unknown } = {};
        if (res.headers.get("content-type")?.includes("json")) body = JSON.parse(text) as typeof body;
        const answer = {
          phase,
          method,
          path,
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
          error: body.error,
          description: body.error_description,
        };
        answers.push(answer);
        return answer;
      }

      // One client per product: it reads the list, then changes its product's price, over and over.
      // Each product's prices only go up, so the database's price says which change came last.
      const clients = keys.map(async (key) => {
        while (running) {
          await record("GET", "/api/v1/products", await call("GET", "/api/v1/products"));
          const price = nextPrice++;
          const answer = await record(
            "PUT",
            "/api/v1/products/…",
            await call("PUT", `/api/v1/products/${key}`, { price: String(price) }),
          );
          writes.push({ key, price, status: answer.status, description: answer.description });
        }
      });

      const until = async (test: () => boolean) => {
        while (!test()) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      const okIn = (p: Answer["phase"]) => () => answers.some((a) => a.phase === p && a.status < 300);
      await until(() => answers.filter((a) => a.phase === "before" && a.status < 300).length >= 20);

      await cluster.stop("immediate");
      phase = "down";
      await until(() => answers.filter((a) => a.phase === "down" && a.status === 503).length >= 20);

      // Every scope answers in its own model meanwhile.
      const token = await fetch(`${url}/oauth2/access_token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refresh, ...client }).toString(),
      });
      expect(token.status).toBe(503);
      expect(token.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await token.json()).toEqual({ error: "temporarily_unavailable", error_description: expect.any(String) });

      const authorize = new URLSearchParams({
        client_id: client.client_id,
        response_type: "code",
        redirect_uri: REDIRECT,
      });
      const page = await fetch(`${url}/oauth2/authorize?${authorize}`, { redirect: "manual" });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("cannot be reached");

      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await ready.json()) as { error: string }).error).toBe("not_ready");
      // Liveness does not touch the database: restarting the store would not bring PostgreSQL back.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      await cluster.start();
      phase = "after";
      await until(() => answers.filter((a) => a.phase === "after" && a.status < 300).length >= 20);
      running = false;
      await Promise.all(clients);

      // The job runner still claims (its loops are alive: stopping waits for them), then lets go of the pool.
      await app.jobs.stop();
      // Every answer is in and the runner stopped, so no connection is held: none was kept by a request that met the outage
      // (each outage would shrink the pool for good, until the store hangs).
      expect(pool.totalCount - pool.idleCount).toBe(0);

      // Every answer was a success or a 503 in the error model, with Retry-After.
      const unexpected = answers.filter((a) => a.status >= 300 && a.status !== 503);
      expect(unexpected, JSON.stringify(unexpected.slice(0, 5))).toEqual([]);
      for (const a of answers.filter((a) => a.status === 503)) {
        expect(a.retryAfter).toMatch(/^\d+$/);
        expect(a.error).toBe("temporarily_unavailable");
        expect(a.description).toEqual(expect.stringContaining("database"));
      }
      expect(answers.some((a) => a.phase === "down" && a.status === 503)).toBe(true);
      expect(okIn("after")()).toBe(true);
      // Reads only say that nothing was changed.
      for (const a of answers.filter((a) => a.status === 503 && a.method === "GET"))
        expect(a.description).toContain("nothing was changed");

      // Every acknowledged change is there. A product's price is its last acknowledged one, or a later one
      // whose answer said it may have been saved; never one whose answer said that nothing was changed.
      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      const { rows } = await check.query<{ key: string; price: string }>("select key, price from products");
      await check.end();
      const held = new Map(rows.map((r) => [r.key, Number(r.price) / 100]));
      for (const key of keys) {
        const mine = writes.filter((w) => w.key === key);
        const lastAcknowledged = mine.filter((w) => w.status < 300).at(-1);
        expect(lastAcknowledged, `no change of ${key} was acknowledged`).toBeDefined();
        const later = mine.filter((w) => w.price > lastAcknowledged!.price);
        const possible = [
          lastAcknowledged!.price,
          ...later
            .filter((w) => w.status === 503 && !String(w.description).includes("nothing was changed"))
            .map((w) => w.price),
        ];
        expect(possible, `${key}: ${JSON.stringify(mine.slice(-8))}`).toContain(held.get(key));
      }
    },
    HANG_GUARD_MS,
  );
});
