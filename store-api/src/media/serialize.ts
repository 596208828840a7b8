import { type ImageSize, mediaUrl, SIZE_NAMES } from "./files.js";
import type { MediaItem } from "./images.js";
import { storedVideoUrl, videoThumbName } from "./videos.js";

/** The Image object: five URIs by size (img_key is the file name without `-{size}.{ext}`). */
export type ImageObject = Record<ImageSize, string>;

export function imageFromFiles(mediaBase: string, files: Partial<Record<ImageSize, string>>): ImageObject {
  return Object.fromEntries(SIZE_NAMES.map((size) => [size, mediaUrl(mediaBase, files[size] ?? "")])) as ImageObject;
}

export function serializeImage(item: MediaItem, mediaBase: string): ImageObject {
  return imageFromFiles(mediaBase, item.files);
}

/** A video as a Product lists it: its thumbnails, size-keyed like an Image. */
export function serializeVideoThumbs(item: MediaItem, mediaBase: string): ImageObject {
  return Object.fromEntries(
    SIZE_NAMES.map((size) => [size, mediaUrl(mediaBase, videoThumbName(item.videoType ?? "", item.key, size))]),
  ) as ImageObject;
}

/** The Video object: `thumb_url` is the thumbnails' URL with `{size}` for one of the five sizes. */
export function serializeVideo(item: MediaItem, mediaBase: string) {
  return {
    id: item.key,
    type: item.videoType as "youtube" | "vimeo",
    url: storedVideoUrl(item.videoType ?? "", item.key, item.videoUrl),
    thumb_url: mediaUrl(mediaBase, videoThumbName(item.videoType ?? "", item.key, "{size}")),
    order: item.order,
  };
}

/** An image as the images sub-resource answers it: the Image object and, as an extension, its `order`. */
export function serializeImageWithOrder(item: MediaItem, mediaBase: string) {
  return { ...serializeImage(item, mediaBase), order: item.order };
}
