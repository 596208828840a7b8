import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig } from "../../src/config.js";
import type { Db } from "../../src/db/index.js";
import { SERVING_WAIT_MS } from "../../src/ops/serving.js";
import { startStore, type TestStore } from "../helpers/index.js";

// The store's background work (job workers, planner statistics, mail retry) begins once it serves
// (src/ops/serving.ts): at once on PostgreSQL, and on the embedded database after its first answer or a
// second after it is ready, so that the start's burst of queries on its one thread holds no first request.
const settled = (promise: Promise<boolean>, ms: number) =>
  Promise.race([promise, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), ms))]);

let store: TestStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe("when the store's background work begins", () => {
  it("on the embedded database: after its first answer; on PostgreSQL: as soon as it is ready", async () => {
    const asked = Date.now();
    store = await startStore();
    if (store.database.kind === "pglite") {
      // Not yet, when asked well within the wait (a machine slow enough may have let the second pass).
      if (Date.now() - asked < SERVING_WAIT_MS / 2) expect(await settled(store.app.serving, 50)).toBe("pending");
      expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
    }
    // The answer's end settles it (onResponse runs once the answer is sent).
    expect(await settled(store.app.serving, 200)).toBe(true);
  });

  it("without a request, a second after the store is ready", async () => {
    store = await startStore();
    const started = Date.now();
    expect(await settled(store.app.serving, SERVING_WAIT_MS + 2000)).toBe(true);
    if (store.database.kind === "pglite") expect(Date.now() - started).toBeGreaterThan(SERVING_WAIT_MS / 2);
  });

  it("not at all when the store closes before it serves", async () => {
    const early = await startStore();
    const serving = early.app.serving;
    await early.close();
    expect(await settled(serving, 50)).toBe(early.database.kind === "postgres");
  });
});

// `serve` builds the app while the database opens (server.ts, db/index.ts's startOpening): a query made
// while the app is built would run before the migrations end. The app's first queries are its onReady
// hooks, at listen.
describe("building the app", () => {
  it.each(["pglite", "postgres"] as const)("calls nothing of the database (%s)", async (kind) => {
    // A query is run by a call that executes (db.execute(), db.transaction(), a builder's .execute(), .all()
    // or awaiting it): this database records each such call and fails it. Building a query (db.select()…,
    // .prepare()) and reading a property (Fastify looks for a getter) run nothing.
    const called: string[] = [];
    const runs = new Set(["execute", "transaction", "batch", "all", "get", "values", "run", "then"]);
    const recorder = (name: string): unknown =>
      new Proxy(() => {}, {
        get: (_target, key) =>
          typeof key === "symbol" || key === "getter" || key === "setter" ? undefined : recorder(`${name}.${key}`),
        apply: () => {
          if (!runs.has(name.slice(name.lastIndexOf(".") + 1))) return recorder(`${name}()`);
          called.push(name);
          throw new Error(`${name}() was called while the app was built`);
        },
      });
    const app = await buildApp({
      config: testConfig(),
      database: { db: recorder("db") as Db, kind, close: async () => {} },
    });
    expect(called).toEqual([]);
    await app.close();
  });
});
