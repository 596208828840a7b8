import { type Failure, FailureError } from "../failure";

/** What every server action answers; plain data, safe for the browser. */
export type ActionResult<T> = { ok: true; data: T } | ({ ok: false } & Failure);

export type ActionFailure = Extract<ActionResult<unknown>, { ok: false }>;

/** A failed action, thrown inside React Query mutations so that onError sees the whole failure. */
export class ActionFailedError extends FailureError {
  constructor(failure: Failure) {
    super(failure);
    this.name = "ActionFailedError";
  }
}

/** The data of a successful action; a failure is thrown as ActionFailedError. */
export function unwrap<T>(result: ActionResult<T>): T {
  if (!result.ok) {
    const { status, code, error, fieldErrors } = result;
    throw new ActionFailedError({ status, code, error, fieldErrors });
  }
  return result.data;
}
