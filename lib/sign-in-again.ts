import { signInPath } from "./callback-path";
import { needsSignIn } from "./failure";

/**
 * Browser only. When a failure (of an action or of a client read) means the
 * store no longer accepts the session, go sign in and come back to this very
 * page; answers whether it did.
 */
export function signInAgainIfNeeded(failure: { status?: number }): boolean {
  if (!needsSignIn(failure)) return false;
  const here = window.location.pathname + window.location.search;
  window.location.assign(signInPath(here, "SessionExpired"));
  return true;
}
