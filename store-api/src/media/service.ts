import type { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { InvalidRequestError, ValidationError } from "../api/errors.js";
import type { Db, Queryable } from "../db/index.js";
import { imageFiles, productMedia } from "../db/schema/index.js";
import { CONTENT_TYPES, type MediaDeps, parseImageFileName, removeMediaFiles } from "./files.js";
import { mediaStorage } from "./storage.js";
import { productImageFiles } from "./images.js";
import { checkCallback, checkImageSources, enqueueImageImports, type ImportDeps } from "./imports.js";
import type { UploadImagesInput } from "./schemas.js";
import {
  addVideo,
  NOT_A_VIDEO,
  parseVideoThumbName,
  parseVideoUrl,
  removeUnusedVideoThumbs,
  videoInUse,
  ensureVideoThumbnail,
  type VideoType,
} from "./videos.js";

/**
 * What the media routes do, each request in one transaction; files are
 * written before it and removed after it when it failed, and files of
 * deleted media are removed once it committed (docs/contract.md#uploads).
 * What goes by the product's key (the single upload, a deletion) is
 * products/media.ts's: products sit above media.
 */

/**
 * The multiple upload: checks the sources and the callback and enqueues the
 * imports; answers the img_keys to come. Wake the job runner after it.
 */
export async function importImages(
  q: Queryable,
  deps: ImportDeps,
  productId: number,
  input: Pick<UploadImagesInput, "images" | "callback_options">,
): Promise<string[]> {
  if (!input.images) {
    if (input.callback_options) throw new ValidationError({ images: "is required with callback_options" });
    throw new ValidationError({ image: "is required: send a file as image, or a JSON list as images" });
  }
  const sources = checkImageSources(input.images, deps);
  const callback = input.callback_options ? checkCallback(input.callback_options, deps) : null;
  return enqueueImageImports(q, productId, sources, callback);
}

/** A request that sends both a file and a list is ambiguous. */
export function assertOneKindOfUpload(hasFile: boolean, input: UploadImagesInput): void {
  if (hasFile && (input.images || input.callback_options)) {
    throw new InvalidRequestError("Send either a file as image, or images (with callback_options), not both.");
  }
}

/** What to remove from disk once a product's deletion commits (read in its transaction, before it). */
export interface ProductFiles {
  images: string[];
  videos: { type: VideoType; id: string }[];
}

export async function productFiles(q: Queryable, productId: number): Promise<ProductFiles> {
  const videos = await q
    .select({ type: productMedia.videoType, id: productMedia.key })
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, "video")));
  return {
    images: await productImageFiles(q, productId),
    videos: videos.map((v) => ({ type: v.type as VideoType, id: v.id })),
  };
}

/** Removes a deleted product's files (after the deletion committed). */
export async function removeProductFiles(db: Db, deps: MediaDeps, files: ProductFiles): Promise<void> {
  await removeMediaFiles(deps, files.images);
  await removeUnusedVideoThumbs(db, deps, files.videos);
}

/** A file the store serves under /media/, from its media storage: its bytes, type and size, or null (a 404). */
export async function mediaFile(
  db: Db,
  deps: MediaDeps,
  name: string,
): Promise<{ body: Readable; contentType: string; size: number } | null> {
  const image = parseImageFileName(name);
  if (image) {
    const storage = mediaStorage(deps);
    // A bucket bills every request, and anyone may ask for any valid-looking name: a name no saved image
    // has (a unique index's look-up) is answered without asking it. A file on this machine's disk costs less
    // to look for than the query.
    if (storage.driver === "s3" && !(await imageFileSaved(db, name))) return null;
    const found = await storage.get(name);
    return found ? { ...found, contentType: CONTENT_TYPES[image.ext]! } : null;
  }
  const thumb = parseVideoThumbName(name);
  if (thumb && (await videoInUse(db, thumb.type, thumb.id))) {
    await ensureVideoThumbnail(deps, thumb.type, thumb.id, thumb.size);
    const found = await mediaStorage(deps).get(name);
    return found ? { ...found, contentType: "image/jpeg" } : null;
  }
  return null;
}

/** Whether a saved image has a file of this name (`image_files`' unique index on it). */
async function imageFileSaved(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: imageFiles.fileName })
    .from(imageFiles)
    .where(eq(imageFiles.fileName, name))
    .limit(1);
  return row !== undefined;
}

/**
 * `images` and `videos` of a product POST, in its transaction: the videos are
 * added at once (a URL of another host is a 422 naming `videos`; a repeated
 * one counts once), the images enqueued as imports without a callback.
 * Answers whether jobs were enqueued (wake the runner after the commit).
 */
export async function addProductMedia(
  q: Queryable,
  deps: ImportDeps,
  productId: number,
  input: { images?: string[] | undefined; videos?: string[] | undefined },
): Promise<boolean> {
  const seen = new Set<string>();
  for (const [i, url] of (input.videos ?? []).entries()) {
    const video = parseVideoUrl(url);
    if (!video) throw new ValidationError({ videos: `entry ${i + 1} ${NOT_A_VIDEO}` });
    if (seen.has(`${video.type} ${video.id}`)) continue;
    seen.add(`${video.type} ${video.id}`);
    await addVideo(q, productId, url);
  }
  if (!input.images?.length) return false;
  const sources = checkImageSources(input.images, deps);
  await enqueueImageImports(q, productId, sources, null);
  return true;
}
