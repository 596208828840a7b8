import "server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import {
  StoreApiError,
  StoreOutcomeUnknownError,
  StoreResponseError,
  StoreRequestCancelledError,
  StoreUnreachableError,
  neverReachedStore,
  errorFromResponse,
  type StoreErrorContext,
} from "./errors";
import { JsonStreamError } from "./json-stream";

// Nothing is re-exported from here: a module that needs the error classes
// imports ./errors, so that reaching for them never drags this (server-only)
// HTTP client along.

/** A form field value; lists and dictionaries travel as JSON strings (spec). */
export type FormValue =
  string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface StoreRequest<T> extends StoreErrorContext {
  method?: HttpMethod;
  /** Path under the store's base address, e.g. `/api/v1/users`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  form?: Record<string, FormValue>;
  /**
   * A body streamed on as it comes (a file upload), instead of `form`. It can
   * be sent only once, so a 429 is not retried.
   */
  upload?: { stream: ReadableStream<Uint8Array>; contentType: string };
  /** Longer than the client's default for an upload of a large file. */
  timeoutMs?: number;
  schema: z.ZodType<T>;
  /**
   * Cache tags of a read (declared beside the resource's calls, e.g.
   * `userTags`). Reads stay `no-store`: they act for one user and are never
   * shared. The tags name what a write's `invalidates` makes stale
   * (docs/architecture.md).
   */
  tags?: readonly string[];
  /**
   * Makes the answer's bytes smaller before they are decoded and parsed, to
   * the same values as far as `schema` reads them (a large list whose items
   * repeat big objects: lib/store/json-members.ts).
   */
  compact?: (bytes: Buffer) => Buffer;
}

export interface StoreClientOptions {
  baseUrl: string;
  accessToken: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** How often a 429 is retried before giving up. */
  maxRetries?: number;
  /** The longest Retry-After we are willing to sit through, in ms. */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
  /**
   * Told of every 403 the store answers (lib/session.ts marks the session's
   * permissions for a re-read: they may have changed since sign-in).
   */
  onForbidden?: () => void;
  /**
   * The signal of the request being answered (a route handler's
   * `request.signal`): once it aborts (the browser went away), every request
   * of this client stops, a body being read included (lib/route-handler.ts).
   */
  signal?: AbortSignal | undefined;
}

/** The RequestInit of a streamed body (not in every RequestInit type yet). */
const halfDuplex = { duplex: "half" } as const satisfies Record<string, unknown>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Encodes form fields the way the spec asks: structured values as JSON strings. */
export function encodeForm(fields: Record<string, FormValue>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) body.append(key, "");
    else if (typeof value === "object") body.append(key, JSON.stringify(value));
    else body.append(key, String(value));
  }
  return body;
}

/** Retry-After is either seconds or an HTTP date (RFC 9110). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The one way to the Store API: bearer token, form bodies, zod-checked
 * answers, errors as StoreApiError subclasses, 429s waited out.
 */
export class StoreClient {
  readonly baseUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #maxRetries: number;
  readonly #maxRetryWaitMs: number;
  readonly #timeoutMs: number;
  readonly #onForbidden: (() => void) | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #options: StoreClientOptions;

  constructor(options: StoreClientOptions) {
    this.#options = options;
    this.#signal = options.signal;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#token = options.accessToken;
    this.#fetch = options.fetch ?? fetch;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#maxRetries = options.maxRetries ?? 3;
    this.#maxRetryWaitMs = options.maxRetryWaitMs ?? 10_000;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#onForbidden = options.onForbidden;
  }

  /**
   * Names the store and the token (a hash: never the token itself), for what
   * the dashboard remembers of one user's reads (lib/store/coupons/api-lookup.ts).
   */
  get cacheScope(): string {
    return createHash("sha256").update(`${this.baseUrl}\n${this.#token}`).digest("base64url");
  }

  /** The same client, stopped when `signal` aborts (the request it answers went away). */
  withSignal(signal: AbortSignal): StoreClient {
    return new StoreClient({ ...this.#options, signal });
  }

  /** The same client, bound to no request: for work that outlives it (the catalogue copy's revalidation). */
  detached(): StoreClient {
    return new StoreClient({ ...this.#options, signal: undefined, onForbidden: undefined });
  }

  /** What ends a request of this client: its time limit, or the signal of the request it answers. */
  #deadline(timeoutMs: number): AbortSignal {
    const timeout = AbortSignal.timeout(timeoutMs);
    return this.#signal ? AbortSignal.any([timeout, this.#signal]) : timeout;
  }

  async request<T>(request: StoreRequest<T>): Promise<T> {
    return (await this.requestWithHeaders(request)).data;
  }

  async requestWithHeaders<T>(request: StoreRequest<T>): Promise<{ data: T; headers: Headers }> {
    const { response, lost } = await this.#answer(request);
    let text: string;
    try {
      if (request.compact) {
        text = request.compact(Buffer.from(await response.arrayBuffer())).toString("utf8");
        // As response.text() does: a byte order mark is not part of the text.
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      } else {
        text = await response.text();
      }
    } catch (error) {
      // The connection dropped half-way through the answer.
      throw lost(error);
    }
    return {
      data: parseBody(text, request.schema, request.method ?? "GET", request.path),
      headers: response.headers,
    };
  }

  /**
   * A request whose answer is read as it arrives rather than whole: for
   * answers too large to hold (the coupons, each with up to 100,000 codes).
   * The same token, retries, timeout and errors as `request`; the body comes
   * as text chunks (`body.chunks`, read once). A dropped connection while
   * they come throws what `request` would; `body.failure` turns what the
   * reader could not read (malformed JSON, a zod failure) into the same "could
   * not read" error. `cancel` stops the download.
   */
  async requestBody(request: Omit<StoreRequest<unknown>, "schema" | "upload">): Promise<StoreBody> {
    const method = request.method ?? "GET";
    const { response, lost } = await this.#answer(request);
    const body = response.body;
    async function* chunks(): AsyncGenerator<string> {
      if (!body) return;
      const reader = body.getReader();
      // Bytes to text as they come: a character split between two chunks is joined again.
      const decoder = new TextDecoder();
      let ended = false;
      try {
        for (;;) {
          let next: ReadableStreamReadResult<Uint8Array>;
          try {
            next = await reader.read();
          } catch (error) {
            ended = true;
            // The connection dropped (or the time ran out) half-way through the answer.
            throw lost(error);
          }
          if (next.done) break;
          const text = decoder.decode(next.value, { stream: true });
          if (text) yield text;
        }
        ended = true;
        const rest = decoder.decode();
        if (rest) yield rest;
      } finally {
        // A reader that stopped early: the rest is not downloaded.
        if (!ended) await reader.cancel().catch(() => {});
        reader.releaseLock();
      }
    }
    return {
      headers: response.headers,
      chunks: chunks(),
      failure: (error) => readFailure(error, method, request.path),
      cancel: async () => {
        await response.body?.cancel().catch(() => {});
      },
    };
  }

  /**
   * `requestBody`, read by `read` (which gets the text chunks and returns
   * what is kept of them): what it throws becomes a StoreApiError, and the
   * download stops there.
   */
  async requestStream<T>(
    request: Omit<StoreRequest<unknown>, "schema" | "upload">,
    read: (chunks: AsyncIterable<string>) => Promise<T>,
  ): Promise<T> {
    const body = await this.requestBody(request);
    try {
      return await read(body.chunks);
    } catch (error) {
      await body.cancel();
      throw body.failure(error);
    }
  }

  /** Sends the request (429s waited out) and resolves with a successful response; errors as StoreApiError. */
  async #answer(
    request: Omit<StoreRequest<unknown>, "schema">,
  ): Promise<{ response: Response; lost: (error: unknown) => StoreApiError }> {
    const method = request.method ?? "GET";
    const url = new URL(this.baseUrl + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const context: StoreErrorContext = {
      scope: request.scope ?? "admin",
      permission: request.permission,
      resource: request.resource,
      id: request.id,
    };
    // A write that was sent but never answered may have happened.
    const lost = (error: unknown) =>
      method === "GET" && this.#signal?.aborted
        ? new StoreRequestCancelledError()
        : method !== "GET" && !neverReachedStore(error)
          ? new StoreOutcomeUnknownError(this.baseUrl, error)
          : new StoreUnreachableError(this.baseUrl, error);

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.#fetch(url, {
          method,
          headers: {
            Authorization: `Bearer ${this.#token}`,
            Accept: "application/json",
            ...(request.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
            ...(request.upload ? { "Content-Type": request.upload.contentType } : {}),
          },
          body: request.upload ? request.upload.stream : request.form ? encodeForm(request.form).toString() : undefined,
          // fetch sends a stream body only in half-duplex mode.
          ...(request.upload ? halfDuplex : {}),
          cache: "no-store",
          ...(request.tags?.length ? { next: { tags: [...request.tags] } } : {}),
          redirect: "manual",
          signal: this.#deadline(request.timeoutMs ?? this.#timeoutMs),
        });
      } catch (error) {
        throw lost(error);
      }

      if (response.status === 429 && attempt < this.#maxRetries && !request.upload) {
        await response.body?.cancel();
        const wait = retryAfterMs(response.headers.get("retry-after")) ?? 1000 * 2 ** attempt;
        await this.#sleep(Math.min(Math.max(wait, 100), this.#maxRetryWaitMs));
        // Nobody waits for the answer any more: no retry.
        if (this.#signal?.aborted) throw lost(this.#signal.reason);
        continue;
      }

      if (!response.ok) {
        if (response.status === 403) this.#onForbidden?.();
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          // The connection dropped half-way through the answer.
          throw lost(error);
        }
        throw errorFromResponse(response.status, text, response.headers, context);
      }
      return { response, lost };
    }
  }
}

/** A response body read as it arrives (StoreClient.requestBody). */
export interface StoreBody {
  headers: Headers;
  /** The body's text, chunk by chunk; taken once. */
  chunks: AsyncIterable<string>;
  /** What a reader of the chunks threw, as the error to show: a StoreApiError as it is, anything else "could not read". */
  failure(error: unknown): StoreApiError;
  /** Stops the download. */
  cancel(): Promise<void>;
}

/** What a streaming reader threw, as a StoreApiError. */
function readFailure(error: unknown, method: string, path: string): StoreApiError {
  if (error instanceof StoreApiError) return error;
  if (error instanceof z.ZodError) return unreadable(method, path, z.prettifyError(error));
  if (error instanceof JsonStreamError) return unreadable(method, path, `the body is not JSON (${error.message})`);
  return unreadable(method, path, error instanceof Error ? error.message : String(error));
}

function parseBody<T>(text: string, schema: z.ZodType<T>, method: string, path: string): T {
  let json: unknown = null;
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      throw unreadable(method, path, "the body is not JSON");
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw unreadable(method, path, z.prettifyError(parsed.error));
  return parsed.data;
}

function unreadable(method: string, path: string, why: string): StoreApiError {
  return new StoreResponseError({
    status: 502,
    code: "unreadable_response",
    message:
      "The store sent an answer Store Admin could not read. Try again, or check that the store speaks the Store Management API.",
    detail: `${method} ${path}: ${why}`,
  });
}

/** Whether anything answers HTTP at the store's address (for a friendly banner). */
export async function probeStore(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(baseUrl, {
      method: "GET",
      cache: "no-store",
      redirect: "manual",
      signal: AbortSignal.timeout(3000),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
