/**
 * Where a user may be sent back to after signing in: a page of the dashboard
 * itself, never another site (no open redirects). Plain: runs in the browser,
 * on the server and in proxy.ts.
 */

// Tab, CR, LF and the other C0 controls and DEL: the URL parser drops some of
// them silently ("/\t/evil.test" becomes "//evil.test"), so a value carrying
// any is refused outright rather than parsed.
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** An origin that only relative paths resolve to ("invalid" is reserved: RFC 2606). */
const pathOnlyOrigin = "http://callback-path.invalid";

/**
 * The path (with query and fragment) that `value` names on `ownOrigin`, or
 * null when it names anything else. The value is resolved the way a browser
 * would resolve it from a page of ours (`new URL(value, ownOrigin)`), and kept
 * only when its origin is ours: that settles `//x`, `/\x`, `javascript:`,
 * `data:` and absolute URLs to other hosts alike. An absolute URL of our own
 * origin comes back as its path.
 *
 * `ownOrigin` defaults to one no real URL has, so that without it only paths
 * pass (what signInPath is given).
 */
export function safeCallbackPath(value: string | null | undefined, ownOrigin = pathOnlyOrigin): string | null {
  if (!value || hasControlCharacter(value)) return null;
  let own: URL;
  let target: URL;
  try {
    own = new URL(ownOrigin);
    target = new URL(value, own.origin);
  } catch {
    return null;
  }
  if (target.origin !== own.origin) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // "/..//evil.test" resolves on our origin to the path "//evil.test", which
  // as a Location header is another host again.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return path;
}

/** The sign-in page, told where to come back to and, optionally, why. */
export function signInPath(callbackPath?: string | null, error?: string): string {
  const params = new URLSearchParams();
  const safe = safeCallbackPath(callbackPath);
  if (safe) params.set("callbackUrl", safe);
  if (error) params.set("error", error);
  const query = params.toString();
  return query ? `/signin?${query}` : "/signin";
}
