import type { MediaSizes, ProductImage, ProductVideo } from "./model";

/**
 * A product's images and videos in the dashboard's terms, and the pure rules
 * of the media section: one shared order, names and alt text, what an upload
 * or a URL must look like before it is sent. Safe anywhere (no zod, no
 * server code); the store calls are in ./api-media.ts (docs/contract.md#uploads).
 */

export interface ProductMedia {
  images: ProductImage[];
  videos: ProductVideo[];
}

/** The Video object a store answers when a video is added (docs/contract.md#uploads). */
export interface AddedVideo {
  /** The video's id on its host: the `video_key`. */
  key: string;
  type: string | null;
  url: string | null;
  /** A file-name pattern with a size placeholder. */
  thumbUrl: string | null;
}

/** One entry of the shared sequence of images and videos. */
export interface MediaEntry {
  kind: "image" | "video";
  /** The `img_key` or `video_key`. */
  key: string;
  /** Size-keyed picture: the image, or the video's thumbnail. */
  sizes: MediaSizes;
  /** For a video: its host and original URL, when the store says. */
  host: string | null;
  url: string | null;
  /** Position in the shared sequence, when the store says. */
  order: number | null;
}

/** A key unique across both kinds (an image and a video may share a key). */
export const entryId = (entry: Pick<MediaEntry, "kind" | "key">) => `${entry.kind}:${entry.key}`;

/**
 * Images and videos as one sequence. When the store gives every item its
 * `order`, that decides (ties: images first, then as listed); otherwise the
 * spec's lists are all there is: images in their order, then videos.
 */
export function mergeMedia({ images, videos }: ProductMedia): MediaEntry[] {
  const entries: MediaEntry[] = [
    ...images.map((image): MediaEntry => ({
      kind: "image",
      key: image.key,
      sizes: image.urls,
      host: null,
      url: null,
      order: image.order,
    })),
    ...videos.map((video): MediaEntry => ({
      kind: "video",
      key: video.key,
      sizes: video.thumbnails,
      host: video.type,
      url: video.url,
      order: video.order,
    })),
  ];
  if (entries.some((entry) => entry.order === null)) return entries;
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.order as number) - (b.entry.order as number) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The sequence back as the two lists (for the cache after a move). */
export function splitMedia(entries: readonly MediaEntry[]): ProductMedia {
  return {
    images: entries
      .filter((e) => e.kind === "image")
      .map((e): ProductImage => ({ key: e.key, urls: e.sizes, order: e.order })),
    videos: entries
      .filter((e) => e.kind === "video")
      .map((e): ProductVideo => ({ key: e.key, thumbnails: e.sizes, type: e.host, url: e.url, order: e.order })),
  };
}

/** The sequence as the store holds it after a move: positions 1..count. */
export function renumber(entries: readonly MediaEntry[]): MediaEntry[] {
  return entries.map((entry, index) => ({ ...entry, order: index + 1 }));
}

/**
 * The `order` to PUT on the item moved from `from` to `to` (zero-based
 * indexes of the shared sequence): its new one-based position. The store
 * shifts the others (docs/contract.md#uploads).
 */
export function orderForMove(to: number): number {
  return to + 1;
}

/** One `PUT order` of a plan: the item and its new 1-based position. */
export interface MediaMove {
  kind: MediaEntry["kind"];
  key: string;
  order: number;
}

/**
 * The moves that put `chosen` (image keys, in the order the person chose
 * them) in that order, in the places they hold now, the others staying where
 * they are: uploads finish in any order and the store puts each last when it
 * arrives (docs/contract.md#uploads). Each move is a `PUT order` applied in
 * turn (the store shifts the others); none when they are in order already.
 * Keys no longer in `entries` (deleted meanwhile) are left out.
 */
export function arrangeMoves(entries: readonly MediaEntry[], chosen: readonly string[]): MediaMove[] {
  const ids = entries.map(entryId);
  const wanted = chosen.map((key) => entryId({ kind: "image", key })).filter((id) => ids.includes(id));
  const slots = ids.flatMap((id, index) => (wanted.includes(id) ? [index] : []));
  const target = [...ids];
  slots.forEach((slot, i) => (target[slot] = wanted[i]!));
  const byId = new Map(entries.map((entry) => [entryId(entry), entry]));
  const current = [...ids];
  const moves: MediaMove[] = [];
  target.forEach((id, position) => {
    if (current[position] === id) return;
    current.splice(current.indexOf(id), 1);
    current.splice(position, 0, id);
    const entry = byId.get(id)!;
    moves.push({ kind: entry.kind, key: entry.key, order: position + 1 });
  });
  return moves;
}

/** 1-based position of an entry among those of its kind, and their count. */
export function kindPosition(entries: readonly MediaEntry[], entry: MediaEntry): { position: number; count: number } {
  const same = entries.filter((e) => e.kind === entry.kind);
  return { position: same.findIndex((e) => entryId(e) === entryId(entry)) + 1, count: same.length };
}

const hostNames: Record<string, string> = { youtube: "YouTube", vimeo: "Vimeo" };

export function hostName(host: string | null): string | null {
  if (!host) return null;
  return hostNames[host.toLowerCase()] ?? host;
}

/** "image 2" or "video 1": the item's name in the sortable list and its announcements. */
export function entryLabel(entries: readonly MediaEntry[], entry: MediaEntry): string {
  return `${entry.kind} ${kindPosition(entries, entry).position}`;
}

/** "Linen shirt, image 2 of 4"; a video's thumbnail: "Linen shirt, video 1 of 2 (YouTube)". */
export function altText(productName: string, entries: readonly MediaEntry[], entry: MediaEntry): string {
  const { position, count } = kindPosition(entries, entry);
  const name = productName.trim() || "Product";
  const host = entry.kind === "video" ? hostName(entry.host) : null;
  return `${name}, ${entry.kind} ${position} of ${count}${host ? ` (${host})` : ""}`;
}

/* ---------- uploads ---------- */

/** What the store takes (docs/contract.md#uploads); the store's own answer decides. */
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
const acceptedExtensions = /\.(jpe?g|png|webp|gif|avif)$/i;
export const maxImageBytes = 20 * 1024 * 1024;

/** The file picker's `accept`. */
export const imageAccept = [...acceptedImageTypes, ".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"].join(",");

/**
 * A quick look at a file before it is sent: a sentence when it cannot be an
 * image the store takes (by type, or by name when the browser gives no type),
 * or is over 20 MB; null when it may go. The store still decides.
 */
export function precheckImage(file: { name: string; size: number; type: string }): string | null {
  const typeOk = file.type
    ? (acceptedImageTypes as readonly string[]).includes(file.type.toLowerCase())
    : acceptedExtensions.test(file.name);
  if (!typeOk) return "Not an image the store takes: choose a JPEG, PNG, WebP, GIF or AVIF picture.";
  if (file.size > maxImageBytes) return `Larger than 20 MB (${formatBytes(file.size)}): make it smaller first.`;
  if (file.size === 0) return "The file is empty.";
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/* ---------- adding by URL ---------- */

/** How many images one request may name (a sane bound for one form; the store may take more). */
export const maxImportUrls = 20;

/** A line of the "Add images by URL" box that will not be sent, and why. */
export interface RefusedLine {
  /** 1-based line number in the box. */
  line: number;
  text: string;
  reason: string;
}

export interface ParsedImageLines {
  /** What may be sent, in the order given, each once. */
  sources: string[];
  /** Lines refused before sending, each with its reason. */
  refused: RefusedLine[];
  /** A problem with the whole box (empty, too many), or null. */
  error: string | null;
}

/**
 * The images named in the "Add images by URL" box, one per line (a space
 * belongs to the line: a file in the import folder may have one in its name):
 * http(s) URLs, or image files in the store's import folder (the Store
 * Management API specification: "a list of http URIs or local file paths";
 * docs/contract.md#uploads). Blank lines and repeated lines are skipped; every
 * other line that cannot be one of those is refused with its reason, and the
 * rest may still be sent.
 */
export function parseImageLines(text: string): ParsedImageLines {
  const sources: string[] = [];
  const refused: RefusedLine[] = [];
  const seen = new Set<string>();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || seen.has(line)) return;
    seen.add(line);
    const reason = sourceProblem(line);
    if (reason) refused.push({ line: index + 1, text: line, reason });
    else sources.push(line);
  });
  if (!sources.length && !refused.length) {
    return { sources, refused, error: "Enter the address of at least one image." };
  }
  if (sources.length > maxImportUrls) {
    return { sources, refused, error: `Enter at most ${maxImportUrls} addresses at once.` };
  }
  return { sources, refused, error: null };
}

/** The first problem of the box as one sentence, or null when every line may go. */
export function parseImageSources(text: string): { sources: string[]; error: string | null } {
  const parsed = parseImageLines(text);
  const first = parsed.refused[0];
  const error = parsed.error ?? (first ? refusedLineText(first) : null);
  return { sources: error ? [] : parsed.sources, error };
}

/** “Line 2, “not a url”: not a web address…” */
export function refusedLineText(refused: RefusedLine): string {
  return `Line ${refused.line}, “${shortText(refused.text)}”: ${refused.reason}`;
}

const imageFile = /\.(jpe?g|jpe|jfif|png|webp|gif|avif)$/i;
/** "shop.example/mug.jpg": a web address without its scheme, not a folder. */
const bareHost = /^(www\.|[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?\/)/i;

/** Why one line cannot be sent, as the end of a sentence; null when it may go. */
export function sourceProblem(source: string): string | null {
  if (source.length > 2048) return "too long: an address has at most 2,048 characters.";
  if (/^[a-z][a-z0-9+.-]*:/i.test(source)) {
    // Two addresses pasted on one line, most likely; a real one writes a space as %20.
    if (/\s/.test(source)) return "a web address has no spaces: put each address on a line of its own.";
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return "not a valid web address.";
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return "not a web address: use one starting with https://.";
    }
    if (!url.hostname) return "not a valid web address.";
    if (url.username || url.password) return "it holds a user name or password, which the store does not send on.";
    return null;
  }
  if (source.startsWith("//") || bareHost.test(source)) return "this looks like a web address: start it with https://.";
  // A path in the store's import folder: no way out of it, and a picture's file name.
  if (source.split(/[\\/]/).includes("..")) return "it leaves the store's import folder.";
  if (!imageFile.test(source)) {
    return "not a web address (https://…) nor an image file in the store's import folder (such as shirts/blue.jpg).";
  }
  return null;
}

const shortText = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

/* ---------- videos ---------- */

const youtubeId = /^[A-Za-z0-9_-]{6,}$/;

/** An address as people paste it, "youtu.be/…" included: https:// when it names no scheme. */
export function withScheme(text: string): string {
  const trimmed = text.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * The host of a YouTube or Vimeo video URL in its common forms (watch, short
 * links, embeds, shorts, the player), or null. The store decides; this only
 * gives an immediate message.
 */
export function videoHost(text: string): "youtube" | "vimeo" | null {
  let url: URL;
  try {
    url = new URL(withScheme(text));
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be") return segments[0] && youtubeId.test(segments[0]) ? "youtube" : null;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const v = url.searchParams.get("v");
    if (segments[0] === "watch" && v && youtubeId.test(v)) return "youtube";
    if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "") && youtubeId.test(segments[1] ?? "")) {
      return "youtube";
    }
    return null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    return segments.some((s) => /^\d+$/.test(s)) ? "vimeo" : null;
  }
  return null;
}

/* ---------- imports under way ---------- */

/**
 * One "Add images by URL" request as the dashboard's server keeps it for the
 * session that sent it (GET /api/products/[key]/imports): the addresses sent,
 * the img_keys the store promised for them (same order), and the store's
 * report when its callback came (docs/contract.md#uploads).
 */
export interface ImageImport {
  id: string;
  sources: string[];
  ids: string[];
  /** The store took `callback_options`: it will report back when every image is done. */
  callback: boolean;
  /** The callback's `error`: the store's reason by img_key; null until the callback came. */
  report: { errors: Record<string, string> } | null;
  /** Milliseconds since the request was sent, when this was read. */
  elapsedMs: number;
}

/** What the import action answers: the import, and the lines the store refused at once (not sent). */
export interface ImportStarted {
  import: ImageImport | null;
  refused: { source: string; reason: string }[];
}
