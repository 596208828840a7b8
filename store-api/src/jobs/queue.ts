import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/index.js";
import { jobs } from "../db/schema/index.js";

/**
 * Durable background jobs (the `jobs` table): a job is written in the
 * transaction of the request that asks for it, so it exists exactly when the
 * request succeeded, and survives any restart. A worker claims a due job by
 * locking it for a while (`locked_until`); a job whose worker died is claimed
 * again once that lock has expired. `claims`, which every claim adds one to and
 * nothing ever lowers, is the claim's fencing token: a worker that lost its
 * claim (it stalled past the lock and another took the job) can no longer
 * renew, finish or reschedule it, even after the job was put back and claimed
 * again. `attempts` is not a fence: a release or a deferral gives its attempt
 * back, which would make an older claim's number current again. A job's work
 * that leaves traces outside the database (files) names them after its claim,
 * so that two claims never write the same file (media/imports.ts). While a worker runs a job, it renews
 * the lock (renewClaim, every third of it): only a process that died or
 * stalled for a whole lock loses its jobs to another.
 */

export type JobRow = typeof jobs.$inferSelect;

/** Adds a job to run as soon as a worker is free. */
export async function enqueueJob(
  q: Queryable,
  kind: string,
  batch: string,
  payload: Record<string, unknown>,
): Promise<JobRow> {
  const [row] = await q.insert(jobs).values({ kind, batch, payload }).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

/** Claims the oldest due job (locked for `lockMs`, attempts + 1, claims + 1), or null when none is due. */
export async function claimJob(db: Db, lockMs: number): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, "pending"),
          lte(jobs.runAfter, sql`now()`),
          or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAfter), asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(jobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${lockMs / 1000})`,
        attempts: sql`${jobs.attempts} + 1`,
        claims: sql`${jobs.claims} + 1`,
      })
      .where(eq(jobs.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/**
 * Frees the claims a dead process left (a crash, a kill -9), so that its jobs
 * run now rather than when their locks expire. Only for a database no other
 * process can be running jobs on: the embedded one, whose folder lock keeps
 * every other process out (docs/architecture.md). Answers how many were freed.
 */
export async function releaseOrphans(db: Db): Promise<number> {
  const freed = await db
    .update(jobs)
    .set({ lockedUntil: null })
    .where(and(eq(jobs.state, "pending"), sql`${jobs.lockedUntil} is not null`))
    .returning({ id: jobs.id });
  return freed.length;
}

/** The claim still holds: the job is pending and nobody claimed it since (its fence, `claims`, is the same). */
const stillOurs = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.state, "pending"), eq(jobs.claims, job.claims));

/**
 * Renews a running job's claim: locked for `lockMs` more from now. False when
 * the claim was lost (the job ended, or another worker took it over after the
 * lock expired): the worker then stops working on it.
 */
export async function renewClaim(q: Queryable, job: JobRow, lockMs: number): Promise<boolean> {
  const rows = await q
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${lockMs / 1000})` })
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Ends a claimed job as done or failed (with its message), merging `payload`
 * into what it holds. False when the claim was lost (nothing changed then).
 */
export async function finishJob(
  q: Queryable,
  job: JobRow,
  outcome: { state: "done" | "failed"; error?: string; payload?: Record<string, unknown> },
): Promise<boolean> {
  const rows = await q
    .update(jobs)
    .set({
      state: outcome.state,
      error: outcome.error ?? null,
      payload: { ...job.payload, ...outcome.payload },
      lockedUntil: null,
      finishedAt: new Date(),
    })
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts a claimed job back, due again after `delayMs` (a retry), or at once (a worker stopping). */
export async function releaseJob(q: Queryable, job: JobRow, delayMs: number, error?: string): Promise<void> {
  await q
    .update(jobs)
    .set({
      lockedUntil: null,
      runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      ...(error !== undefined ? { error } : {}),
      // A release that is not a failed attempt gives the attempt back.
      ...(delayMs === 0 && error === undefined ? { attempts: sql`${jobs.attempts} - 1` } : {}),
    })
    .where(stillOurs(job));
}

/**
 * Puts a claimed job back without spending an attempt, due again after
 * `delayMs` at the latest (it waited for a slot: hastenJob brings it forward).
 */
export async function deferJob(q: Queryable, job: JobRow, delayMs: number): Promise<boolean> {
  const rows = await q
    .update(jobs)
    .set({
      lockedUntil: null,
      runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      attempts: sql`${jobs.attempts} - 1`,
    })
    .where(stillOurs(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Makes a pending, unclaimed job that waits for a later time due now, behind
 * the jobs already due (claims go by due time). False when there was none to hasten.
 */
export async function hastenJob(q: Queryable, id: number): Promise<boolean> {
  const rows = await q
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, "pending"), isNull(jobs.lockedUntil), sql`${jobs.runAfter} > now()`))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The jobs of one batch (one request), oldest first. */
export async function batchJobs(q: Queryable, batch: string, kind?: string): Promise<JobRow[]> {
  return q
    .select()
    .from(jobs)
    .where(kind ? and(eq(jobs.batch, batch), eq(jobs.kind, kind)) : eq(jobs.batch, batch))
    .orderBy(asc(jobs.id));
}

/** Holds the batch's lock until the transaction ends (its last job to finish is decided under it). */
export async function lockBatch(q: Queryable, batch: string): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`job batch ${batch}`}))`);
}
