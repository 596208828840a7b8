/**
 * The API's error model (docs/contract.md#errors): every failure is one of these,
 * rendered as {"error", "error_description", "fields"?} with its status.
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  toJSON() {
    return {
      error: this.code,
      error_description: this.message,
      ...(this.fields && Object.keys(this.fields).length ? { fields: this.fields } : {}),
    };
  }
}

export class InvalidRequestError extends ApiError {
  constructor(description: string, fields?: Record<string, string>) {
    super(400, "invalid_request", description, fields);
  }
}

export class InvalidTokenError extends ApiError {
  constructor(description = "The access token is missing, unknown, revoked or belongs to an inactive user.") {
    super(401, "invalid_token", description, undefined, {
      "www-authenticate": 'Bearer realm="store", error="invalid_token"',
    });
  }
}

export class InsufficientScopeError extends ApiError {
  constructor(scope: string) {
    super(
      403,
      "insufficient_scope",
      `This request needs the ${scope} scope, which the token was not granted.`,
      undefined,
      {
        "www-authenticate": `Bearer realm="store", error="insufficient_scope", scope="${scope}"`,
      },
    );
  }
}

export class ForbiddenError extends ApiError {
  constructor(description: string) {
    super(403, "forbidden", description);
  }
}

export class NotFoundError extends ApiError {
  constructor(description = "No such resource.") {
    super(404, "not_found", description);
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allowed: string[]) {
    super(405, "method_not_allowed", `${method} is not allowed here; use ${allowed.join(", ")}.`, undefined, {
      allow: allowed.join(", "),
    });
  }
}

export class ConflictError extends ApiError {
  constructor(description: string, fields?: Record<string, string>) {
    super(409, "conflict", description, fields);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(description = "The request body is larger than the store accepts.") {
    super(413, "payload_too_large", description);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(description: string) {
    super(415, "unsupported_media_type", description);
  }
}

export class ValidationError extends ApiError {
  constructor(fields: Record<string, string>, description?: string) {
    const first = Object.entries(fields)[0];
    super(
      422,
      "validation_failed",
      description ?? (first ? `${first[0]} ${first[1]}` : "The request is invalid."),
      fields,
    );
  }
}

export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number) {
    super(429, "rate_limited", `Too many requests; retry in ${retryAfterSeconds} s.`, undefined, {
      "retry-after": String(retryAfterSeconds),
    });
  }
}

/** Seconds a request refused because the database is away is told to wait (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * What a request that met an unreachable database did, as far as the store can tell:
 * - `unchanged`: it failed before any COMMIT (or only read): PostgreSQL rolled it back;
 * - `unknown`: the connection broke at or after its COMMIT: the change may or may not be saved;
 * - `saved`: it committed, then the store could not finish (the caches' bump, app.ts).
 */
export type DatabaseOutcome = "unchanged" | "unknown" | "saved";

const DATABASE_DESCRIPTIONS: Record<DatabaseOutcome, string> = {
  unchanged: `The store's database cannot be reached right now; nothing was changed. Try again in a few seconds.`,
  unknown:
    "The store lost its database while saving this change, so it may or may not have been saved. " +
    "In a few seconds, read it again before you send it again.",
  saved:
    "The change was saved, but the store lost its database before it could finish answering. " +
    "In a few seconds, read it again to see it; do not send it again.",
};

/** 503: PostgreSQL cannot be reached (docs/architecture.md#when-the-database-is-away). */
export class DatabaseUnavailableError extends ApiError {
  constructor(readonly outcome: DatabaseOutcome) {
    super(503, "temporarily_unavailable", DATABASE_DESCRIPTIONS[outcome], undefined, {
      "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
}

/**
 * 503: the client holds as many of the database's connections as one client
 * may (a quarter of the pool: limits/pool-shares.ts), in requests or streamed
 * answers still open.
 */
export class DatabaseBusyError extends ApiError {
  constructor() {
    super(
      503,
      "temporarily_unavailable",
      "You have as many requests using the store's database as one account may; " +
        "try again once one has finished (a list you are still reading counts until it ends).",
      undefined,
      { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
}
