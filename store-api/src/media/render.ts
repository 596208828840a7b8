import fs from "node:fs";
import type { Metadata } from "sharp";
import { PayloadTooLargeError } from "../api/bodies.js";
import { ApiError, UnsupportedMediaTypeError } from "../api/errors.js";
import {
  CONTENT_TYPES,
  IMAGE_SIZES,
  type ImageSize,
  type MediaDeps,
  newImageKey,
  removeMediaFiles,
  SIZE_NAMES,
} from "./files.js";
import { OPERATIONS_PER_RENDER, renderSlots, settleEach, type WhenBusy } from "./render-slots.js";
import { loadSharp } from "./sharp.js";
import { mediaStorage } from "./storage.js";

/**
 * Images in (JPEG, PNG, WebP, GIF, AVIF, checked by their bytes, never by a
 * name or a Content-Type) and the five sizes out (docs/contract.md#uploads).
 * A JPEG stays a JPEG; the other formats become WebP, which keeps
 * transparency (an animated GIF or WebP keeps its first frame).
 */

export type ImageType = "jpeg" | "png" | "webp" | "gif" | "avif";

/** The format announced by a file's first bytes, or null when it is none the store takes. */
export function detectImageType(head: Buffer): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  const ascii = head.subarray(0, 12).toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "webp";
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands…]
  if (ascii.slice(4, 8) === "ftyp") {
    const size = Math.min(head.readUInt32BE(0), head.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version
      const brand = head.subarray(at, at + 4).toString("latin1");
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

/** How many leading bytes detectImageType wants. */
export const HEAD_BYTES = 64;

/** sharp's format name for each accepted type (AVIF is read by libheif). */
const SHARP_FORMATS: Record<ImageType, string[]> = {
  jpeg: ["jpeg"],
  png: ["png"],
  webp: ["webp"],
  gif: ["gif"],
  avif: ["heif"],
};

/**
 * The most pixels an image may have (docs/contract.md#uploads): 50 million,
 * 8,000 × 6,000 or so, past any camera a product photo comes from. Decoding
 * costs memory and time by pixels, not by bytes: a 400 KB PNG can be
 * 10,000 × 10,000.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Decoding guards: a corrupt file fails rather than half-renders; a pixel bomb is refused. */
const INPUT = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS } as const;

/** 413: an image with more pixels than the store renders. */
function tooManyPixels(width: number, height: number) {
  const n = (x: number) => x.toLocaleString("en-US");
  return new PayloadTooLargeError(
    `The image is ${n(width)} × ${n(height)} pixels; the store takes at most ${n(MAX_IMAGE_PIXELS / 1_000_000)} million pixels (8,000 × 6,000, say).`,
  );
}

export interface RenderedFile {
  size: ImageSize;
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

export interface RenderedImage {
  key: string;
  files: RenderedFile[];
}

async function readHead(source: string | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, HEAD_BYTES);
  const handle = await fs.promises.open(source, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Seconds an upload that met the media storage away is told to wait (Retry-After). */
const STORAGE_RETRY_AFTER_SECONDS = 10;

/**
 * 503: the media storage (src/media/storage.ts: the bucket, or the media folder) refused or did not
 * answer a write; nothing was added, and the upload may be sent again. Not the image's fault: a
 * job tries again later (media/imports.ts). `cause` is what the storage threw, for the log.
 */
export class MediaStorageUnavailableError extends ApiError {
  constructor(cause: unknown) {
    super(
      503,
      "temporarily_unavailable",
      `The store cannot save images right now (its media storage did not answer); nothing was added. Send it again in ${STORAGE_RETRY_AFTER_SECONDS} s.`,
      undefined,
      { "retry-after": String(STORAGE_RETRY_AFTER_SECONDS) },
    );
    this.cause = cause;
  }
}

/** A storage write that failed, told apart from an encode that failed (the image's fault). */
class StorageWriteFailed extends Error {}

export const NOT_AN_IMAGE = "The file is not an image the store takes: send a JPEG, PNG, WebP, GIF or AVIF.";
const DAMAGED = "The file looks like an image but cannot be read: it may be damaged.";

const LARGEST = Math.max(...SIZE_NAMES.map((size) => IMAGE_SIZES[size]));
const fit = (px: number) => ({ width: px, height: px, fit: "inside", withoutEnlargement: true }) as const;

/**
 * The picture decoded once, turned upright (EXIF orientation applied; metadata,
 * GPS and all, left behind), in sRGB, at the largest size: the five sizes are
 * made from these pixels rather than from the original five times, so a large
 * JPEG is decoded in full once (bench/image-upload.mjs measures the gain).
 * Throws a 415 when it cannot be decoded.
 */
async function decodeOnce(source: string | Buffer) {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(source, INPUT)
      .rotate()
      .resize(fit(LARGEST))
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    throw new UnsupportedMediaTypeError(DAMAGED);
  }
}

/**
 * Checks that a file (a path, or the bytes) is an image the store takes, and
 * writes its five sizes into the media folder under `key` (a new img_key unless
 * given: an import job's key was promised to its request), inside `folder` when
 * given (an import's claim: ./files.ts, claimFolder). Throws a 415 when
 * it is not an image or cannot be decoded, a 413 when it has more than
 * MAX_IMAGE_PIXELS, a MediaStorageUnavailableError (503) when the storage
 * refused a write; leaves none of its files then. It renders in one of the process's
 * render slots (./render-slots.ts): when all are taken and the queue is full,
 * `whenBusy: "refuse"` throws a 503 (an upload), "wait" waits its turn (a job).
 */
export async function renderImage(
  deps: MediaDeps,
  source: string | Buffer,
  key: string = newImageKey(),
  { whenBusy = "wait", folder }: { whenBusy?: WhenBusy; folder?: string } = {},
): Promise<RenderedImage> {
  const type = detectImageType(await readHead(source));
  if (!type) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE);
  return renderSlots.render(() => renderChecked(deps, source, type, key, folder), whenBusy);
}

async function renderChecked(
  deps: MediaDeps,
  source: string | Buffer,
  type: ImageType,
  key: string,
  folder: string | undefined,
): Promise<RenderedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header only: no pixels are decoded yet.
    meta = await sharp(source, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedMediaTypeError(DAMAGED);
  }
  if (!meta.format || !SHARP_FORMATS[type].includes(meta.format)) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE);
  // An animated image's height is its frames' together; only the first frame is rendered.
  const height = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * height > MAX_IMAGE_PIXELS) throw tooManyPixels(meta.width ?? 0, height);

  const ext = type === "jpeg" ? "jpg" : "webp";
  const nameOf = (size: ImageSize) => `${folder ? `${folder}/` : ""}${key}-${size}.${ext}`;
  const storage = mediaStorage(deps);
  const pixels = await decodeOnce(source);
  let storageDown: StorageWriteFailed | undefined;
  const results = await settleEach(SIZE_NAMES, OPERATIONS_PER_RENDER, async (size): Promise<RenderedFile> => {
    const px = IMAGE_SIZES[size];
    const fileName = nameOf(size);
    let pipeline = sharp(pixels.data, { raw: pixels.info });
    if (px < LARGEST) pipeline = pipeline.resize(fit(px));
    const encoded = ext === "jpg" ? pipeline.jpeg({ quality: 82 }) : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    // Once one write failed, the others are not tried: the storage is away, and each would wait as long.
    if (storageDown) throw storageDown;
    await storage.put(fileName, data, CONTENT_TYPES[ext]!).catch((err: unknown) => {
      throw (storageDown ??= new StorageWriteFailed("the media storage refused a write", { cause: err }));
    });
    return {
      size,
      fileName,
      contentType: CONTENT_TYPES[ext]!,
      width: info.width,
      height: info.height,
      bytes: info.size,
    };
  });
  const files = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (files.length !== SIZE_NAMES.length) {
    // This render's own names only (a fresh key, or its claim's folder): never another's files.
    await removeMediaFiles(deps, SIZE_NAMES.map(nameOf));
    if (storageDown) throw new MediaStorageUnavailableError(storageDown.cause);
    throw new UnsupportedMediaTypeError(DAMAGED);
  }
  return { key, files };
}
