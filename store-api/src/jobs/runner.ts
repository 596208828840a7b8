import type { FastifyBaseLogger } from "fastify";
import type { JobSettings } from "../config.js";
import type { Db } from "../db/index.js";
import { claimJob, deferJob, hastenJob, type JobRow, releaseJob, releaseOrphans, renewClaim } from "./queue.js";
import { KeyedSlots } from "./slots.js";
import { outageLogger } from "../db/outage.js";

/**
 * Runs the durable jobs of the `jobs` table in this process: workers
 * claim due jobs, run their kind's handler, and sleep when there is nothing to
 * do (a job enqueued by this process wakes them at once). Stopping aborts the
 * running handlers and puts their jobs back, due at once, for the next start.
 *
 * Workers are many (`concurrency`) because an image job mostly waits on the
 * network; what costs CPU, the render, has its own cap (media/render-slots.ts). What
 * keeps one slow host from taking them all is `slots`: at most `perOrigin`
 * exchanges with one origin at once. A job whose origin has none free throws
 * `Deferred`: it goes back without spending an attempt and is hastened when a
 * slot of that origin frees here, so the workers run other origins' jobs
 * meanwhile. A retry (RetryLater) is due only after its backoff, behind every
 * job already due (claims go by due time).
 */

/** A failure worth trying again later; past the kind's attempts, the job fails with this message. */
export class RetryLater extends Error {
  override name = "RetryLater";
}

/**
 * The job's claim was lost (its write was refused by the fence of queue.ts: this worker stalled past
 * its lock and another took the job over): the handler stops, having undone only its own work, and
 * the job is the other worker's. Not a failure of the job.
 */
export class ClaimLost extends Error {
  override name = "ClaimLost";
  constructor() {
    super("the job's claim was lost (another worker took it over)");
  }
}

/**
 * Not now: the job needs a slot of `key` (an origin) and none is free. The job
 * goes back without spending an attempt, due again when a slot of `key` frees
 * in this process, or after `maxWaitMs` at the latest (by when every holder
 * has let go: their exchanges have a time limit).
 */
export class Deferred extends Error {
  override name = "Deferred";
  constructor(
    readonly key: string,
    readonly maxWaitMs: number,
  ) {
    super(`waiting for a free slot of ${key}`);
  }
}

export interface JobContext {
  /**
   * Aborted when the store stops (the handler gives up quickly, the job runs
   * again after the restart), or when this worker lost its claim on the job
   * (another instance took it over): whatever it did is then not recorded.
   */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The process's slots per origin (settings.perOrigin each); when one is full, throw Deferred. */
  slots: KeyedSlots;
}

export interface JobKind {
  /** How many claims a job gets before it fails for good. */
  maxAttempts: number;
  /** Does the work and finishes the job (finishJob) in the transaction that records its result. */
  run(job: JobRow, ctx: JobContext): Promise<void>;
  /** Fails the job for good with a message (and whatever that means for its kind). */
  fail(job: JobRow, message: string, ctx: JobContext): Promise<void>;
  /**
   * Its work records nothing before its last transaction and is redone whole by the next claim (the demo
   * pictures, seed/picture-jobs.ts): a graceful stop cuts it short at once (it goes back, due at once)
   * rather than waiting for it, so that a store stopped just after a first start stops in a moment.
   */
  cutShortOnStop?: boolean;
}

/** The wait before the n-th retry: 2 s, 8 s, 32 s … at most 10 minutes. */
function backoffMs(attempt: number): number {
  return Math.min(2000 * 4 ** (attempt - 1), 10 * 60 * 1000);
}

/** Runs a write that changes the catalogue (see JobRunner.catalogueWrite). */
export type CatalogueWrite = <T>(write: () => Promise<T>) => Promise<T>;

export class JobRunner {
  /**
   * Wraps every job transaction that changes what the catalogue's reads show
   * (an imported image joining a product): whoever keeps answers of those
   * reads (a read cache) sets it, e.g. `app.jobs.catalogueWrite = (w) => cache.write(w)`.
   */
  catalogueWrite: CatalogueWrite = (write) => write();
  /** Told of every failed attempt: tried again later (`retry`), or given up (`failed`); the metrics count them. */
  onFailure: (kind: string, outcome: "retry" | "failed") => void = () => {};
  private stopping = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  private controller = new AbortController();
  readonly slots: KeyedSlots;
  /** The jobs deferred by this process, by the key they wait for, oldest first. */
  private waiting = new Map<string, Set<number>>();
  /** The jobs being run, by id. */
  private current = new Map<number, JobRow>();
  /** The running jobs a graceful stop cuts short (their kind's cutShortOnStop), by id. */
  private readonly cutShort = new Map<number, AbortController>();
  /** While the database is away every worker's claim fails each poll: say so once in a while, not each time. */
  private claimFailed = outageLogger();
  /**
   * The registry of the kinds of job, by name: the runner knows none of its own; each folder that
   * enqueues jobs registers its kinds as the app is built (media/plugin.ts: the image imports).
   */
  private readonly kinds = new Map<string, JobKind>();

  constructor(
    private readonly db: Db,
    private readonly settings: JobSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.slots = new KeyedSlots(settings.perOrigin);
    this.slots.onRelease((key) => void this.hasten(key));
  }

  /** Adds kinds of job to those this runner runs, before it starts; a name registered twice is a mistake. */
  register(kinds: Record<string, JobKind>): void {
    for (const [name, kind] of Object.entries(kinds)) {
      if (this.kinds.has(name)) throw new Error(`jobs: the kind ${name} is registered twice`);
      this.kinds.set(name, kind);
    }
  }

  /**
   * Starts the workers. `soleProcess`: no other process can be running jobs on
   * this database (the embedded one), so claims still held are a dead
   * process's, freed before the first claim.
   */
  start({ soleProcess = false }: { soleProcess?: boolean } = {}): void {
    if (!this.settings.enabled || this.loops.length) return;
    const ready = soleProcess
      ? releaseOrphans(this.db).then(
          (freed) => {
            if (freed) this.log.info({ freed }, "jobs: took back the jobs a stopped process left half done");
          },
          (err: unknown) => this.log.error({ err }, "jobs: could not take back the jobs of a stopped process"),
        )
      : Promise.resolve();
    for (let i = 0; i < this.settings.concurrency; i++) this.loops.push(ready.then(() => this.loop()));
  }

  /** A job was enqueued (after its transaction committed): look now rather than at the next poll. */
  wake(): void {
    for (const wake of this.sleepers) wake();
  }

  /** The jobs this process is running now (the shutdown names those it had to cut short). */
  get running(): Pick<JobRow, "id" | "kind" | "batch">[] {
    return [...this.current.values()].map(({ id, kind, batch }) => ({ id, kind, batch }));
  }

  /**
   * Claims no more jobs and waits for the running ones to finish (a graceful
   * shutdown, src/ops/shutdown.ts, bounds the wait; `stop` then cuts short what is left).
   */
  async drain(): Promise<void> {
    this.stopping = true;
    for (const stop of this.cutShort.values()) stop.abort();
    this.wake();
    await Promise.all(this.loops);
  }

  /** Claims no more jobs and aborts the running ones: each goes back, due at once, for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.controller.abort();
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: JobRow | null = null;
      try {
        job = await claimJob(this.db, this.settings.lockMs);
      } catch (err) {
        if (this.stopping) return;
        this.claimFailed(err, (e, message) => this.log.error({ err: e }, message), "jobs: could not claim a job");
      }
      if (!job) {
        await this.sleep(this.settings.pollMs);
        continue;
      }
      if (this.stopping) {
        // Claimed as the store began to stop: not started, so handed back as it was.
        await releaseJob(this.db, job, 0).catch(() => {});
        return;
      }
      this.current.set(job.id, job);
      try {
        await this.runOne(job);
      } finally {
        this.current.delete(job.id);
      }
    }
  }

  /** Records a deferred job; when a slot of its key is free already (released meanwhile), hastens one. */
  private deferred(key: string, id: number): void {
    const ids = this.waiting.get(key) ?? new Set<number>();
    ids.add(id);
    this.waiting.set(key, ids);
    if (!this.slots.isFull(key)) void this.hasten(key);
  }

  /** A slot of `key` is free: the oldest job deferred for it (and still waiting) is due now. */
  private async hasten(key: string): Promise<void> {
    const ids = this.waiting.get(key);
    while (ids?.size && !this.stopping) {
      const id = ids.values().next().value as number;
      ids.delete(id);
      if (!ids.size) this.waiting.delete(key);
      try {
        if (await hastenJob(this.db, id)) return this.wake();
      } catch (err) {
        if (!this.stopping) this.log.warn({ err }, "jobs: could not hasten a deferred job; it runs when its wait ends");
        return;
      }
    }
  }

  /**
   * Renews the job's claim every third of the lock while it runs, so that a
   * slow job of a live process is never taken by another instance; answers how
   * to stop renewing. When the claim is found lost (this process stalled past
   * the lock and another took the job), aborts `claim`: the handler stops and
   * records nothing (the fencing of queue.ts refuses its writes anyway).
   */
  private keepClaim(job: JobRow, claim: AbortController, log: FastifyBaseLogger): () => void {
    let ended = false;
    let renewing = false;
    const timer = setInterval(
      () => {
        if (renewing) return;
        renewing = true;
        renewClaim(this.db, job, this.settings.lockMs)
          .then((held) => {
            if (held || ended) return;
            log.warn("jobs: lost the claim on a running job (another instance took it over); it stops here");
            claim.abort();
          })
          .catch((err: unknown) => {
            if (!ended) log.warn({ err }, "jobs: could not renew the claim on a running job; trying again");
          })
          .finally(() => (renewing = false));
      },
      Math.max(100, Math.floor(this.settings.lockMs / 3)),
    );
    timer.unref();
    return () => {
      ended = true;
      clearInterval(timer);
    };
  }

  private async runOne(job: JobRow): Promise<void> {
    const claim = new AbortController();
    const kind = this.kinds.get(job.kind);
    const stop = new AbortController();
    if (kind?.cutShortOnStop) this.cutShort.set(job.id, stop);
    const ctx: JobContext = {
      signal: AbortSignal.any([this.controller.signal, claim.signal, stop.signal]),
      log: this.log.child({ job: job.id, kind: job.kind }),
      slots: this.slots,
    };
    ctx.log.debug({ batch: job.batch, attempt: job.attempts }, "jobs: claimed a job");
    const stopRenewing = this.keepClaim(job, claim, ctx.log);
    try {
      if (!kind) {
        ctx.log.error("jobs: no handler for this kind of job; it stays pending");
        await releaseJob(this.db, job, 10 * 60 * 1000, `no handler for jobs of kind ${job.kind}`);
        return;
      }
      if (job.attempts > kind.maxAttempts) {
        this.onFailure(job.kind, "failed");
        await kind.fail(job, job.error ?? `gave up after ${kind.maxAttempts} attempts`, ctx);
        return;
      }
      await kind.run(job, ctx);
      ctx.log.debug({ batch: job.batch }, "jobs: ran a job");
    } catch (err) {
      if (this.controller.signal.aborted || stop.signal.aborted) {
        // Cut short by the store stopping: put it back as it was, the next start runs it again at once.
        await releaseJob(this.db, job, 0).catch(() => {});
        return;
      }
      // Another instance has it now (keepClaim said so, or the fence refused the handler's write).
      if (claim.signal.aborted) return;
      if (err instanceof ClaimLost) {
        ctx.log.warn("jobs: lost the claim on a running job (another instance took it over); it stops here");
        return;
      }
      if (err instanceof Deferred) {
        try {
          if (await deferJob(this.db, job, err.maxWaitMs)) this.deferred(err.key, job.id);
        } catch (inner) {
          ctx.log.error({ err: inner }, "jobs: could not defer a job; it runs again when its lock expires");
        }
        return;
      }
      const message =
        err instanceof RetryLater ? err.message : "the store could not process it (an internal error; see its log)";
      if (!(err instanceof RetryLater)) ctx.log.error({ err }, "jobs: a job failed");
      const final = kind && job.attempts >= kind.maxAttempts;
      this.onFailure(job.kind, final ? "failed" : "retry");
      try {
        if (final) await kind.fail(job, message, ctx);
        else await releaseJob(this.db, job, backoffMs(job.attempts), message);
      } catch (inner) {
        ctx.log.error({ err: inner }, "jobs: could not record a job's failure; it runs again when its lock expires");
      }
    } finally {
      this.cutShort.delete(job.id);
      stopRenewing();
    }
  }
}
