/**
 * Everything that can go wrong between the dashboard and a store, as Error
 * subclasses. `message` is always one sentence a store owner can act on;
 * `detail` keeps what the store said, for the log. No HTTP client here: this
 * module is plain and may be imported anywhere (docs/contract.md#errors).
 */

import type { Failure } from "../failure";
import { permissionLabel } from "./users/model";
import type { StoreProblem } from "./model";

export interface StoreErrorInit {
  status: number;
  code: string;
  message: string;
  detail?: string;
  fields?: Record<string, string>;
}

export class StoreApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** What the store said: for the server log, never for a person. */
  readonly detail: string | undefined;
  /** Our sentence for each field the store named as refused. */
  readonly fields: Record<string, string>;

  constructor(init: StoreErrorInit) {
    super(init.message);
    this.name = "StoreApiError";
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fields = init.fields ?? {};
  }
}

/** 401: the token is missing, unknown, revoked, or its user was deactivated. */
export class StoreAuthError extends StoreApiError {}

/** 403 `forbidden`: the signed-in store user lacks a permission. */
export class StoreForbiddenError extends StoreApiError {
  constructor(
    init: StoreErrorInit,
    readonly permission: string | undefined,
  ) {
    super(init);
  }
}

/** 403 `insufficient_scope`: the app was not granted the scope. */
export class StoreScopeError extends StoreApiError {
  constructor(
    init: StoreErrorInit,
    readonly scope: string | undefined,
  ) {
    super(init);
  }
}

export class StoreNotFoundError extends StoreApiError {}

/** 409: a unique value (an email, a code) is taken. */
export class StoreConflictError extends StoreApiError {}

/** 400 and 422: the store refused the values; `fields` names the bad ones. */
export class StoreValidationError extends StoreApiError {}

/** 429 that outlasted our retries. */
export class StoreRateLimitError extends StoreApiError {}

/** 5xx, or any other status we have no better name for. */
export class StoreServerError extends StoreApiError {}

/** The store answered 2xx, but with a body we cannot read. */
export class StoreResponseError extends StoreApiError {}

/**
 * The request being answered went away (a closed tab, a read typed over: StoreClient.withSignal) before
 * the store answered: nobody waits for the answer, and the store is not at fault, so nothing is logged
 * (failureFrom logs 5xx only). 499, as proxies name a request the client closed.
 */
export class StoreRequestCancelledError extends StoreApiError {
  constructor() {
    super({
      status: 499,
      code: "client_closed_request",
      message: "The request was cancelled before the store answered.",
    });
  }
}

/**
 * No HTTP answer at all: refused connection, DNS failure, timeout. Status 502
 * because the dashboard is the gateway in front of a store that failed.
 */
export class StoreUnreachableError extends StoreApiError {
  constructor(
    readonly storeUrl: string,
    cause?: unknown,
  ) {
    super({
      status: 502,
      code: "store_unreachable",
      message: `The store at ${displayAddress(storeUrl)} is not answering. Check that it is running, then try again.`,
      detail: cause instanceof Error ? cause.message : undefined,
    });
  }
}

/**
 * A write whose answer never came: the request went out, then the connection
 * dropped or the wait ran out. The store may or may not have made the change,
 * so nobody may say "nothing was changed": the page re-reads the record and
 * shows what the store now holds (docs/contract.md#errors). Status 504, as a
 * gateway that gave up waiting.
 */
export class StoreOutcomeUnknownError extends StoreApiError {
  constructor(
    readonly storeUrl: string,
    cause?: unknown,
  ) {
    super({
      status: 504,
      code: "outcome_unknown",
      message: `The store at ${displayAddress(storeUrl)} stopped answering before it confirmed this change, so it may or may not have been made.`,
      detail: cause instanceof Error ? cause.message : undefined,
    });
  }
}

/**
 * Whether a failed request got as far as the store. Only when the connection
 * was never made (refused, no such host) do we know that nothing was sent.
 */
export function neverReachedStore(error: unknown): boolean {
  const codes = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ERR_INVALID_URL"]);
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && codes.has(code)) return true;
    // AggregateError (happy eyeballs: every address refused).
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length && inner.every((x) => neverReachedStore(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What the request was about, so that a refusal can name it. */
export interface StoreErrorContext {
  /** The user permission this request needs, named in a 403 `forbidden`. */
  permission?: string;
  /** The OAuth scope this request needs, named in a 403 `insufficient_scope`. */
  scope?: string;
  /** The kind of thing asked for ("user"), named in a 404. */
  resource?: string;
  /** The id or key asked for, named in a 404 ("No user with id 42"). */
  id?: string;
}

interface ParsedBody {
  error?: string;
  description?: string;
  fields: Record<string, string>;
}

/** Reads an error body of any shape: the spec does not promise one. */
export function parseErrorBody(text: string): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { fields: {} };
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return { fields: {} };
  const body = json as Record<string, unknown>;
  const error = typeof body.error === "string" ? body.error : undefined;
  const description =
    typeof body.error_description === "string"
      ? body.error_description
      : typeof body.message === "string"
        ? body.message
        : undefined;
  return { error, description, fields: normaliseFields(body.fields ?? body.errors) };
}

/** `{"email": "taken"}`, `{"email": ["taken", …]}` or `[{"field","message"}]`. */
function normaliseFields(raw: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      if (entry && typeof entry === "object") {
        const { field, message } = entry as Record<string, unknown>;
        if (typeof field === "string" && typeof message === "string") fields[field] = message;
      }
    }
  } else if (raw && typeof raw === "object") {
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === "string") fields[key] = value;
      else if (Array.isArray(value) && typeof value[0] === "string") fields[key] = value[0];
    }
  }
  return fields;
}

/** `scope="admin"` out of a `WWW-Authenticate: Bearer …` header. */
function scopeFromChallenge(header: string | null): string | undefined {
  return header?.match(/scope="([^"]*)"/)?.[1] || undefined;
}

export function displayAddress(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Fields of the contract we can name in our own words. The store's `fields`
 * say which field was refused (docs/contract.md#errors); their sentences are
 * the store's words, which a person never sees: any store (or whoever sits
 * in front of it) could put anything there. So each refused field gets our
 * own sentence, one that names the field when we know it.
 */
const knownFields: Record<string, { refused: string; taken?: string }> = {
  email: {
    refused: "The store did not accept this email address. Enter one such as name@example.com.",
    taken: "This email address is already taken in this store.",
  },
  password: { refused: "The store did not accept this password. Use 8 to 256 characters." },
  permissions: { refused: "The store did not accept these permissions." },
  is_active: { refused: "The store did not accept this change of status." },
  name: { refused: "The store did not accept this name.", taken: "This name is already taken in this store." },
  code: { refused: "The store did not accept this code.", taken: "This code is already taken in this store." },
};

const refusedValue = "The store did not accept this value.";
const takenValue = "This value is already taken in this store.";

/** Our sentence for a field the store refused (409: taken; otherwise: not accepted). */
export function fieldSentence(field: string, status: number): string {
  const known = Object.hasOwn(knownFields, field) ? knownFields[field] : undefined;
  if (status === 409) return known?.taken ?? takenValue;
  return known?.refused ?? refusedValue;
}

function fieldSentences(fields: Record<string, string>, status: number): Record<string, string> {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, fieldSentence(field, status)]));
}

/**
 * Turns a failed response into the matching StoreApiError subclass. The
 * message is chosen by status and code, in our words; what the store wrote
 * (`error_description`, the sentences in `fields`, a text body) goes to
 * `detail`, for the server log only (docs/contract.md#errors).
 */
export function errorFromResponse(
  status: number,
  bodyText: string,
  headers: Headers,
  context: StoreErrorContext = {},
): StoreApiError {
  const body = parseErrorBody(bodyText);
  const code = body.error ?? `http_${status}`;
  const storeFields = Object.entries(body.fields).map(([field, message]) => `${field}: ${message}`);
  const detail =
    [body.description, ...storeFields].filter(Boolean).join("; ").slice(0, 500) || bodyText.slice(0, 500) || undefined;
  const fields = fieldSentences(body.fields, status);
  const base = { status, code, detail, fields };
  const firstField = Object.keys(fields)[0];

  if (status === 401) {
    return new StoreAuthError({
      ...base,
      message: "Your store session has ended. Sign in again to continue.",
    });
  }
  if (status === 403) {
    const challenge = headers.get("www-authenticate");
    if (code === "insufficient_scope" || /insufficient_scope/.test(challenge ?? "")) {
      // Only a scope we asked for is named: requestedScopes in ./oauth.ts.
      const named = scopeFromChallenge(challenge) ?? context.scope;
      const scope = named && /^(admin|storefront)$/.test(named) ? named : context.scope;
      return new StoreScopeError(
        {
          ...base,
          code: "insufficient_scope",
          message: scope
            ? `Store Admin was not granted the “${scope}” scope by this store. Sign in again and allow it.`
            : "Store Admin was not granted the access this needs by this store. Sign in again and allow it.",
        },
        scope,
      );
    }
    const permission = context.permission;
    // A 403 `forbidden` is either a missing permission or one of the store's
    // rules (docs/contract.md#users). The description only helps to tell
    // which; it is never shown.
    const said = body.description?.trim() ?? "";
    const generic = !said || /^(forbidden|access denied|not allowed|permission denied)\.?$/i.test(said);
    const aboutPermission =
      /permission/i.test(said) && /\b(lack|lacks|missing|need|needs|require|requires|required)\b/i.test(said);
    return new StoreForbiddenError(
      {
        ...base,
        message:
          !generic && !aboutPermission
            ? "The store does not allow this change: it goes against one of the store's rules."
            : permission
              ? `Your store account lacks the permission to ${permissionLabel(permission).toLowerCase()}.`
              : "Your store account is not allowed to do this.",
      },
      permission,
    );
  }
  if (status === 404) {
    return new StoreNotFoundError({
      ...base,
      message:
        context.resource && context.id !== undefined
          ? `No ${context.resource} with id ${context.id}. It may have been deleted.`
          : context.resource
            ? `The store has no such ${context.resource}; it may have been deleted.`
            : "The store could not find what was asked for.",
    });
  }
  if (status === 409) {
    return new StoreConflictError({
      ...base,
      message: firstField ? fieldSentence(firstField, status) : takenValue,
    });
  }
  if (status === 400 || status === 422) {
    return new StoreValidationError({
      ...base,
      message: firstField ? fieldSentence(firstField, status) : "The store did not accept these values.",
    });
  }
  if (status === 429) {
    return new StoreRateLimitError({
      ...base,
      message: "The store is busy right now. Wait a moment and try again.",
    });
  }
  if (status === 503) {
    // Busy or down for a moment (a store's answer when its queue is full, or its database is away): a refusal.
    return new StoreServerError({
      ...base,
      message: "The store is busy right now. Try again in a moment.",
    });
  }
  return new StoreServerError({
    ...base,
    message: `The store had a problem (HTTP ${status}). Try again in a moment.`,
  });
}

export function toProblem(error: StoreApiError): StoreProblem {
  return { status: error.status, code: error.code, message: error.message, fields: error.fields };
}

/**
 * Any error thrown by a store call, as the Failure the browser gets: our
 * sentence and our sentence per refused field, with what the store said in
 * the server log. Anything that is not a StoreApiError is our own bug:
 * logged, and told as a generic sentence. `where` labels the log line
 * ("action", "GET /api/users").
 */
export function failureFrom(
  error: unknown,
  { where, conflictField }: { where: string; conflictField?: string },
): Failure {
  if (!(error instanceof StoreApiError)) {
    console.error(`[${where}] unexpected failure`, error);
    return { status: 500, code: "internal", error: "Something went wrong in Store Admin. Try again." };
  }
  if (error.status >= 500)
    console.error(`[${where}] store answered ${error.status} ${error.code}: ${error.detail ?? error.message}`);
  else if (error.status !== 401 && error.detail)
    console.warn(`[${where}] store refused ${error.status} ${error.code}: ${error.detail}`);
  const fieldErrors: Record<string, string> = { ...error.fields };
  if (error instanceof StoreConflictError && conflictField) {
    fieldErrors[conflictField] ??= error.message;
  }
  return {
    status: error.status,
    code: error.code,
    error: error.message,
    ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
  };
}
