import type { Db } from "../db/index.js";
import { type MediaDeps, removeMediaFiles, removeTmp } from "../media/files.js";
import { deleteMedia, getMedia, insertImage, type MediaItem, removeUnusedImageFiles } from "../media/images.js";
import { renderImage } from "../media/render.js";
import { removeUnusedVideoThumbs, type VideoType } from "../media/videos.js";
import { getProduct } from "./products.js";

/**
 * A product's images and videos by the product's key (docs/contract.md#uploads), each request in one
 * transaction: the media's own work (renders, files, rows by product id) is media/'s, below products.
 */

/** The single upload: renders the file, then records it last in the product's order. */
export async function addUploadedImage(db: Db, deps: MediaDeps, productKey: string, file: string): Promise<MediaItem> {
  let rendered;
  try {
    // A request does not queue without end: past the render queue, a 503 with Retry-After.
    rendered = await renderImage(deps, file, undefined, { whenBusy: "refuse" });
  } finally {
    await removeTmp(file);
  }
  try {
    return await db.transaction(async (tx) => insertImage(tx, (await getProduct(tx, productKey)).id, rendered));
  } catch (err) {
    // Unless they did commit (the connection broke after the COMMIT went out): then they are the image's.
    await removeUnusedImageFiles(
      db,
      deps,
      rendered.files.map((f) => f.fileName),
    );
    throw err;
  }
}

/** Deletes an image or a video (one transaction); its files go once that committed. */
export async function removeMedia(
  db: Db,
  deps: MediaDeps,
  productKey: string,
  kind: "image" | "video",
  key: string,
): Promise<void> {
  const item = await db.transaction(async (tx) => {
    const found = await getMedia(tx, (await getProduct(tx, productKey)).id, kind, key);
    await deleteMedia(tx, found);
    return found;
  });
  if (kind === "image") await removeMediaFiles(deps, Object.values(item.files));
  else await removeUnusedVideoThumbs(db, deps, [{ type: item.videoType as VideoType, id: item.key }]);
}
