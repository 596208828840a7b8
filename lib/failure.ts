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
