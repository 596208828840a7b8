import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreApiError, StoreValidationError } from "../errors";
import { anyBody, oneOrListOfOne } from "../shapes";
import { productTags } from "./api";
import type { AddedVideo, ProductMedia } from "./model-media";
import { imageSizes, type ProductImage, type ProductVideo } from "./model";
import { storeImageSchema, toImage, toVideo } from "./schema";

/**
 * A product's images and videos (the `/products/{key}/images` and `/videos`
 * endpoints; docs/contract.md#uploads). Images and videos share one `order` per
 * product; a move is a `PUT order` on the moved item and the store shifts the
 * others.
 */

const readRequest = { scope: "admin", resource: "product" } as const;
const writeRequest = { ...readRequest, permission: "manage_products" } as const;

const productPath = (key: string) => `/api/v1/products/${encodeURIComponent(key)}`;
const imagePath = (key: string, imgKey: string) => `${productPath(key)}/images/${encodeURIComponent(imgKey)}`;
const videoPath = (key: string, videoKey: string) => `${productPath(key)}/videos/${encodeURIComponent(videoKey)}`;

/** A list whose unreadable items are left out, rather than failing the whole list. */
const tolerantMedia = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = storeImageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

export async function listProductImages(store: StoreClient, key: string): Promise<ProductImage[]> {
  const raw = await store.request({
    ...readRequest,
    id: key,
    path: `${productPath(key)}/images`,
    tags: [productTags.all, productTags.one(key)],
    schema: tolerantMedia,
  });
  return raw.map(toImage);
}

/**
 * A product's videos. The spec gives them as size-keyed thumbnails; a store
 * may answer Video objects instead (`id, type, url, thumb_url`): their
 * thumbnails then come from `thumb_url`'s size placeholder.
 */
export async function listProductVideos(store: StoreClient, key: string): Promise<ProductVideo[]> {
  const raw = await store.request({
    ...readRequest,
    id: key,
    path: `${productPath(key)}/videos`,
    tags: [productTags.all, productTags.one(key)],
    schema: z.array(z.unknown()),
  });
  return raw.flatMap((item) => {
    const parsed = storeImageSchema.safeParse(item);
    if (!parsed.success) return [];
    const video = toVideo(parsed.data);
    const pattern = thumbPattern.safeParse(item);
    if (!Object.values(video.thumbnails).some(Boolean) && pattern.success && pattern.data.thumb_url) {
      video.thumbnails = thumbnailsFrom(pattern.data.thumb_url);
    }
    return [video];
  });
}

const thumbPattern = z.looseObject({ thumb_url: z.string().optional().catch(undefined) });

/** The five thumbnail URLs of a `thumb_url` pattern (`…-{size}.jpg`); none when it has no placeholder. */
export function thumbnailsFrom(pattern: string): ProductVideo["thumbnails"] {
  const placeholder = /\{\{?size\}?\}|%s|:size\b|<size>/;
  if (!placeholder.test(pattern)) return {};
  return Object.fromEntries(imageSizes.map((size) => [size, pattern.replace(placeholder, size)]));
}

/** Both lists, read side by side. */
export async function getProductMedia(store: StoreClient, key: string): Promise<ProductMedia> {
  const [images, videos] = await Promise.all([listProductImages(store, key), listProductVideos(store, key)]);
  return { images, videos };
}

/** The 20 MB and the five formats of docs/contract.md#uploads; a store's own answer decides. */
export const uploadRefusals: Record<number, string> = {
  413: "The store refused this file as too large. Images may be at most 20 MB.",
  415: "The store did not take this file as an image. Send a JPEG, PNG, WebP, GIF or AVIF picture.",
};

/** 413 and 415 in words (the generic error mapping has no sentence for them). */
function uploadError(error: unknown): unknown {
  if (error instanceof StoreApiError && uploadRefusals[error.status]) {
    return new StoreApiError({
      status: error.status,
      code: error.code,
      message: uploadRefusals[error.status]!,
      detail: error.detail,
      fields: error.fields,
    });
  }
  return error;
}

export interface ImageUpload {
  /** The whole multipart body, streamed on as it arrives (never held whole). */
  stream: ReadableStream<Uint8Array>;
  /** `multipart/form-data; boundary=…` of that body. */
  contentType: string;
}

/**
 * Single image upload (docs/contract.md#uploads: form field `image`, a file): the
 * answer is one Image. The body is streamed to the store as it comes.
 */
export async function uploadProductImage(store: StoreClient, key: string, upload: ImageUpload): Promise<ProductImage> {
  try {
    const raw = await store.request({
      ...writeRequest,
      method: "POST",
      id: key,
      path: `${productPath(key)}/images`,
      upload,
      // A 20 MB file from a slow connection passes through while this waits.
      timeoutMs: 10 * 60_000,
      // One Image; a store that answers a list of one is understood too.
      schema: oneOrListOfOne(storeImageSchema),
    });
    return toImage(raw);
  } catch (error) {
    throw uploadError(error);
  }
}

/** The ids answered by a multiple upload: strings or numbers, in a list (or inside `{ids}`). */
const importIdsSchema = z
  .union([
    z.array(z.union([z.string(), z.number()])),
    z.looseObject({ ids: z.array(z.union([z.string(), z.number()])) }).transform((body) => body.ids),
  ])
  .transform((ids) => ids.map(String));

/**
 * Multiple image upload (docs/contract.md#uploads): `images` is a JSON list of
 * http(s) URLs or paths in the store's import folder; the answer is at once a
 * list of ids (the `img_key`s the images will have, in the order sent) while
 * the store fetches them in the background. With `callbackUrl`, the store
 * POSTs its report there once every image is done (`callback_options`,
 * `on_success` true: a report also when all went well).
 */
export async function importProductImages(
  store: StoreClient,
  key: string,
  urls: readonly string[],
  { callbackUrl }: { callbackUrl?: string } = {},
): Promise<string[]> {
  return store.request({
    ...writeRequest,
    method: "POST",
    id: key,
    path: `${productPath(key)}/images`,
    form: {
      images: urls,
      ...(callbackUrl ? { callback_options: { url: callbackUrl, on_success: true } } : {}),
    },
    schema: importIdsSchema,
  });
}

/** What a store's refusal (400/422) of a multiple upload says, in its own words. */
export interface ImportRefusal {
  /** The sources it named (by their 1-based `entry N` in the request) and its reason for each. */
  entries: { index: number; reason: string }[];
  /** Its words about `images` (or its whole answer) when it names no entry; null when it says nothing usable. */
  whole: string | null;
  /** It refused `callback_options`: the same request without a callback may go. */
  callback: boolean;
}

/**
 * The store's reasons for refusing a multiple upload at once (a scheme it does
 * not fetch, a loopback or private address written as an IP, a path outside
 * its import folder: docs/contract.md#uploads). These are shown as the store
 * wrote them, as plain text (issue: "the store's reason: show it"), unlike
 * other fields' sentences (lib/store/errors.ts keeps the store's words in
 * `detail` only). The bundled store writes `images` as "entry 2 <reason>;
 * entry 5 <reason>". Null when the error is not such a refusal.
 */
export function importRefusal(error: unknown): ImportRefusal | null {
  if (!(error instanceof StoreValidationError)) return null;
  const detail = error.detail ?? "";
  const callback = "callback_options" in error.fields;
  const words = fieldWords(detail, "images") ?? (Object.keys(error.fields).length ? null : plainWords(detail));
  if (words === null) return callback ? { entries: [], whole: null, callback } : null;
  const entries: ImportRefusal["entries"] = [];
  const pattern = /(?:^|;\s*)entry (\d+) (.*?)(?=;\s*entry \d+ |$)/gs;
  for (const match of words.matchAll(pattern)) {
    entries.push({ index: Number(match[1]), reason: cleanWords(match[2] ?? "") });
  }
  return { entries, whole: entries.length ? null : cleanWords(words), callback };
}

/** The store's sentence for `field` inside a StoreApiError's detail ("…; images: <words>; other: …"). */
function fieldWords(detail: string, field: string): string | null {
  const marker = `${field}: `;
  const at = detail.startsWith(marker) ? 0 : detail.indexOf(`; ${marker}`);
  if (at < 0) return null;
  const rest = detail.slice(at === 0 ? marker.length : at + 2 + marker.length);
  // The next field the store named, if any ("callback_options: …").
  const next = rest.search(/;\s*[a-z_]+: /);
  return next < 0 ? rest : rest.slice(0, next);
}

/** A store that answers plain text (or no `fields`): its words, unless they are a page or nothing. */
function plainWords(detail: string): string | null {
  const text = detail.trim();
  return text && !/[<>]/.test(text) ? text : null;
}

const cleanWords = (text: string) => {
  const plain = text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return plain.length > 300 ? `${plain.slice(0, 299)}…` : plain;
};

const storeVideoSchema = z.looseObject({
  id: z.union([z.string().min(1), z.number().transform(String)]),
  type: z.string().nullable().optional().catch(undefined),
  url: z.string().nullable().optional().catch(undefined),
  thumb_url: z.string().nullable().optional().catch(undefined),
});

/** Adds a YouTube or Vimeo video by its URL (`video`); the answer is the Video object. */
export async function addProductVideo(store: StoreClient, key: string, url: string): Promise<AddedVideo> {
  const raw = await store.request({
    ...writeRequest,
    method: "POST",
    id: key,
    path: `${productPath(key)}/videos`,
    form: { video: url },
    schema: oneOrListOfOne(storeVideoSchema),
  });
  return { key: raw.id, type: raw.type ?? null, url: raw.url ?? null, thumbUrl: raw.thumb_url ?? null };
}

export type MediaKind = "image" | "video";

/** Moves an image or video to `order` (1-based, in the shared sequence); the store shifts the others. */
export async function setMediaOrder(
  store: StoreClient,
  key: string,
  kind: MediaKind,
  itemKey: string,
  order: number,
): Promise<void> {
  await store.request({
    ...writeRequest,
    resource: kind,
    method: "PUT",
    id: itemKey,
    path: kind === "image" ? imagePath(key, itemKey) : videoPath(key, itemKey),
    form: { order },
    // PUT answers `true` for an image and the video for a video: either will do.
    schema: anyBody,
  });
}

export async function deleteMedia(store: StoreClient, key: string, kind: MediaKind, itemKey: string): Promise<void> {
  await store.request({
    ...writeRequest,
    resource: kind,
    method: "DELETE",
    id: itemKey,
    path: kind === "image" ? imagePath(key, itemKey) : videoPath(key, itemKey),
    schema: anyBody,
  });
}
