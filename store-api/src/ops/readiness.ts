import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Db } from "../db/index.js";
import type { MediaDeps } from "../media/files.js";
import { mediaStorage } from "../media/storage.js";

/**
 * What `GET /readyz` checks (docs/architecture.md#operations): the database
 * answers a trivial query, every migration this build ships is applied there,
 * and the media folder takes a file. Each check has a time limit, so that a
 * database that stopped answering fails the probe instead of hanging it.
 */

export type CheckName = "database" | "migrations" | "media";

export type CheckResult =
  | { status: "ok"; [detail: string]: unknown }
  | { status: "failed"; error: string }
  | { status: "skipped"; error: string };

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, CheckResult>;
  /** One sentence naming the failed checks (empty when ready). */
  problem: string;
}

/** How long one check may take: load balancers give a probe a few seconds. */
export const CHECK_TIMEOUT_MS = 3000;

/**
 * How long a bucket's answer is kept: its check writes, reads back and
 * deletes a file, three requests to the bucket (each billed), and every load
 * balancer probes every few seconds. A bucket that stops taking files is seen
 * within this much more. The local folder's check is a file on this machine's
 * disk: it runs for every probe.
 */
export const MEDIA_CHECK_TTL_MS = 5000;

class CheckTimeout extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A failure as the probe names it: the error's code and class, never its message (it may carry values). */
function describe(err: unknown, ms: number): string {
  if (err instanceof CheckTimeout) return `no answer within ${ms / 1000} s`;
  const code = (err as { code?: unknown } | null)?.code;
  const kind = err instanceof Error ? err.constructor.name : typeof err;
  return typeof code === "string" || typeof code === "number" ? `${kind} (${code})` : kind;
}

interface ShippedMigration {
  tag: string;
  /** The journal's `when`, which Drizzle's migrator records as `created_at`. */
  when: number;
}

/** The migrations in a folder's journal (meta/_journal.json), in order. */
export function shippedMigrations(folder: string): ShippedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export interface ReadinessDeps {
  db: Db;
  media: MediaDeps;
  /** What this build ships; by default the journal of its migrations folder, read once. */
  migrations?: ShippedMigration[];
  timeoutMs?: number;
  /** How long a bucket's answer is kept (MEDIA_CHECK_TTL_MS by default; the local folder's is not kept). */
  mediaTtlMs?: number;
}

/**
 * Checks readiness. Probes that arrive while one runs share its answer, so a
 * burst of probes (several load balancers) costs one query; a media bucket's
 * answer is kept a few seconds (MEDIA_CHECK_TTL_MS), so a steady stream of
 * probes costs it three requests per period, not per probe.
 */
export function readinessChecker(options: ReadinessDeps): () => Promise<Readiness> {
  const ttl = mediaStorage(options.media).driver === "s3" ? (options.mediaTtlMs ?? MEDIA_CHECK_TTL_MS) : 0;
  let media: { result: Promise<CheckResult>; at: number } | null = null;
  const mediaCheck = (): Promise<CheckResult> => {
    const now = Date.now();
    if (!media || now - media.at >= ttl) media = { result: checkMedia(options), at: now };
    return media.result;
  };
  const deps = { ...options, migrations: options.migrations ?? shippedMigrations(migrationsFolder), mediaCheck };
  let running: Promise<Readiness> | null = null;
  return () => {
    running ??= check(deps).finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * The media storage (src/media/storage.ts) writes, reads back and deletes a probe: a dot and no image
 * name, never served at /media/ (media/files.ts), whatever happens to it.
 */
async function checkMedia({ media, timeoutMs = CHECK_TIMEOUT_MS }: ReadinessDeps): Promise<CheckResult> {
  const storage = mediaStorage(media);
  try {
    await within(timeoutMs, storage.check());
    return { status: "ok" };
  } catch (err) {
    // The storage's own sentence names paths or buckets: the probe answers anyone, so only the kind of failure.
    const cause = err instanceof CheckTimeout ? err : ((err as { cause?: unknown }).cause ?? err);
    const where = storage.driver === "s3" ? "the media bucket is not usable" : "the media folder is not writable";
    return { status: "failed", error: `${where}: ${describe(cause, timeoutMs)}` };
  }
}

async function check({
  db,
  migrations,
  mediaCheck,
  timeoutMs = CHECK_TIMEOUT_MS,
}: ReadinessDeps & { migrations: ShippedMigration[]; mediaCheck: () => Promise<CheckResult> }): Promise<Readiness> {
  const database = async (): Promise<[CheckResult, CheckResult]> => {
    try {
      await within(timeoutMs, db.execute(sql`select 1`));
    } catch (err) {
      const failed = { status: "failed" as const, error: `the database did not answer: ${describe(err, timeoutMs)}` };
      return [failed, { status: "skipped", error: "the database did not answer" }];
    }
    try {
      // Where Drizzle's migrator records what it applied (db/index.ts): `created_at` is the journal's `when`.
      const result = await within(timeoutMs, db.execute(sql`select created_at from drizzle.__drizzle_migrations`));
      const { rows } = result as unknown as { rows: { created_at: string | number }[] };
      const applied = new Set(rows.map((row) => Number(row.created_at)));
      const missing = migrations.filter((m) => !applied.has(m.when)).map((m) => m.tag);
      const migrationsResult: CheckResult = missing.length
        ? { status: "failed", error: `not applied to the database: ${missing.join(", ")}` }
        : { status: "ok", applied: applied.size, shipped: migrations.length };
      return [{ status: "ok" }, migrationsResult];
    } catch (err) {
      return [
        { status: "ok" },
        { status: "failed", error: `the applied migrations could not be read: ${describe(err, timeoutMs)}` },
      ];
    }
  };

  const [[databaseResult, migrationsResult], mediaResult] = await Promise.all([database(), mediaCheck()]);
  const checks: Record<CheckName, CheckResult> = {
    database: databaseResult,
    migrations: migrationsResult,
    media: mediaResult,
  };
  const failed = (Object.entries(checks) as [CheckName, CheckResult][]).filter(([, r]) => r.status !== "ok");
  return {
    ready: failed.length === 0,
    checks,
    problem: failed.length
      ? `The store is not ready: ${failed
          .filter(([, r]) => r.status === "failed")
          .map(([name, r]) => `${name}: ${(r as { error: string }).error}`)
          .join("; ")}.`
      : "",
  };
}
