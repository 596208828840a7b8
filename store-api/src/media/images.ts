import { and, asc, count, eq, gt, gte, inArray, lt, lte, max, min, sql } from "drizzle-orm";
import { NotFoundError, ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { anyOf } from "../db/rows.js";
import { imageFiles, productMedia } from "../db/schema/index.js";
import { type ImageSize, type MediaDeps, removeMediaFiles } from "./files.js";
import { type RenderedImage, renderImage } from "./render.js";

/**
 * A product's images and videos (docs/contract.md#uploads): rows of
 * `product_media` sharing one `order` sequence 1..count per product. A new
 * item goes last, a move shifts the items between, a delete closes the gap.
 * Every change takes the product's media lock first, so that two requests
 * never compute the same position.
 */

export type MediaRow = typeof productMedia.$inferSelect;

/** An image or a video as the routes and serializers see it; images carry their file names by size. */
export interface MediaItem extends MediaRow {
  files: Partial<Record<ImageSize, string>>;
}

/** A product's media, in order, split as the Product shows them. */
export interface ProductMedia {
  images: MediaItem[];
  videos: MediaItem[];
}

/** Holds the product's media lock until the transaction ends. */
export async function lockProductMedia(q: Queryable, productId: number): Promise<void> {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`product media ${productId}`}))`);
}

/** The position after the product's last image or video. */
async function nextOrder(q: Queryable, productId: number): Promise<number> {
  const [row] = await q
    .select({ last: max(productMedia.order) })
    .from(productMedia)
    .where(eq(productMedia.productId, productId));
  return (row?.last ?? 0) + 1;
}

/** Records rendered files as the product's last image; takes the media lock. */
export async function insertImage(q: Queryable, productId: number, image: RenderedImage): Promise<MediaItem> {
  await lockProductMedia(q, productId);
  const [row] = await q
    .insert(productMedia)
    .values({ productId, kind: "image", key: image.key, order: await nextOrder(q, productId) })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  await q.insert(imageFiles).values(image.files.map((f) => ({ ...f, mediaId: row.id })));
  return { ...row, files: Object.fromEntries(image.files.map((f) => [f.size, f.fileName])) };
}

/**
 * Adds an image like insertImage, then, when any of the images `before` names
 * (img_keys) are already there, moves it in front of the first of them. The
 * images of one multiple upload so keep the request's order, whatever order
 * their imports finish in (docs/contract.md#uploads).
 */
export async function insertImageBefore(
  q: Queryable,
  productId: number,
  image: RenderedImage,
  before: string[],
): Promise<MediaItem> {
  const item = await insertImage(q, productId, image);
  if (before.length === 0) return item;
  const [first] = await q
    .select({ order: min(productMedia.order) })
    .from(productMedia)
    .where(
      and(eq(productMedia.productId, productId), eq(productMedia.kind, "image"), inArray(productMedia.key, before)),
    );
  if (first?.order == null) return item;
  const moved = await moveMedia(q, item, first.order);
  return { ...item, order: moved.order };
}

/**
 * Adds a video row last in the product's order (takes the media lock), or
 * answers null when the product already has this video.
 */
export async function insertVideoRow(
  q: Queryable,
  productId: number,
  video: { type: string; id: string; url: string },
): Promise<MediaItem | null> {
  await lockProductMedia(q, productId);
  const [row] = await q
    .insert(productMedia)
    .values({
      productId,
      kind: "video",
      key: video.id,
      videoType: video.type,
      videoUrl: video.url,
      order: await nextOrder(q, productId),
    })
    .onConflictDoNothing()
    .returning();
  return row ? { ...row, files: {} } : null;
}

/**
 * Stores an image for a product inside the caller's transaction: checks it (a
 * 415 when it is not a JPEG, PNG, WebP, GIF or AVIF), writes its five sizes
 * into the media folder and adds it last in the product's order. `source` is
 * the bytes or a file path. The files stay if the transaction rolls back (a
 * route renders first and removes them on failure; a seed need not care).
 * `deps` is anything with the store's `dataDir` (a StoreConfig). Videos are
 * added with `addVideo(q, productId, url)` of ./videos.ts.
 */
export async function storeImage(
  q: Queryable,
  deps: MediaDeps,
  productId: number,
  source: Buffer | string,
): Promise<MediaItem> {
  const rendered = await renderImage(deps, source);
  try {
    return await insertImage(q, productId, rendered);
  } catch (err) {
    await removeMediaFiles(
      deps,
      rendered.files.map((f) => f.fileName),
    );
    throw err;
  }
}

/**
 * Deletes those of `fileNames` that no image row uses: what a write that failed (its transaction
 * rolled back, or its claim was lost, or its COMMIT's answer never came) leaves, and never a file an
 * image that did commit shows. When the database cannot tell, every file stays (one left behind is
 * only space; one deleted under a committed image is a broken picture).
 */
export async function removeUnusedImageFiles(q: Queryable, deps: MediaDeps, fileNames: string[]): Promise<void> {
  if (fileNames.length === 0) return;
  let used: Set<string>;
  try {
    const rows = await q
      .select({ fileName: imageFiles.fileName })
      .from(imageFiles)
      .where(inArray(imageFiles.fileName, fileNames));
    used = new Set(rows.map((r) => r.fileName));
  } catch {
    return;
  }
  await removeMediaFiles(
    deps,
    fileNames.filter((name) => !used.has(name)),
  );
}

/** Attaches the image files to media rows. */
async function withFiles(q: Queryable, rows: MediaRow[]): Promise<MediaItem[]> {
  const imageIds = rows.filter((r) => r.kind === "image").map((r) => r.id);
  const files = imageIds.length
    ? await q
        .select({ mediaId: imageFiles.mediaId, size: imageFiles.size, fileName: imageFiles.fileName })
        .from(imageFiles)
        .where(inArray(imageFiles.mediaId, imageIds))
    : [];
  const byMedia = new Map<number, Partial<Record<ImageSize, string>>>();
  for (const f of files) {
    const entry = byMedia.get(f.mediaId) ?? {};
    entry[f.size as ImageSize] = f.fileName;
    byMedia.set(f.mediaId, entry);
  }
  return rows.map((r) => ({ ...r, files: byMedia.get(r.id) ?? {} }));
}

/** The media of several products, in order (for the products' reads). */
export async function mediaOfProducts(q: Queryable, productIds: number[]): Promise<Map<number, ProductMedia>> {
  const out = new Map<number, ProductMedia>(productIds.map((id) => [id, { images: [], videos: [] }]));
  if (productIds.length === 0) return out;
  const rows = await q
    .select()
    .from(productMedia)
    .where(and(anyOf(productMedia.productId, productIds), eq(productMedia.ready, true)))
    .orderBy(asc(productMedia.order), asc(productMedia.id));
  for (const item of await withFiles(q, rows)) {
    const media = out.get(item.productId)!;
    (item.kind === "image" ? media.images : media.videos).push(item);
  }
  return out;
}

/** A product's images or videos, in order. */
export async function listMedia(q: Queryable, productId: number, kind: "image" | "video"): Promise<MediaItem[]> {
  const rows = await q
    .select()
    .from(productMedia)
    .where(and(eq(productMedia.productId, productId), eq(productMedia.kind, kind), eq(productMedia.ready, true)))
    .orderBy(asc(productMedia.order), asc(productMedia.id));
  return withFiles(q, rows);
}

/** One image (by img_key) or video (by its id on the host) of the product, or a 404. */
export async function getMedia(
  q: Queryable,
  productId: number,
  kind: "image" | "video",
  key: string,
): Promise<MediaItem> {
  const rows = await q
    .select()
    .from(productMedia)
    .where(
      and(
        eq(productMedia.productId, productId),
        eq(productMedia.kind, kind),
        eq(productMedia.key, key),
        eq(productMedia.ready, true),
      ),
    );
  const [item] = await withFiles(q, rows);
  if (!item) {
    throw new NotFoundError(
      kind === "image"
        ? `This product has no image with the key "${key.slice(0, 100)}".`
        : `This product has no video with the id "${key.slice(0, 100)}".`,
    );
  }
  return item;
}

/**
 * Moves an image or video to position `to` of the product's shared sequence,
 * shifting the items between (docs/contract.md#uploads). A position outside
 * 1..count is a 422 naming `order`.
 */
export async function moveMedia(q: Queryable, item: MediaRow, to: number): Promise<MediaRow> {
  await lockProductMedia(q, item.productId);
  const [total] = await q.select({ n: count() }).from(productMedia).where(eq(productMedia.productId, item.productId));
  const n = total?.n ?? 0;
  if (to < 1 || to > n) throw new ValidationError({ order: `must be a position from 1 to ${n}` });
  // Read again under the lock: another move may have shifted this item.
  const [now] = await q.select({ order: productMedia.order }).from(productMedia).where(eq(productMedia.id, item.id));
  if (!now) throw new NotFoundError("The image or video was deleted meanwhile.");
  const from = now.order;
  const same = eq(productMedia.productId, item.productId);
  if (to < from) {
    await q
      .update(productMedia)
      .set({ order: sql`${productMedia.order} + 1` })
      .where(and(same, gte(productMedia.order, to), lt(productMedia.order, from)));
  } else if (to > from) {
    await q
      .update(productMedia)
      .set({ order: sql`${productMedia.order} - 1` })
      .where(and(same, gt(productMedia.order, from), lte(productMedia.order, to)));
  }
  const [row] = await q.update(productMedia).set({ order: to }).where(eq(productMedia.id, item.id)).returning();
  return row ?? { ...item, order: to };
}

/**
 * Deletes an image or video and closes the gap it leaves. Answers the image
 * file names to remove once the transaction has committed.
 */
export async function deleteMedia(q: Queryable, item: MediaItem): Promise<string[]> {
  await lockProductMedia(q, item.productId);
  const [gone] = await q
    .delete(productMedia)
    .where(eq(productMedia.id, item.id))
    .returning({ order: productMedia.order });
  if (gone) {
    await q
      .update(productMedia)
      .set({ order: sql`${productMedia.order} - 1` })
      .where(and(eq(productMedia.productId, item.productId), gt(productMedia.order, gone.order)));
  }
  return Object.values(item.files);
}

/** The image files of a product (to remove after the product's deletion commits). */
export async function productImageFiles(q: Queryable, productId: number): Promise<string[]> {
  const rows = await q
    .select({ fileName: imageFiles.fileName })
    .from(imageFiles)
    .innerJoin(productMedia, eq(productMedia.id, imageFiles.mediaId))
    .where(eq(productMedia.productId, productId));
  return rows.map((r) => r.fileName);
}
