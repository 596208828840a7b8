import { once } from "node:events";
import fs from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import {
  countBodyBytes,
  PayloadTooLargeError,
  stopReading,
  UPLOAD_BODY_BYTES,
  UPLOAD_FIELDS_TOTAL,
  UPLOAD_LIMITS,
} from "../api/bodies.js";
import { ApiError, InvalidRequestError, UnsupportedMediaTypeError } from "../api/errors.js";
import { MAX_IMAGE_BYTES, type MediaDeps, removeTmp, tmpFile } from "./files.js";
import { detectImageType, HEAD_BYTES, NOT_AN_IMAGE } from "./render.js";

/**
 * The single image upload's body (docs/contract.md#uploads): multipart, one
 * file part named `image`, streamed to a temporary file as it arrives (never
 * held whole in memory). The upload is refused as soon as it is known to be
 * wrong, without reading the rest (src/api/bodies.ts then closes the
 * connection): 413 once 20 MB is crossed (or at once when Content-Length says
 * so), or once its text fields come to more than 64 KB in all, 415 once its
 * first bytes show it is not an image.
 */

const tooLarge = () =>
  new PayloadTooLargeError(`The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the most the store takes.`);

export interface ImageUpload {
  /** Text fields, a repeated one as a list (as in URL-encoded forms). */
  fields: Record<string, unknown>;
  /** The temporary file holding `image`, or null when none was sent; remove it when done. */
  file: string | null;
}

/** Passes bytes on, refusing the stream as soon as its first bytes are not an image's. */
function imageCheck(): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= HEAD_BYTES) {
          checked = true;
          if (!detectImageType(head)) return done(new UnsupportedMediaTypeError(NOT_AN_IMAGE));
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (!checked && !detectImageType(head)) return done(new UnsupportedMediaTypeError(NOT_AN_IMAGE));
      done();
    },
  });
}

/** Reads a multipart upload: its text fields, and the `image` file into a temporary file. */
export async function readImageUpload(request: FastifyRequest, deps: MediaDeps): Promise<ImageUpload> {
  // The image, the text fields beside it and the parts' headers.
  const limit = UPLOAD_BODY_BYTES;
  if (Number(request.headers["content-length"]) > limit) throw tooLarge();
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let file: string | null = null;
  let out: fs.WriteStream | undefined;
  let fieldBytes = 0;
  // Starting the iterator pipes the request into busboy; the whole body is counted from then on, so
  // that text fields cannot pile up past the limit on a body without a Content-Length (chunked).
  const parts = request.parts({ limits: UPLOAD_LIMITS })[Symbol.asyncIterator]();
  let next = parts.next();
  const count = countBodyBytes(request, limit, tooLarge);
  try {
    for (;;) {
      const { value: part, done } = await Promise.race([next, count.exceeded]);
      if (done) break;
      if (part.type === "field") {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new PayloadTooLargeError(
            `A text field of the upload is over ${UPLOAD_LIMITS.fieldSize / 1024} KB, the most the store takes.`,
          );
        }
        // Each field is within its size; together they are held too, so they are bounded together.
        fieldBytes +=
          Buffer.byteLength(part.fieldname) +
          Buffer.byteLength(typeof part.value === "string" ? part.value : JSON.stringify(part.value ?? ""));
        if (fieldBytes > UPLOAD_FIELDS_TOTAL) {
          throw new PayloadTooLargeError(
            `The upload's text fields come to more than ${UPLOAD_FIELDS_TOTAL / 1024} KB in all, the most the store takes ` +
              "in a multipart upload (send a long images list as JSON or URL-encoded instead).",
          );
        }
        const current = fields[part.fieldname];
        if (current === undefined) fields[part.fieldname] = part.value;
        else if (Array.isArray(current)) current.push(part.value);
        else fields[part.fieldname] = [current, part.value];
        next = parts.next();
        continue;
      }
      if (part.fieldname !== "image") {
        throw new InvalidRequestError(
          `Send the file as the field image (not ${part.fieldname || "an unnamed field"}).`,
        );
      }
      if (file) throw new InvalidRequestError("Send one file per request.");
      file = await tmpFile(deps);
      // busboy stops the file at the size limit and says so: refuse there, reading nothing more.
      part.file.once("limit", () => part.file.destroy(tooLarge()));
      out = fs.createWriteStream(file);
      const written = pipeline(part.file, imageCheck(), out);
      // A body over the limit ends the file too (its pipeline then fails and is awaited below).
      count.exceeded.catch((err: unknown) => part.file.destroy(err as Error));
      await written;
      next = parts.next();
    }
  } catch (err) {
    stopReading(request);
    // A part still awaited when the limit won the race is nobody's concern now.
    next.catch(() => undefined);
    // A refused file's stream may still be opening its file when the pipeline fails: removed
    // before that, the file would appear after it and stay in tmp/.
    if (out && !out.closed) await once(out, "close").catch(() => undefined);
    await removeTmp(file ?? undefined);
    throw uploadError(err);
  } finally {
    count.stop();
  }
  return { fields, file };
}

/** What a multipart failure means in the error model (docs/contract.md#errors). */
function uploadError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = err as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (e.code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (e.code === "FST_FILES_LIMIT_REACHED") return new InvalidRequestError("Send one file per request.");
  if (e.statusCode === 413) return new PayloadTooLargeError("The multipart body has too many parts or fields.");
  const detail = typeof e.message === "string" && e.message ? ` (${e.message})` : "";
  return new InvalidRequestError(`The multipart/form-data body is malformed${detail}.`);
}
