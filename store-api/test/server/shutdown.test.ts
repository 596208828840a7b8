import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/index.js";
import { users } from "../../src/db/schema/index.js";
import { createClient } from "../../src/oauth/clients.js";
import { createGrant, issueTokens } from "../../src/oauth/tokens.js";
import { createUser } from "../../src/users/users.js";
import { type ChildStore, serveChild } from "../helpers/child-store.js";
import { freshPostgresDatabase } from "../helpers/index.js";

/**
 * A graceful stop (docs/architecture.md#operations), with the real CLI as a
 * child process: SIGTERM while a request is in flight. The request is held
 * open by its body, sent in two parts: the store has read its headers (its log
 * says so) and waits for the rest.
 */

// A child process opens its own database: slower than an HTTP test.
/** A hang guard, not a time limit (child stores start slowly on a loaded machine). */
const SLOW = 240_000;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "store-shutdown-test-"));
const dataDir = path.join(temp, "store");

let env: Record<string, string>;
let drop = async () => {};
let token: string;
let clerkId: number;

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // The embedded database in a data folder, or a throwaway PostgreSQL database on the PostgreSQL run.
  const postgres = await freshPostgresDatabase();
  env = { STORE_API_DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
  if (postgres) drop = postgres.drop;
  await withDatabase(async ({ db }) => {
    const client = await createClient(db, { name: "Test App", redirectUris: ["http://app.test/callback"] });
    const owner = await createUser(db, { email: "owner@example.com" });
    clerkId = (await createUser(db, { email: "clerk@example.com", permissions: ["manage_orders"] })).id;
    const scope = "admin";
    token = (
      await issueTokens(db, { id: await createGrant(db, client.client_id, owner.id, scope), scope }, owner, {
        refresh: false,
      })
    ).access_token;
  });
}, SLOW);
afterAll(async () => {
  await drop();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** `store serve` with this file's database, on a free port, resolved once it listens. */
const serve = (extra: Record<string, string>): Promise<ChildStore> => serveChild({ ...env, ...extra });

/** PUT /api/v1/users/{clerk}: headers and the first bytes of the body now, the rest when `finish` is called. */
function heldRequest(port: number, email: string) {
  const body = new URLSearchParams({ email }).toString();
  const req = http.request({
    host: "127.0.0.1",
    port,
    method: "PUT",
    path: `/api/v1/users/${clerkId}`,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
    },
  });
  const answered = new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) as Record<string, unknown> }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, 6));
  return { answered, finish: () => req.end(body.slice(6)) };
}

/** Whether a new connection to the port is refused. */
function connect(port: number): Promise<"connected" | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve("connected")));
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const incoming = (line: Record<string, unknown>) =>
  line.msg === "incoming request" && (line.req as { url?: string } | undefined)?.url === `/api/v1/users/${clerkId}`;

describe("store serve on SIGTERM", () => {
  it(
    "refuses new connections, answers the request in flight, and exits 0",
    async () => {
      const store = await serve({});
      const held = heldRequest(store.port, "clerk.renamed@example.com");
      await store.waitFor(incoming);

      store.child.kill("SIGTERM");
      const stopping = await store.waitFor((l) => typeof l.msg === "string" && l.msg.startsWith("shutting down"));
      expect(stopping).toMatchObject({ signal: "SIGTERM", requests: 1, timeoutMs: 10_000 });
      expect(await connect(store.port)).toBe("ECONNREFUSED");

      held.finish();
      const answer = await held.answered;
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ id: clerkId, email: "clerk.renamed@example.com" });
      expect(await store.exited).toBe(0);
      expect(store.lines.map((l) => l.msg)).toContain("stopped: every request and job in flight finished");
      // The answer's write was committed before the database closed.
      const [clerk] = await withDatabase(({ db }) => db.select().from(users).where(eq(users.id, clerkId)));
      expect(clerk?.email).toBe("clerk.renamed@example.com");
    },
    SLOW,
  );

  it(
    "past STORE_API_SHUTDOWN_TIMEOUT, cuts the request off, names it in the log and exits 1",
    async () => {
      const store = await serve({ STORE_API_SHUTDOWN_TIMEOUT: "1" });
      const held = heldRequest(store.port, "never@example.com");
      const refused = held.answered.then(
        () => "answered",
        (err: NodeJS.ErrnoException) => err.code ?? err.message,
      );
      await store.waitFor(incoming);

      store.child.kill("SIGTERM");
      expect(await store.exited).toBe(1);
      const cut = store.lines.find((l) => typeof l.msg === "string" && l.msg.startsWith("stopped before"));
      expect(cut?.level).toBe(50);
      expect(cut?.msg).toContain("the time limit of 1 s passed");
      expect(cut?.msg).toContain(`cut off 1 request(s) (PUT /api/v1/users/${clerkId})`);
      expect(await refused).toBe("ECONNRESET");
    },
    SLOW,
  );
});
