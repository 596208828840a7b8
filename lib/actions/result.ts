/** What every server action answers; plain data, safe for the browser. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** One sentence for the user. */
      error: string;
      /** Messages to show next to the named form fields. */
      fieldErrors?: Record<string, string>;
      status?: number;
      code?: string;
    };

export type ActionFailure = Extract<ActionResult<unknown>, { ok: false }>;

/** The store (or our session) says: sign in again. */
export function needsSignIn(result: ActionFailure): boolean {
  return result.status === 401;
}
