import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../src/db/schema/index.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { UPLOAD_CALLBACK } from "../../src/media/imports.js";
import { shutDown } from "../../src/ops/shutdown.js";
import { startStore, type TestStore } from "../helpers/index.js";

/**
 * A graceful stop lets the running job finish its step (docs/architecture.md#operations),
 * and past the time limit hands it back for the next start. The job is an
 * upload callback to a local server that answers only when told to.
 */

let held: http.ServerResponse[] = [];
let arrived: () => void = () => {};
const callbacks = http.createServer((req, res) => {
  req.resume();
  held.push(res);
  arrived();
});

beforeAll(() => new Promise<void>((resolve) => callbacks.listen(0, "127.0.0.1", resolve)));
afterAll(async () => {
  callbacks.closeAllConnections();
  await new Promise((resolve) => callbacks.close(resolve));
});

/** A store whose worker is running a callback job, held by the callback server. */
async function storeRunningAJob(): Promise<{ store: TestStore; jobId: number }> {
  const store = await startStore({ allowPrivateFetches: true });
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const { port } = callbacks.address() as AddressInfo;
  const job = await enqueueJob(store.database.db, UPLOAD_CALLBACK, `stop-${port}-${Date.now()}`, {
    url: `http://127.0.0.1:${port}/callback`,
  });
  store.app.jobs.wake();
  await reached;
  return { store, jobId: job.id };
}

async function jobRow(store: TestStore, id: number) {
  const [row] = await store.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe("shutDown with a job running", () => {
  it("waits for the job's step to finish, then answers 0", async () => {
    const { store, jobId } = await storeRunningAJob();
    // Read before the database closes: the app's own handle is closed by the stop.
    const db = store.database.db;
    expect(store.app.jobs.running.map((j) => j.id)).toEqual([jobId]);
    const stopped = shutDown(store.app, { reason: "test", timeoutMs: 60_000 });
    // The stop waits: answer the callback now, and the job finishes as done.
    const res = held.shift()!;
    let finished = false;
    void stopped.then(() => (finished = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(false);
    const done = new Promise<void>((resolve) => {
      const check = async () => {
        const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId));
        if (row?.state === "done") resolve();
        else setTimeout(() => void check(), 20);
      };
      void check();
    });
    res.writeHead(200).end();
    await done;
    expect(await stopped).toBe(0);
    await store.close();
  });

  it("past the time limit, hands the job back due at once and answers 1", async () => {
    const { store, jobId } = await storeRunningAJob();
    const before = await jobRow(store, jobId);
    const db = store.database.db;
    // The database closes with the app: keep it for the check below.
    const closeDatabase = store.database.close.bind(store.database);
    store.database.close = async () => {};
    expect(await shutDown(store.app, { reason: "test", timeoutMs: 100 })).toBe(1);
    const [after] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(after).toMatchObject({ state: "pending", lockedUntil: null, attempts: before.attempts - 1 });
    held.shift()?.destroy();
    await closeDatabase();
    store.database.close = async () => {};
    await store.close();
  });
});
