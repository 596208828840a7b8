import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, InvalidRequestError } from "./errors.js";

/**
 * Request bodies: how much each scope reads, and what happens past it.
 *
 * - A body over a limit is refused as soon as the limit is crossed: 413
 *   payload_too_large (docs/contract.md#errors), without reading the rest, and
 *   the connection is closed (Connection: close) so the client stops sending.
 * - A malformed body is a 400 invalid_request, never a 5xx; it reaches no
 *   handler, so it changes nothing.
 * - Every body's bytes are counted as they arrive, whatever the framing
 *   (Content-Length, chunked): Fastify's parsers do it for URL-encoded and
 *   JSON bodies (the route's bodyLimit), countBodyBytes for multipart, which
 *   busboy reads from the raw request.
 * - Multipart is read as a stream (busboy, through @fastify/multipart) and
 *   bounded four ways: total bytes, number of fields, size of each field,
 *   number of parts. A file part is refused as soon as its headers arrive,
 *   except by the image upload route (docs/contract.md#uploads), which opts in
 *   with `config: { streamsFiles: true }` and reads its parts itself
 *   (media/upload.ts: `UPLOAD_LIMITS`, its whole body counted the same way),
 *   piping the file onwards without buffering it whole.
 * - How long a body may take, and how many bytes of bodies may be in flight
 *   at once (per token, per process), is bounded for every body in one place:
 *   api/body-guard.ts.
 */

export interface BodyLimits {
  /** Bytes of the whole body, in every encoding. */
  total: number;
  /** Multipart: text fields, parts (fields and files) and bytes per field. */
  fields: number;
  parts: number;
  fieldSize: number;
}

/**
 * /api/v1: room for a large write (a JSON list of products in one field), and
 * for the `line_N_…` fields of a long order.
 */
export const API_BODY_LIMITS: BodyLimits = {
  total: 10 * 1024 * 1024,
  fields: 1000,
  parts: 1000,
  fieldSize: 10 * 1024 * 1024,
};

/** The OAuth token and revocation endpoints: a few short parameters. */
export const OAUTH_BODY_LIMITS: BodyLimits = { total: 64 * 1024, fields: 50, parts: 50, fieldSize: 64 * 1024 };

/** Uploads: up to 20 MB each (docs/contract.md#uploads), one file per request. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * An upload's multipart limits: one file, and beside it a few short text
 * fields (`images`, `callback_options`), 64 KB each and in all
 * (UPLOAD_FIELDS_TOTAL). The whole body is counted as well (media/upload.ts).
 */
export const UPLOAD_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 20,
  parts: 21,
  fieldSize: 64 * 1024,
};

/**
 * An upload's text fields in all (names and values): they are held in memory
 * while the file streams on, so they are counted together, not only each
 * (media/upload.ts). A multiple upload's `images` list longer than this goes as
 * JSON or URL-encoded instead.
 */
export const UPLOAD_FIELDS_TOTAL = 64 * 1024;

/** The largest body any route reads: an upload, its text fields and the parts' headers. */
export const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + UPLOAD_FIELDS_TOTAL + 16 * 1024;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads its multipart body itself, files included (see the note above). */
    streamsFiles?: boolean;
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(message = "The request body is larger than the store accepts.") {
    super(413, "payload_too_large", message);
  }
}

/**
 * How long a refused upload's connection stays half-closed before it is
 * dropped. Closing a socket whose client is still sending makes the kernel
 * answer with a reset, and a client busy writing then loses the response it
 * has not read yet (RFC 9112 §9.6, "tear-down"); so the store sends its answer
 * and a FIN, stops reading, and closes only after this grace.
 */
const LINGER_MS = 2000;

/** Stops reading a request whose body is refused (the response then closes the connection). */
export function stopReading(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.pause();
}

/**
 * Closes the connection after any response sent before its request's body has
 * fully arrived (an error before or while reading it): Node would otherwise
 * read the rest to keep the connection alive, however large it is. Register on
 * the root, before the scopes.
 */
export function closeUnreadBodies(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    if (request.raw.complete) return;
    reply.header("connection", "close");
    stopReading(request);
    // Node ends a "Connection: close" response with socket.destroySoon(): end, then destroy at once.
    const socket = request.raw.socket;
    socket.destroySoon = () => {
      socket.end();
      setTimeout(() => socket.destroy(), LINGER_MS).unref();
    };
  });
}

type Fields = Record<string, unknown>;

function addField(fields: Fields, name: string, value: unknown) {
  const current = fields[name];
  if (current === undefined) fields[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else fields[name] = [current, value];
}

/** What a multipart failure means in the error model: a limit (413) or a malformed body (400). */
function multipartError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (status === 413) {
    const what = (err as { code?: unknown }).code === "FST_FIELDS_LIMIT" ? "fields" : "parts";
    return new PayloadTooLargeError(`The multipart body has too many ${what}.`);
  }
  const detail = err instanceof Error && err.message ? ` (${err.message})` : "";
  return new InvalidRequestError(`The multipart/form-data body is malformed${detail}.`);
}

/**
 * Counts a request body's bytes as they arrive, whatever its framing (a
 * Content-Length, chunked, or none): `exceeded` rejects with `tooLarge()` as
 * soon as more than `limit` bytes came in. Node counts and buffers nothing by
 * itself, and a chunked body has no length to check up front. Call it once
 * the body is flowing (after its reader started piping it): a 'data' listener
 * on a stream that is not flowing yet would start it before the reader is there.
 * Race every read against `exceeded`, and call `stop()` when done.
 */
export function countBodyBytes(
  request: FastifyRequest,
  limit: number,
  tooLarge: () => ApiError,
): { exceeded: Promise<never>; stop: () => void } {
  let received = 0;
  let onData: (chunk: Buffer) => void = () => {};
  const exceeded = new Promise<never>((_, reject) => {
    onData = (chunk) => {
      received += chunk.length;
      if (received > limit) reject(tooLarge());
    };
  });
  // Raced by the reader while it reads; past that, a late crossing is nobody's concern.
  exceeded.catch(() => undefined);
  request.raw.on("data", onData);
  return { exceeded, stop: () => request.raw.off("data", onData) };
}

/**
 * Reads a multipart body into form fields (a repeated field becomes a list, as
 * in URL-encoded forms), counting every byte as it arrives so that a body over
 * the limit stops being read at once.
 */
async function readMultipart(request: FastifyRequest, limits: BodyLimits): Promise<Fields> {
  const length = Number(request.headers["content-length"]);
  if (length > limits.total) throw new PayloadTooLargeError();

  const fields: Fields = Object.create(null) as Fields;
  // Starting the iterator pipes the request into busboy; count bytes only after that.
  const parts = request.parts()[Symbol.asyncIterator]();
  let next = parts.next();
  const count = countBodyBytes(request, limits.total, () => new PayloadTooLargeError());
  try {
    for (;;) {
      // Whichever comes first: the next part, or the byte count crossing the limit.
      const { value: part, done } = await Promise.race([next, count.exceeded]);
      if (done) return fields;
      if (part.type === "file") {
        throw new InvalidRequestError(
          `This request takes no files: send ${part.fieldname || "each field"} as a text field, not a file.`,
        );
      }
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new PayloadTooLargeError(`A multipart field is over ${limits.fieldSize} bytes.`);
      }
      addField(fields, part.fieldname, part.value);
      next = parts.next();
    }
  } catch (err) {
    stopReading(request);
    // A part still awaited when the limit won the race is nobody's concern now.
    next.catch(() => undefined);
    throw multipartError(err);
  } finally {
    count.stop();
  }
}

/**
 * Registers a scope's form parsers (URL-encoded and multipart) with its limits,
 * and caps the body of every other encoding the scope parses (JSON, text) at
 * the same total.
 */
export async function acceptForms(scope: FastifyInstance, limits: BodyLimits) {
  await scope.register(formbody, { bodyLimit: limits.total });
  // Streaming mode (no attachFieldsToBody): the hook below reads the parts, so
  // the limits and errors are ours. busboy itself stops a field at fieldSize,
  // and counts fields and parts; files: 1 lets the first file part through to
  // be refused by name rather than with busboy's generic files limit.
  await scope.register(multipart, {
    limits: {
      fields: limits.fields,
      parts: limits.parts,
      fieldSize: limits.fieldSize,
      files: 1,
      fileSize: MAX_UPLOAD_BYTES,
      headerPairs: 20,
    },
  });

  scope.addHook("onRoute", (route) => {
    route.bodyLimit ??= limits.total;
  });

  scope.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.isMultipart() || request.routeOptions.config.streamsFiles) return;
    // A route without a body schema takes no body: answer without reading it.
    if (!request.routeOptions.schema?.body) return;
    try {
      request.body = await readMultipart(request, limits);
    } catch (err) {
      reply.header("connection", "close");
      throw err;
    }
  });
}
