import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/index.js";
import { jobs } from "../../src/db/schema/index.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { UPLOAD_CALLBACK } from "../../src/media/imports.js";
import { shutDown } from "../../src/ops/shutdown.js";
import { startStore, type TestStore } from "../helpers/index.js";

/**
 * A graceful stop lets the running job finish its step
 * (docs/architecture.md#operations), and past the time limit hands it back,
 * due at once, for the next start. The job is an upload callback to a local
 * server that answers only when the test says so.
 */

const held: http.ServerResponse[] = [];
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

/**
 * A store whose worker runs a callback job, held by the callback server. The
 * stop closes the app's database: `closeDatabase` closes it after the checks.
 */
async function storeRunningAJob(): Promise<{
  store: TestStore;
  db: Db;
  jobId: number;
  closeDatabase: () => Promise<void>;
}> {
  const store = await startStore({ allowPrivateFetches: true });
  const closeDatabase = store.database.close.bind(store.database);
  store.database.close = async () => {};
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  const { port } = callbacks.address() as AddressInfo;
  const job = await enqueueJob(store.database.db, UPLOAD_CALLBACK, `stop-${Date.now()}`, {
    url: `http://127.0.0.1:${port}/callback`,
  });
  store.app.jobs.wake();
  await reached;
  return { store, db: store.database.db, jobId: job.id, closeDatabase };
}

async function jobRow(db: Db, id: number) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe("shutDown with a job running", () => {
  it("waits for the job's step to finish, then answers 0", async () => {
    const { store, db, jobId, closeDatabase } = await storeRunningAJob();
    expect(store.app.jobs.running.map((j) => j.id)).toEqual([jobId]);
    let settled = false;
    const stopped = shutDown(store.app, { reason: "test", timeoutMs: 60_000 });
    void stopped.then(() => (settled = true));
    // Still waiting for the job while its callback is unanswered (the server holds it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    expect((await jobRow(db, jobId)).state).toBe("pending");

    held.shift()!.writeHead(200).end();
    expect(await stopped).toBe(0);
    expect(await jobRow(db, jobId)).toMatchObject({ state: "done", error: null });
    await closeDatabase();
    await store.close();
  });

  it("past the time limit, hands the job back due at once and answers 1", async () => {
    const { store, db, jobId, closeDatabase } = await storeRunningAJob();
    const claimed = await jobRow(db, jobId);
    expect(await shutDown(store.app, { reason: "test", timeoutMs: 100 })).toBe(1);
    // As it was before the claim: the next start (on any instance) runs it at once, the attempt given back.
    expect(await jobRow(db, jobId)).toMatchObject({
      state: "pending",
      lockedUntil: null,
      attempts: claimed.attempts - 1,
    });
    held.shift()?.destroy();
    await closeDatabase();
    await store.close();
  });
});
