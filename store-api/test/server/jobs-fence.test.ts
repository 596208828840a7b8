import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_DEFAULTS } from "../../src/config.js";
import { jobs } from "../../src/db/schema/index.js";
import { claimJob, deferJob, enqueueJob, finishJob, releaseJob, renewClaim } from "../../src/jobs/queue.js";
import { startStore, type TestStore } from "../helpers/index.js";

/**
 * The claim's fence (src/jobs/queue.ts, docs/architecture.md#background-jobs-across-instances): a number that only
 * grows with each claim, so that no release or deferral of a job makes an older claim on it valid
 * again. The store's own workers are off: the test claims by hand, on the real database.
 */
describe("job claims are fenced by a number that only grows", () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await startStore({ jobs: { ...JOB_DEFAULTS, enabled: false } });
  });
  afterAll(async () => store?.close());

  /** Makes every pending job due now (a deferral or a retry waits a while). */
  const dueNow = () =>
    store.database.db.update(jobs).set({ runAfter: sql`now() - interval '1 second'`, lockedUntil: null });

  for (const [name, putBack] of [
    ["released (a worker stopping)", (db: TestStore["database"]["db"], job: never) => releaseJob(db, job, 0)],
    ["deferred (waiting for a slot)", (db: TestStore["database"]["db"], job: never) => deferJob(db, job, 1000)],
  ] as const) {
    it(`a claim taken before the job was ${name} can neither finish nor renew it once it is claimed again`, async () => {
      const { db } = store.database;
      // Only this test's job is pending (the one before may have failed half way).
      await db.update(jobs).set({ state: "failed" }).where(eq(jobs.state, "pending"));
      const enqueued = await enqueueJob(db, "fence_test", `fence-${name}`, { n: 1 });
      await dueNow();
      const first = (await claimJob(db, 60_000))!;
      expect(first.id).toBe(enqueued.id);
      await putBack(db, first as never);
      await dueNow();
      const second = (await claimJob(db, 60_000))!;
      expect(second.id).toBe(enqueued.id);

      // The first claim is stale: it changes nothing.
      expect(await renewClaim(db, first, 60_000)).toBe(false);
      expect(await finishJob(db, first, { state: "failed", error: "the stale claim" })).toBe(false);
      const [row] = await db.select().from(jobs).where(eq(jobs.id, enqueued.id));
      expect(row).toMatchObject({ state: "pending", error: null });
      // Putting a job back gives its attempt back: the second claim is still its first attempt.
      expect(row!.attempts).toBe(1);

      // The second one holds.
      expect(await renewClaim(db, second, 60_000)).toBe(true);
      expect(await finishJob(db, second, { state: "done" })).toBe(true);
    });
  }
});
