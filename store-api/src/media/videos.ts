import { and, eq } from "drizzle-orm";
import { ConflictError, ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { productMedia } from "../db/schema/index.js";
import { IMAGE_SIZES, type ImageSize, type MediaDeps } from "./files.js";
import { loadSharp } from "./sharp.js";
import { mediaStorage } from "./storage.js";
import { insertVideoRow, type MediaItem } from "./images.js";

/**
 * Videos (docs/contract.md#uploads): a YouTube or Vimeo URL, in any of the
 * forms people paste, becomes `{id, type, url, thumb_url}`; any other host is
 * a 422. The store fetches nothing from the hosts: a video's thumbnails are
 * pictures it draws itself (the host's colour and a play sign), in the five
 * image sizes, served under /media/ like images.
 */

export type VideoType = "youtube" | "vimeo";

export interface ParsedVideo {
  type: VideoType;
  id: string;
  url: string;
}

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,20}$/;
/** The privacy hash of an unlisted Vimeo video. */
const VIMEO_HASH = /^[0-9a-f]{1,40}$/i;

function youtubeId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "youtu.be" || host === "www.youtu.be") return segments[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  // /watch?v=ID, /embed/ID, /v/ID, /e/ID, /shorts/ID, /live/ID
  if (segments[0] === "watch") return url.searchParams.get("v");
  if (["embed", "v", "e", "shorts", "live"].includes(segments[0] ?? "")) return segments[1] ?? null;
  return null;
}

/** A Vimeo video's id, and the hash that an unlisted video's URL carries (`/ID/HASH` or `?h=HASH`). */
function vimeoVideo(url: URL): { id: string; hash: string | null } | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  // player.vimeo.com/video/ID, vimeo.com/ID[/hash], /channels/NAME/ID, /groups/NAME/videos/ID,
  // /album/N/video/ID, /showcase/N/video/ID
  for (let i = 0; i < segments.length; i++) {
    if (!VIMEO_ID.test(segments[i]!)) continue;
    const before = segments[i - 1];
    if (i === 0 || before === "video" || before === "videos" || segments[i - 2] === "channels") {
      const hash = (i === 0 ? segments[1] : undefined) ?? url.searchParams.get("h");
      return { id: segments[i]!, hash: hash && VIMEO_HASH.test(hash) ? hash.toLowerCase() : null };
    }
  }
  return null;
}

/**
 * The video a URL names, or null when it is no YouTube or Vimeo video URL. A
 * missing scheme is read as https. The answer's `url` is built from the id
 * (docs/contract.md#uploads), never the text as sent: whatever else that text
 * held (a user name such as `javascript:…@`, a fragment, tracking parameters)
 * never reaches a storefront.
 */
export function parseVideoUrl(input: string): ParsedVideo | null {
  const text = input.trim();
  if (!text || text.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  // A video URL has no user name or password: `javascript:…;'@youtube.com/…` reads as one.
  if (url.username || url.password) return null;
  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt)) return { type: "youtube", id: yt, url: `https://www.youtube.com/watch?v=${yt}` };
  const vm = vimeoVideo(url);
  if (vm) return { type: "vimeo", id: vm.id, url: `https://vimeo.com/${vm.id}${vm.hash ? `/${vm.hash}` : ""}` };
  return null;
}

/**
 * A stored video's URL as it is read: rebuilt from the stored text when that
 * names the same video (a Vimeo hash is kept), else from the id alone. Rows
 * stored before URLs were rebuilt on write may hold the text as it was sent.
 */
export function storedVideoUrl(type: string, id: string, stored: string | null): string {
  const parsed = stored ? parseVideoUrl(stored) : null;
  if (parsed && parsed.type === type && parsed.id === id) return parsed.url;
  return type === "vimeo" ? `https://vimeo.com/${id}` : `https://www.youtube.com/watch?v=${id}`;
}

/** The message of a 422 for a URL that names no supported video. */
export const NOT_A_VIDEO = "must be the URL of a YouTube or Vimeo video";

/**
 * Adds a video (a YouTube or Vimeo URL) to a product, last in its order,
 * inside the caller's transaction. A URL of another host is a 422 naming
 * `video`; a video the product already has is a 409.
 */
export async function addVideo(q: Queryable, productId: number, url: string): Promise<MediaItem> {
  const video = parseVideoUrl(url);
  if (!video) throw new ValidationError({ video: NOT_A_VIDEO });
  const row = await insertVideoRow(q, productId, video);
  if (!row) {
    throw new ConflictError(`This product already has the ${video.type} video ${video.id}.`, {
      video: "is already one of this product's videos",
    });
  }
  return row;
}

/** The thumbnail file of a video in one size. */
export function videoThumbName(type: string, id: string, size: ImageSize | "{size}"): string {
  return `video-${type}-${id}-${size}.jpg`;
}

const THUMB_FILE = /^video-(youtube|vimeo)-([A-Za-z0-9_-]{11}|\d{1,20})-(tiny|small|medium|large|huge)\.jpg$/;

export function parseVideoThumbName(name: string): { type: VideoType; id: string; size: ImageSize } | null {
  const m = THUMB_FILE.exec(name);
  if (!m || (m[1] === "youtube" ? !YOUTUBE_ID.test(m[2]!) : !VIMEO_ID.test(m[2]!))) return null;
  return { type: m[1] as VideoType, id: m[2]!, size: m[3] as ImageSize };
}

/** Whether any product has this video (its thumbnails are served only then). */
export async function videoInUse(q: Queryable, type: VideoType, id: string): Promise<boolean> {
  const rows = await q
    .select({ id: productMedia.id })
    .from(productMedia)
    .where(and(eq(productMedia.kind, "video"), eq(productMedia.videoType, type), eq(productMedia.key, id)))
    .limit(1);
  return rows.length > 0;
}

const HOST_COLOURS: Record<VideoType, [string, string]> = {
  youtube: ["#2b0a0a", "#c4302b"],
  vimeo: ["#06202c", "#1ab7ea"],
};

/**
 * Makes sure a video's thumbnail in one size is in the media storage: drawn on
 * first use and kept. The picture depends only on the host and the size, so a
 * file drawn again (by two instances at once, say) is the same bytes (it is
 * served as immutable).
 */
export async function ensureVideoThumbnail(
  deps: MediaDeps,
  type: VideoType,
  id: string,
  size: ImageSize,
): Promise<void> {
  const storage = mediaStorage(deps);
  const name = videoThumbName(type, id, size);
  if (await storage.has(name)) return;
  const width = IMAGE_SIZES[size];
  const height = Math.round((width * 9) / 16);
  const [dark, light] = HOST_COLOURS[type];
  const r = height * 0.22;
  const [cx, cy] = [width / 2, height / 2];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.9"/>
<polygon points="${cx - r * 0.35},${cy - r * 0.5} ${cx - r * 0.35},${cy + r * 0.5} ${cx + r * 0.55},${cy}" fill="${light}"/>
</svg>`;
  const sharp = await loadSharp();
  await storage.put(name, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(), "image/jpeg");
}

/** Removes the cached thumbnails of videos no product has any more (after a delete committed). */
export async function removeUnusedVideoThumbs(
  q: Queryable,
  deps: MediaDeps,
  videos: { type: VideoType; id: string }[],
): Promise<void> {
  for (const v of videos) {
    if (await videoInUse(q, v.type, v.id)) continue;
    await mediaStorage(deps).remove(
      (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) => videoThumbName(v.type, v.id, size)),
    );
  }
}
