import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { MediaStorageSettings } from "../config.js";
import { mediaStorage } from "./storage.js";

/**
 * Where the store keeps its media files (docs/contract.md#uploads): the
 * finished ones in its media storage (src/media/storage.ts: the data folder's
 * `media/` by default, what `{base_url}/media/` serves), and `tmp/` of the data
 * folder for uploads and downloads on their way in. File names are never reused: a name is served with a cache
 * header that lets every client keep it for a year.
 */

/**
 * What the media functions need to know about the store: its data folder (`tmp/`, and `media/`
 * with the local driver) and where the finished files live (src/media/storage.ts; unset: the
 * data folder). A StoreConfig fits.
 */
export interface MediaDeps {
  dataDir: string;
  media?: MediaStorageSettings | undefined;
}

/** The five stored sizes, by longest edge in pixels (never upscaled). */
export const IMAGE_SIZES = { tiny: 64, small: 160, medium: 480, large: 1024, huge: 2048 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export const SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

/** Every image at most this large, uploaded or imported. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

export const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  webp: "image/webp",
};

export function tmpDir(deps: MediaDeps): string {
  return path.resolve(deps.dataDir, "tmp");
}

/** A new img_key: lower-case hex, so that `{img_key}-{size}.{ext}` splits one way only. */
export function newImageKey(): string {
  return randomBytes(8).toString("hex");
}

/** A fresh path in the temporary folder (created when missing). */
export async function tmpFile(deps: MediaDeps, suffix = ""): Promise<string> {
  const dir = tmpDir(deps);
  await fs.promises.mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(12).toString("hex")}${suffix}`);
}

/** The public URL of a media file, under the base of its URLs (mediaBaseUrl in storage.ts). */
export function mediaUrl(mediaBase: string, fileName: string): string {
  return `${mediaBase}/${fileName}`;
}

/**
 * The folder of an import's files, by the claim that rendered them (`c` and the job's `claims`,
 * src/jobs/queue.ts): two claims of one import (a worker that stalled past its lock, and the one that
 * took the job over) never write the same file, so the loser can remove its own files and never the
 * winner's. The Image's URIs keep the specification's shape, `…/{img_key}-{size}.{ext}`: the folder
 * comes before the file name (docs/contract.md#uploads).
 */
export function claimFolder(claims: number): string {
  return `c${claims}`;
}

const IMAGE_FILE = /^(?:(c[0-9]{1,9})\/)?([0-9a-f]{16})-(tiny|small|medium|large|huge)\.(jpg|webp)$/;

/**
 * The img_key and size of an image file name (`{img_key}-{size}.{ext}`, or an import's
 * `c{claims}/{img_key}-{size}.{ext}`), or null when the name is not one the store makes.
 */
export function parseImageFileName(name: string): { key: string; size: ImageSize; ext: string } | null {
  const m = IMAGE_FILE.exec(name);
  return m ? { key: m[2]!, size: m[3] as ImageSize, ext: m[4]! } : null;
}

/** Deletes media files (after the transaction that forgot them committed); a missing one is fine. */
export async function removeMediaFiles(deps: MediaDeps, fileNames: Iterable<string>): Promise<void> {
  await mediaStorage(deps).remove([...fileNames]);
}

/** Deletes a temporary file; a missing one is fine. */
export async function removeTmp(file: string | undefined): Promise<void> {
  if (file) await fs.promises.rm(file, { force: true }).catch(() => {});
}

/**
 * Removes temporary files left by a process that stopped mid-upload (older
 * than an hour: another process on the same folder may be using newer ones).
 */
export async function removeStaleTmp(deps: MediaDeps, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const dir = tmpDir(deps);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await removeTmp(file);
  }
}
