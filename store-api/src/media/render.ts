import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { UnsupportedMediaTypeError } from "../api/errors.js";
import {
  CONTENT_TYPES,
  IMAGE_SIZES,
  type ImageSize,
  type MediaDeps,
  mediaDir,
  newImageKey,
  removeMediaFiles,
  SIZE_NAMES,
} from "./files.js";

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

/** Decoding guards: a corrupt file fails rather than half-renders; a pixel bomb is refused. */
const INPUT = { failOn: "error", limitInputPixels: 100_000_000 } as const;

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
 * given: an import job's key was promised to its request). Throws a
 * 415 when it is not an image or cannot be decoded; writes nothing then.
 */
export async function renderImage(
  deps: MediaDeps,
  source: string | Buffer,
  key: string = newImageKey(),
): Promise<RenderedImage> {
  const type = detectImageType(await readHead(source));
  if (!type) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE);
  let format: string | undefined;
  try {
    format = (await sharp(source, INPUT).metadata()).format;
  } catch {
    throw new UnsupportedMediaTypeError(DAMAGED);
  }
  if (!format || !SHARP_FORMATS[type].includes(format)) throw new UnsupportedMediaTypeError(NOT_AN_IMAGE);

  const ext = type === "jpeg" ? "jpg" : "webp";
  const dir = mediaDir(deps);
  await fs.promises.mkdir(dir, { recursive: true });
  const pixels = await decodeOnce(source);
  const results = await Promise.allSettled(
    SIZE_NAMES.map(async (size): Promise<RenderedFile> => {
      const px = IMAGE_SIZES[size];
      const fileName = `${key}-${size}.${ext}`;
      let pipeline = sharp(pixels.data, { raw: pixels.info });
      if (px < LARGEST) pipeline = pipeline.resize(fit(px));
      const encoded = ext === "jpg" ? pipeline.jpeg({ quality: 82 }) : pipeline.webp({ quality: 85 });
      const info = await encoded.toFile(path.join(dir, fileName));
      return {
        size,
        fileName,
        contentType: CONTENT_TYPES[ext]!,
        width: info.width,
        height: info.height,
        bytes: info.size,
      };
    }),
  );
  const files = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (files.length !== SIZE_NAMES.length) {
    await removeMediaFiles(
      deps,
      SIZE_NAMES.map((size) => `${key}-${size}.${ext}`),
    );
    throw new UnsupportedMediaTypeError(DAMAGED);
  }
  return { key, files };
}
