import type { Upload } from "../media/upload-queue";

/**
 * The next of a new product's chosen images to send: the first one not yet
 * uploaded, when it is waiting. One at a time and a failed one holds the
 * rest, because the store puts each image it receives last: the images keep
 * the order they were chosen in.
 */
export function nextInOrder(uploads: readonly Upload[]): Upload | null {
  const first = uploads.find((u) => u.status !== "done");
  return first?.status === "waiting" ? first : null;
}
