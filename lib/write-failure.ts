import { type Failure, writeOutcome } from "./failure";

/** A failed write, as words: what it tried ("deactivate ann@…") and what it would have done. */
export interface WriteAttempt {
  /** After "Could not": "deactivate ann@example.com". */
  failed: string;
  /** Before "happened": "the deactivation of ann@example.com". */
  happened: string;
}

export interface WriteFailureMessage {
  text: string;
  /** The store may hold the change: re-read it and show what it holds. */
  reread: boolean;
}

/**
 * The honest sentence for a failed write (docs/contract.md#errors): "Nothing
 * was changed." only when that is known to be true; otherwise that Store
 * Admin cannot tell, and the caller re-reads what the store holds.
 */
export function writeFailureMessage(
  failure: Pick<Failure, "status" | "code" | "error">,
  attempt: WriteAttempt,
): WriteFailureMessage {
  if (writeOutcome(failure) === "unchanged") {
    return { text: `Could not ${attempt.failed}. ${failure.error} Nothing was changed.`, reread: false };
  }
  return {
    text: `Store Admin could not tell whether ${attempt.happened} happened; here is what the store holds now.`,
    reread: true,
  };
}
