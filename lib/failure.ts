/**
 * A refusal as the browser receives it, from a server action (inside its
 * ActionResult) or from a GET route handler (as the JSON body, with `status`
 * as the HTTP status). Plain data: safe anywhere. See docs/contract.md#errors.
 */
export interface Failure {
  /** The HTTP status it stands for; 401 means "sign in again". */
  status: number;
  /** The store's error code, or one of ours: signed_out, invalid_input, internal. */
  code: string;
  /** One sentence the user can act on. */
  error: string;
  /** Messages for the named form fields. */
  fieldErrors?: Record<string, string>;
}

export const signedOutFailure: Failure = {
  status: 401,
  code: "signed_out",
  error: "You are signed out. Sign in again to continue.",
};

/**
 * What a failed write did to the store. "unchanged": the store refused it (a
 * 4xx) or was never reached, so saying "nothing was changed" is true.
 * "unknown": the request went out and no trustworthy answer came back (lost
 * connection, timeout, a 5xx from a store that promises nothing about
 * rollback, an unreadable 2xx): the page must re-read and show what the store
 * holds now (docs/contract.md#errors).
 */
export function writeOutcome(failure: { status?: number; code?: string }): "unchanged" | "unknown" {
  if (failure.code === "store_unreachable" || failure.code === "signed_out" || failure.code === "invalid_input") {
    return "unchanged";
  }
  if (failure.code === "outcome_unknown" || failure.code === "unreadable_response") return "unknown";
  return (failure.status ?? 500) >= 500 ? "unknown" : "unchanged";
}

/** The store (or our own session) no longer accepts the user: sign in again. */
export function needsSignIn(failure: { status?: number }): boolean {
  return failure.status === 401;
}

/** A Failure thrown, so that React Query's onError sees all of it. */
export class FailureError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(readonly failure: Failure) {
    super(failure.error);
    this.name = "FailureError";
    this.status = failure.status;
    this.code = failure.code;
    this.fieldErrors = failure.fieldErrors;
  }
}

/** The JSON body a route handler answers a refusal with: `{error, code, fieldErrors?}`. */
export function failureResponse(failure: Failure): Response {
  const { status, code, error, fieldErrors } = failure;
  return Response.json(
    { error, code, ...(fieldErrors && Object.keys(fieldErrors).length ? { fieldErrors } : {}) },
    { status, headers: { "Cache-Control": "private, no-store" } },
  );
}
