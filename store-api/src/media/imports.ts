import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { ApiError, ValidationError } from "../api/errors.js";
import type { JobSettings } from "../config.js";
import type { Db, Queryable } from "../db/index.js";
import { products } from "../db/schema/index.js";
import { batchJobs, enqueueJob, finishJob, type JobRow, lockBatch } from "../jobs/queue.js";
import { type CatalogueWrite, ClaimLost, Deferred, type JobContext, type JobKind, RetryLater } from "../jobs/runner.js";
import {
  claimFolder,
  type ImageSize,
  MAX_IMAGE_BYTES,
  type MediaDeps,
  newImageKey,
  removeTmp,
  tmpFile,
} from "./files.js";
import {
  AddressRefused,
  checkLiteralAddress,
  checkUrl,
  downloadToFile,
  FetchError,
  type FetchPolicy,
  OriginBusy,
  postJson,
} from "./fetch.js";
import { insertImageBefore, removeUnusedImageFiles } from "./images.js";
import { MediaStorageUnavailableError, type RenderedImage, renderImage } from "./render.js";
import { imageFromFiles } from "./serialize.js";
import { mediaBaseUrl } from "./storage.js";

/**
 * The multiple image upload (docs/contract.md#uploads): `images` lists http(s)
 * URLs and paths inside the import folder; the request answers at once with
 * the img_keys the images will have, and one durable job per image does the
 * work. When the request's last job is done, one more job POSTs the callback
 * (`callback_options`: `url`, `on_success`) as JSON:
 * `{"success": [Image, …], "error": {"<img_key>": "message", …}}`. With
 * `on_success` false it is sent only when something failed.
 */

export const IMPORT_IMAGE = "import_image";
export const UPLOAD_CALLBACK = "upload_callback";

/** At most this many images in one multiple upload. */
export const MAX_IMPORTS = 100;

/** What imports need of the store's configuration (a StoreConfig fits). */
export interface ImportDeps extends MediaDeps {
  importDir: string;
  allowPrivateFetches: boolean;
  publicUrl: string;
  jobs: JobSettings;
  /** STORE_DASHBOARD_URL: the operator's own dashboard, which a callback may reach on a private address. */
  dashboardUrl?: string | undefined;
}

export interface ImageSource {
  kind: "url" | "path";
  /** The URL, or the path inside the import folder as given. */
  value: string;
}

export interface CallbackOptions {
  url: string;
  onSuccess: boolean;
}

interface ImportPayload {
  productId: number;
  key: string;
  source: ImageSource;
  callback: CallbackOptions | null;
  /** The img_keys of the images after this one in its request: it goes in before those already imported. */
  later?: string[];
  /** Set when done: the file names by size. */
  result?: Partial<Record<ImageSize, string>>;
}

const policy = (deps: Pick<ImportDeps, "allowPrivateFetches">): FetchPolicy => ({
  allowPrivate: deps.allowPrivateFetches,
});

/** Whether a URL is on exactly the origin (scheme, host, port) of the dashboard the operator configured. */
function onDashboardOrigin(url: URL, dashboardUrl: string | undefined): boolean {
  if (!dashboardUrl) return false;
  try {
    const dashboard = new URL(dashboardUrl).origin;
    return dashboard !== "null" && url.origin === dashboard;
  } catch {
    return false;
  }
}

/**
 * A callback's policy: the images' own, except that a callback to the origin of
 * STORE_DASHBOARD_URL, the operator's own dashboard, may reach a loopback or
 * private address (`npm start` runs it on localhost); any other private address
 * stays refused unless private fetches are allowed (docs/contract.md#uploads).
 */
const callbackPolicy = (url: URL, deps: Pick<ImportDeps, "allowPrivateFetches" | "dashboardUrl">): FetchPolicy => ({
  allowPrivate: deps.allowPrivateFetches || onDashboardOrigin(url, deps.dashboardUrl),
});

/** The path of an import-folder entry, if it stays inside the folder (by its text; links are checked when read). */
function insideImportDir(importDir: string, entry: string): string | null {
  if (entry.includes("\0")) return null;
  const root = path.resolve(importDir);
  const full = path.resolve(root, entry);
  const rel = path.relative(root, full);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return full;
}

/**
 * Reads the entries of `images`: each an http(s) URL (not one whose host is a
 * blocked IP literal) or a path inside the import folder. Anything else is a
 * 422 naming `images` (the whole request changes nothing).
 */
export function checkImageSources(entries: string[], deps: ImportDeps): ImageSource[] {
  const problems: string[] = [];
  const sources = entries.map((raw, i): ImageSource => {
    const value = raw.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
      try {
        checkLiteralAddress(checkUrl(value), policy(deps));
      } catch (err) {
        problems.push(`entry ${i + 1} ${(err as Error).message}`);
      }
      return { kind: "url", value };
    }
    if (!insideImportDir(deps.importDir, value)) {
      problems.push(`entry ${i + 1} must be an http(s) URL or a path inside the store's import folder`);
    }
    return { kind: "path", value };
  });
  if (problems.length) throw new ValidationError({ images: problems.join("; ") });
  return sources;
}

/** Reads `callback_options`' URL the same way (a 422 naming callback_options). */
export function checkCallback(options: { url: string; on_success?: boolean }, deps: ImportDeps): CallbackOptions {
  try {
    const url = checkUrl(options.url.trim());
    checkLiteralAddress(url, callbackPolicy(url, deps));
  } catch (err) {
    throw new ValidationError({ callback_options: `url ${(err as Error).message}` });
  }
  return { url: options.url.trim(), onSuccess: options.on_success ?? true };
}

/**
 * Enqueues one import job per source, for the product, in the caller's
 * transaction; answers the img_keys the images will have, in the order given.
 * Call the runner's wake() after the transaction commits.
 */
export async function enqueueImageImports(
  q: Queryable,
  productId: number,
  sources: ImageSource[],
  callback: CallbackOptions | null,
): Promise<string[]> {
  const batch = randomBytes(12).toString("hex");
  const keys = sources.map(() => newImageKey());
  for (const [i, source] of sources.entries()) {
    const payload: ImportPayload = { productId, key: keys[i]!, source, callback, later: keys.slice(i + 1) };
    await enqueueJob(q, IMPORT_IMAGE, batch, { ...payload });
  }
  return keys;
}

/** After a job of the batch ended (in that transaction): when it was the last, enqueue the callback. */
async function afterImport(q: Queryable, job: JobRow): Promise<boolean> {
  const callback = (job.payload as unknown as ImportPayload).callback;
  if (!callback) return false;
  await lockBatch(q, job.batch);
  const all = await batchJobs(q, job.batch, IMPORT_IMAGE);
  if (all.some((j) => j.state === "pending")) return false;
  const failed = all.some((j) => j.state === "failed");
  if (!failed && !callback.onSuccess) return false;
  await enqueueJob(q, UPLOAD_CALLBACK, job.batch, { url: callback.url });
  return true;
}

/** Gets the source into a local file; the caller removes it when it is a download. */
async function fetchSource(
  source: ImageSource,
  deps: ImportDeps,
  ctx: JobContext,
): Promise<{ file: string; temporary: boolean }> {
  if (source.kind === "url") {
    const file = await tmpFile(deps);
    try {
      await downloadToFile(source.value, file, {
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: deps.jobs.fetchTimeoutMs,
        policy: policy(deps),
        signal: ctx.signal,
        origins: ctx.slots,
      });
    } catch (err) {
      await removeTmp(file);
      throw err;
    }
    return { file, temporary: true };
  }
  const full = insideImportDir(deps.importDir, source.value);
  const missing = new ImportFailure(`${source.value} is not a file in the store's import folder`);
  if (!full) throw missing;
  let real: string;
  let root: string;
  try {
    [real, root] = await Promise.all([fs.promises.realpath(full), fs.promises.realpath(deps.importDir)]);
  } catch {
    throw missing;
  }
  const rel = path.relative(root, real);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) {
    throw new ImportFailure(`${source.value} leads outside the store's import folder`);
  }
  const stat = await fs.promises.stat(real);
  if (!stat.isFile()) throw missing;
  if (stat.size > MAX_IMAGE_BYTES) {
    throw new ImportFailure(`${source.value} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  }
  return { file: real, temporary: false };
}

/** A failure that no retry will cure. */
class ImportFailure extends Error {}

/**
 * What a failed fetch means for its job: not now (its origin is busy: the job
 * waits without spending an attempt), or a refusal worth a line in the log
 * (the address stays there: the client's message names only the host).
 */
function fetchOutcome(err: unknown, deps: ImportDeps, ctx: JobContext): void {
  // Hastened when a slot frees in this process; the wait's bound also serves when this
  // process dies meanwhile: another instance takes the job no later than it takes a
  // dead process's claimed jobs (the lock), rather than after the whole fetch timeout.
  if (err instanceof OriginBusy) {
    throw new Deferred(err.origin, Math.min(deps.jobs.fetchTimeoutMs, deps.jobs.lockMs));
  }
  if (err instanceof AddressRefused) {
    ctx.log.warn({ address: err.address }, "jobs: a fetch was refused: its host resolves to a non-public address");
  }
}

/** Where an import failed, in a sentence for the callback's `error`. */
function describeSource(source: ImageSource): string {
  return source.value.length > 200 ? `${source.value.slice(0, 200)}…` : source.value;
}

/**
 * The job kinds of image uploads, for the runner: its `wake` is told when a
 * new job (the callback) was committed, and the transaction adding an image
 * to a product runs through its `catalogueWrite`.
 */
export function imageJobKinds(
  db: Db,
  deps: ImportDeps,
  runner: { wake(): void; catalogueWrite: CatalogueWrite },
): Record<string, JobKind> {
  const wake = () => runner.wake();
  const failImport = async (job: JobRow, message: string) => {
    const enqueued = await db.transaction(async (tx) => {
      if (!(await finishJob(tx, job, { state: "failed", error: message }))) return false;
      return afterImport(tx, job);
    });
    if (enqueued) wake();
  };

  const importImage: JobKind = {
    maxAttempts: 3,
    async run(job, ctx) {
      const payload = job.payload as unknown as ImportPayload;
      const where = describeSource(payload.source);
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, payload.productId));
      if (!product) return failImport(job, `${where}: the product was deleted before the image was imported`);

      let source: { file: string; temporary: boolean };
      try {
        source = await fetchSource(payload.source, deps, ctx);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        fetchOutcome(err, deps, ctx);
        if (err instanceof FetchError && err.transient) throw new RetryLater(`${where} ${err.message}`);
        if (err instanceof FetchError) return failImport(job, `${where} ${err.message}`);
        if (err instanceof ImportFailure) return failImport(job, err.message);
        throw err;
      }

      // Rendered under this claim's own names (files.ts, claimFolder): a worker that stalled past its
      // lock and the one that took its job over never write, or remove, each other's files.
      let rendered: RenderedImage;
      try {
        ctx.signal.throwIfAborted();
        rendered = await renderImage(deps, source.file, payload.key, { folder: claimFolder(job.claims) });
      } catch (err) {
        if (err instanceof MediaStorageUnavailableError) {
          // The storage is away, not the image at fault: tried again later, within the job's attempts.
          ctx.log.warn({ err: err.cause }, "jobs: the media storage refused an imported image's files");
          throw new RetryLater(`${where}: the store's media storage could not be reached (it tries again later)`);
        }
        if (err instanceof ApiError) return failImport(job, `${where}: ${err.message}`);
        throw err;
      } finally {
        if (source.temporary) await removeTmp(source.file);
      }

      const files = Object.fromEntries(rendered.files.map((f) => [f.size, f.fileName]));
      let enqueued = false;
      try {
        ctx.signal.throwIfAborted();
        enqueued = await runner.catalogueWrite(() =>
          db.transaction(async (tx) => {
            const [still] = await tx
              .select({ id: products.id })
              .from(products)
              .where(eq(products.id, payload.productId));
            if (!still) throw new ImportFailure(`${where}: the product was deleted before the image was imported`);
            // The fence first: a lost claim adds no image row.
            if (!(await finishJob(tx, job, { state: "done", payload: { result: files } }))) throw new ClaimLost();
            await insertImageBefore(tx, payload.productId, rendered, payload.later ?? []);
            return afterImport(tx, job);
          }),
        );
      } catch (err) {
        // This claim's files, unless a committed row uses them (the COMMIT went out and its answer was lost).
        await removeUnusedImageFiles(db, deps, Object.values(files));
        if (err instanceof ImportFailure) return failImport(job, err.message);
        throw err;
      }
      if (enqueued) wake();
    },
    async fail(job, message) {
      await failImport(job, message);
    },
  };

  const callback: JobKind = {
    maxAttempts: 5,
    async run(job: JobRow, ctx: JobContext) {
      const { url } = job.payload as { url: string };
      const imports = await batchJobs(db, job.batch, IMPORT_IMAGE);
      const body = {
        success: imports
          .filter((j) => j.state === "done")
          .map((j) => imageFromFiles(mediaBaseUrl(deps), (j.payload as unknown as ImportPayload).result ?? {})),
        error: Object.fromEntries(
          imports
            .filter((j) => j.state === "failed")
            .map((j) => [(j.payload as unknown as ImportPayload).key, j.error ?? "failed"]),
        ),
      };
      let status: number;
      try {
        // Not sent by a worker that already knows it lost the job to another (which sends it).
        ctx.signal.throwIfAborted();
        status = await postJson(url, body, {
          timeoutMs: deps.jobs.fetchTimeoutMs,
          // No redirect is followed: the request goes to this origin only.
          policy: callbackPolicy(checkUrl(url), deps),
          signal: ctx.signal,
          origins: ctx.slots,
        });
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        fetchOutcome(err, deps, ctx);
        if (err instanceof FetchError && !err.transient) {
          ctx.log.warn({ url, reason: err.message }, "jobs: an upload callback was refused");
          await finishJob(db, job, { state: "failed", error: `the callback URL ${err.message}` });
          return;
        }
        throw new RetryLater(`the callback URL ${(err as Error).message}`);
      }
      if (status < 200 || status >= 300) throw new RetryLater(`the callback URL answered HTTP ${status}`);
      await finishJob(db, job, { state: "done" });
    },
    async fail(job, message, ctx) {
      ctx.log.warn({ batch: job.batch, reason: message }, "jobs: an upload callback could not be delivered");
      await finishJob(db, job, { state: "failed", error: message });
    },
  };

  return { [IMPORT_IMAGE]: importImage, [UPLOAD_CALLBACK]: callback };
}
