import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { ApiError, DatabaseBusyError, DatabaseUnavailableError } from "./errors.js";
import { redactUrl } from "../logging/logger.js";
import { isDatabaseUnreachable } from "../db/outage.js";
import { databaseWorkOf } from "./database-work.js";

const STATUS_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "invalid_token",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
};

/** The error model's code for a status (framework errors carry only a status). */
export function statusCode(status: number): string {
  return STATUS_CODES[status] ?? "invalid_request";
}

function databaseCode(err: FastifyError): string | undefined {
  if (err.code) return err.code;
  const cause: unknown = err.cause;
  return typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string"
    ? cause.code
    : undefined;
}

/** A write that sent a COMMIT (a read's COMMIT ends a read-only transaction: it changed nothing). */
function mayHaveWritten(request: FastifyRequest | undefined): boolean {
  if (!request || request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  return databaseWorkOf(request)?.commitSent === true;
}

/**
 * Maps anything thrown to the error model: ApiError as it is, framework and
 * database errors by what they mean; null for a fault of the server (a 500).
 * A database that cannot be reached is a 503 whose sentence says what the
 * request did: nothing, or (a COMMIT was sent) maybe its change.
 */
export function toApiError(err: FastifyError, request?: FastifyRequest): ApiError | null {
  if (err instanceof ApiError) return err;
  // Refused before a connection was taken (limits/pool-shares.ts); Drizzle wraps what its query threw.
  if (err.cause instanceof DatabaseBusyError) return err.cause;
  if (isDatabaseUnreachable(err))
    return new DatabaseUnavailableError(mayHaveWritten(request) ? "unknown" : "unchanged");
  const dbCode = databaseCode(err);
  // A unique index caught a race the handler's own check missed.
  if (dbCode === "23505") return new ApiError(409, "conflict", "That value is already taken.");
  // PostgreSQL text cannot hold NUL (22021) or an unpaired surrogate (22P05): bad input, not a server fault.
  if (dbCode === "22021" || dbCode === "22P05")
    return new ApiError(400, "invalid_request", "Text fields must not contain NUL or invalid characters.");
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  const description =
    status === 413
      ? "The request body or upload is larger than the store accepts (uploads: 20 MB each)."
      : status === 415
        ? "Send form fields (application/x-www-form-urlencoded or multipart/form-data) or JSON."
        : err.message || "The request is malformed.";
  return new ApiError(status, statusCode(status), description);
}

/** The JSON error model's handler (docs/contract.md#errors): the API's, and the root's for everything else. */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const mapped = toApiError(error, request);
  if (mapped instanceof DatabaseUnavailableError)
    request.log.warn({ err: error, outcome: mapped.outcome }, "the database cannot be reached");
  // A 503 that says why (e.g. the media storage refused a write, media/render.ts): the client reads a
  // sentence, the operator needs the cause.
  else if (mapped && mapped.status >= 500 && mapped.cause !== undefined)
    request.log.error({ err: mapped.cause }, `answered ${mapped.status}: ${mapped.message}`);
  if (!mapped) {
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({
      error: "server_error",
      error_description: `The store hit an unexpected error; it is logged as request ${request.id}.`,
    });
  }
  return reply.status(mapped.status).headers(mapped.headers).send(mapped.toJSON());
}

/** "Nothing is at GET /path", without the query (it may hold secrets). */
export function nothingAt(request: FastifyRequest): string {
  return `Nothing is at ${request.method} ${redactUrl(request.url.split("?")[0] ?? "")}.`;
}

/**
 * Errors the router raises before any route (a malformed %-escape in the path,
 * an over-long path parameter) answer in the error model too.
 */
export const frameworkErrors: FastifyServerOptions["frameworkErrors"] = (error, request, reply) => {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 404 : (error.statusCode ?? 400);
  const description = status === 404 ? nothingAt(request) : error.message;
  // The reply's type is generic over a route that does not exist yet; this one answers JSON without a schema.
  (reply as FastifyReply)
    .header("x-request-id", request.id)
    .status(status)
    .send({ error: statusCode(status), error_description: description });
};
