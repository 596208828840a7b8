import fs from "node:fs";
import path from "node:path";

const MB = 1024 * 1024;
/** Postgres's own default, and the most the embedded database is given. */
export const MOST_BUFFERS_MB = 128;
/** The least: an empty store's tables, indexes and catalogues, with room to grow. */
export const LEAST_BUFFERS_MB = 32;

/**
 * The embedded database's `shared_buffers` for tables and indexes of `bytes` in all: half as much again,
 * in steps of 16 MB, between 32 and 128 MB. PGlite's WebAssembly zeroes the whole of it as Postgres starts
 * (some 130 ms for Postgres's 128 MB here, a tenth of a restart), while a demo store's data is 25 MB: a
 * cache larger than the data holds nothing more. A big store gets Postgres's 128 MB as before; its reads
 * past that come from the system's file cache (docs/architecture.md#the-starts-timeline).
 */
export function buffersFor(bytes: number): number {
  const wanted = Math.ceil((bytes * 1.5) / (16 * MB)) * 16;
  return Math.min(MOST_BUFFERS_MB, Math.max(LEAST_BUFFERS_MB, wanted));
}

/**
 * The size of every file below `dir` (0 for a folder not made yet). Read synchronously: some 1,100 files
 * for any store (Postgres's files are per table and index, of at most 1 GB each) take 5-10 ms this way,
 * and 30 ms of the start's path through the thread pool, where the app's modules were loading meanwhile.
 */
function sizeBelow(dir: string): number {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let size = 0;
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) size += sizeBelow(file);
    // A file Postgres removes meanwhile (a dropped table) counts for nothing.
    else size += fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  }
  return size;
}

/** The size of the databases in the data folder `pgdata` (its `base/`), as they are now. */
export function dataSize(pgdata: string): number {
  return sizeBelow(path.join(pgdata, "base"));
}

/** PGlite's start parameters: its defaults, with `shared_buffers` sized to data of `bytes`. */
export function pgliteStartParams(defaults: readonly string[], bytes: number): string[] {
  return [...defaults, "-c", `shared_buffers=${buffersFor(bytes)}MB`];
}
