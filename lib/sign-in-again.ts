import { signInPath } from "./callback-path";
import { needsSignIn } from "./failure";

let signingOut = false;

/**
 * Browser only. The person chose to sign out: a read still in flight that the
 * store now refuses (the token is being revoked) must not send them to sign in
 * again with "your session ended" instead of the signed-out page.
 */
export function markSigningOut(): void {
  signingOut = true;
}

/**
 * Browser only. When a failure (of an action or of a client read) means the
 * store no longer accepts the session, go sign in and come back to this very
 * page; answers whether it did.
 */
export function signInAgainIfNeeded(failure: { status?: number }): boolean {
  if (!needsSignIn(failure)) return false;
  // Signing out already leaves the page; the failure is handled by that.
  if (signingOut) return true;
  const here = window.location.pathname + window.location.search;
  window.location.assign(signInPath(here, "SessionExpired"));
  return true;
}
