import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BodySettings } from "../config.js";
import { Budget, type Bucket } from "../limits/budget.js";
import { UPLOAD_BODY_BYTES } from "./bodies.js";
import { ApiError } from "./errors.js";

/**
 * Request bodies while they arrive (docs/architecture.md#bodies-in-flight):
 * every body the store reads, in every scope (the API's JSON, form and
 * multipart bodies, the upload, the OAuth endpoints' and the pages' forms),
 * passes here once, in a root preParsing hook, after every scope's onRequest
 * (the API's token check has run) and before any reader takes a byte.
 *
 * - **Time.** A body that sends nothing for `idleTimeoutMs` while the store
 *   waits for it, or is not whole `deadlineMs` after the store began on it, is
 *   cut off: 408 request_timeout, and the connection is closed
 *   (api/bodies.ts: closeUnreadBodies). The store only counts the time it has
 *   room for more: while a reader has not taken what came (a route busy before
 *   it reads its upload), the idle clock stands still.
 * - **Bytes.** The bytes of bodies in flight are bounded per token (per client
 *   address without one; those together also to a quarter of the process's) and
 *   per process. A body with a Content-Length holds it (at most the largest body
 *   any route takes) before a byte is read; a chunked one holds what arrived,
 *   in steps, counted as it comes. Past either bound, 503
 *   temporarily_unavailable with Retry-After: before reading, or (chunked) as
 *   soon as the step does not fit. The bytes are given back when the answer is
 *   done or the connection is gone, whichever comes first.
 *
 * A cut-off reaches the reader as its body's error (Fastify's parsers and
 * @fastify/multipart listen for one), so the reader's scope answers it in its
 * own error model; a body no reader has started on yet is closed instead.
 */

/** Seconds a request refused for the bytes in flight is told to wait (Retry-After). */
export const BODIES_RETRY_AFTER_SECONDS = 5;

/** A chunked body holds its bytes in steps of this many (and this many before its first byte). */
const CHUNKED_STEP = 64 * 1024;

/** How long a cut-off body's reader has to answer before the connection is closed without an answer. */
const ANSWER_GRACE_MS = 2000;

/** 408: the body stopped coming, or took too long in all. */
export class RequestTimeoutError extends ApiError {
  constructor(description: string) {
    super(408, "request_timeout", description);
  }
}

type Whose = "token" | "address" | "unauthenticated" | "process";

/** 503: too many bytes of bodies are in flight (this token's or the whole store's); nothing was read or changed. */
export class BodiesBusyError extends ApiError {
  constructor(whose: Whose) {
    const who = {
      token:
        "This access token is already sending as many bytes of request bodies as the store reads for one token at once",
      address:
        "Requests from this address are already sending as many bytes of request bodies as the store reads for one at once",
      unauthenticated:
        "Requests without an access token are already sending as many bytes of bodies as the store reads for them at once",
      process: "The store is reading as many bytes of request bodies as it takes at once",
    }[whose];
    super(
      503,
      "temporarily_unavailable",
      `${who}; nothing was changed. Send it again in ${BODIES_RETRY_AFTER_SECONDS} s.`,
      undefined,
      { "retry-after": String(BODIES_RETRY_AFTER_SECONDS) },
    );
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The bytes of request bodies in flight, by bucket (src/api/body-guard.ts). */
    bodyBudget: Budget;
  }
}

const PROCESS = "process" as const;
const UNAUTHENTICATED = "unauthenticated" as const;

/** Whether the request has a body the store may read (Fastify reads none on GET and HEAD). */
function hasBody(request: FastifyRequest): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const { "content-length": length, "transfer-encoding": encoding } = request.headers;
  return encoding !== undefined || (length !== undefined && length !== "0");
}

/** The buckets a request's body draws on: the process's, and its token's (or its address's). */
function bucketsOf(request: FastifyRequest, settings: BodySettings): { buckets: Bucket[]; whose: "token" | "address" } {
  const whole = { key: PROCESS, limit: settings.perProcess };
  // request.auth is set by the API's onRequest (api-v1/plugin.ts), which has run: a request without a valid token
  // was answered 401 before its body. Outside the API (OAuth endpoints, pages) there is no token.
  const grant = request.auth?.grantId;
  if (grant !== undefined)
    return { buckets: [whole, { key: `grant:${grant}`, limit: settings.perToken }], whose: "token" };
  return {
    buckets: [
      whole,
      { key: UNAUTHENTICATED, limit: Math.max(1, Math.floor(settings.perProcess / 4)) },
      { key: `address:${request.ip}`, limit: settings.perToken },
    ],
    whose: "address",
  };
}

function busy(bucket: Bucket, whose: "token" | "address") {
  return new BodiesBusyError(bucket.key === PROCESS || bucket.key === UNAUTHENTICATED ? bucket.key : whose);
}

/** Registers the guard on the root, before the scopes (their routes inherit its hook). */
export function guardBodies(app: FastifyInstance) {
  const budget = new Budget();
  app.decorate("bodyBudget", budget);
  app.addHook("preParsing", async (request, reply, payload) => {
    if (request.is404 || !hasBody(request)) return payload;
    watchBody(request, reply, budget, app.config.bodies);
    return payload;
  });
}

function watchBody(request: FastifyRequest, reply: FastifyReply, budget: Budget, settings: BodySettings) {
  const raw = request.raw;
  const { buckets, whose } = bucketsOf(request, settings);
  const holding = budget.open(buckets);
  const length = Number(request.headers["content-length"]);
  const chunked = request.headers["transfer-encoding"] !== undefined || !(length >= 0);
  // A declared length over the largest body any route takes is refused by its reader before it reads a byte.
  const full = holding.grow(chunked ? Math.max(CHUNKED_STEP, raw.readableLength) : Math.min(length, UPLOAD_BODY_BYTES));
  if (full) {
    holding.release();
    throw busy(full, whose);
  }

  let done = false;
  let arrived = raw.readableLength;
  let lastArrival = performance.now();
  const push = raw.push;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(idle);
    clearTimeout(deadline);
    raw.push = push;
  };
  const release = () => {
    finish();
    holding.release();
  };
  // Given back when the answer is done, or the connection gone before it (the request was aborted).
  reply.raw.once("close", release);
  raw.once("close", () => {
    if (!raw.complete) release();
  });

  /** Ends the body with `err`: its reader answers it; without one, the connection is closed. */
  const cutOff = (err: ApiError) => {
    finish();
    if (raw.complete || reply.sent || raw.destroyed) return;
    request.log.info({ status: err.status, bytes: arrived }, `request body cut off: ${err.message}`);
    if (raw.listenerCount("error") === 0) {
      raw.destroy();
      return;
    }
    raw.emit("error", err);
    setTimeout(() => {
      if (!reply.sent) raw.destroy();
    }, ANSWER_GRACE_MS).unref();
  };

  // Node's HTTP parser hands each piece of the body to push() as it comes off the socket, whether or
  // not a reader has started: counting there sees every byte once, and takes nothing from the reader.
  raw.push = function (chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) {
      finish();
    } else if (chunk !== undefined && !done) {
      arrived += (chunk as Buffer).length;
      lastArrival = performance.now();
      if (chunked && arrived > holding.bytes) {
        const step = Math.ceil((arrived - holding.bytes) / CHUNKED_STEP) * CHUNKED_STEP;
        const refused = holding.grow(step);
        if (refused) process.nextTick(cutOff, busy(refused, whose));
      }
    }
    return push.call(this, chunk, encoding);
  };

  const checkIdle = () => {
    if (done) return;
    const now = performance.now();
    // The reader has not taken what came (Node stopped reading the socket): the wait is the store's.
    if (raw.readableLength >= raw.readableHighWaterMark) lastArrival = now;
    const quiet = now - lastArrival;
    if (quiet < settings.idleTimeoutMs) {
      idle = setTimeout(checkIdle, settings.idleTimeoutMs - quiet);
      idle.unref();
      return;
    }
    cutOff(
      new RequestTimeoutError(
        `The request body stopped coming: nothing arrived for ${seconds(settings.idleTimeoutMs)}, so the store stopped waiting. Nothing was changed.`,
      ),
    );
  };
  let idle = setTimeout(checkIdle, settings.idleTimeoutMs);
  idle.unref();
  const deadline = setTimeout(() => {
    cutOff(
      new RequestTimeoutError(
        `The request body took longer than ${seconds(settings.deadlineMs)} to arrive, the most the store waits for one. Nothing was changed.`,
      ),
    );
  }, settings.deadlineMs);
  deadline.unref();
  if (raw.complete) finish();
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
