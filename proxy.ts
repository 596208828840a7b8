import { getToken } from "next-auth/jwt";
import { type NextRequest, NextResponse } from "next/server";
import { sessionCookieName, usesSecureCookies } from "./lib/auth-cookies";
import { signInPath } from "./lib/callback-path";
import { getEnv } from "./lib/env";
import { failureResponse, signedOutFailure } from "./lib/failure";
import { contentSecurityPolicy, newNonce, nonPagePolicy, strictTransportSecurity } from "./lib/security-headers";
import { clearSessionCookie, refreshedSession, writeSessionCookie } from "./lib/session-refresh";
import { usableSession } from "./lib/session-token";

/** Pages a signed-out visitor may see. */
const publicPages = ["/signin", "/signed-out"];

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * Whether the request comes from someone signed in: a cookie alone is not
 * enough, it must hold a token for this store. When the user's permissions
 * are due to be read again (lib/session-refresh.ts: older than
 * DASHBOARD_PERMISSIONS_REFRESH_SECONDS, or marked by a 403 or a change saved
 * here), they are read now and the session is written again, on the request
 * (so that this very page is rendered with them) and for the browser. A
 * token the store refuses while they are read (a 401) ends the session: its
 * cookie is cleared, and the caller answers as to someone signed out.
 */
async function signedIn(request: NextRequest): Promise<SetCookies | null | Ended> {
  const env = getEnv();
  const jwt = await getToken({
    req: request,
    secret: env.NEXTAUTH_SECRET,
    cookieName: sessionCookieName(env.NEXTAUTH_URL),
  });
  const session = usableSession(jwt, env.STORE_PUBLIC_URL);
  if (!jwt || !session) return null;
  const toSet: SetCookies = [];
  const jar = {
    request: request.cookies,
    response: { set: (name: string, value: string, options?: object) => toSet.push([name, value, options]) },
  };
  const refreshed = await refreshedSession(jwt, session, env);
  if (refreshed === "signed_out") {
    // The store refused the token itself (a 401 while the permissions were read): the session is over.
    clearSessionCookie(env, jar);
    return { ended: toSet };
  }
  if (refreshed) await writeSessionCookie(refreshed, env, jar);
  return toSet;
}

/** A session the store no longer accepts, with the cookies that clear it. */
interface Ended {
  ended: SetCookies;
}

/** Cookies for the response, once it exists. */
type SetCookies = [name: string, value: string, options: object | undefined][];

function withCookies(response: NextResponse, cookies: SetCookies): NextResponse {
  for (const [name, value, options] of cookies) response.cookies.set(name, value, options);
  return response;
}

function withSecurityHeaders(response: Response, policy: string): Response {
  response.headers.set("Content-Security-Policy", policy);
  if (usesSecureCookies(getEnv().NEXTAUTH_URL))
    response.headers.set("Strict-Transport-Security", strictTransportSecurity);
  return response;
}

/**
 * Every request but static files passes here (proxy runs first, so the
 * environment is read on the first request, not at build):
 *
 * - the route handlers under /api/ (client reads) answer a signed-out caller
 *   with 401 JSON, never a redirect to an HTML page a fetch cannot use; each
 *   handler checks the session again (lib/route-handler.ts). next-auth's own
 *   routes (/api/auth/…) pass untouched.
 * - a signed-in user's permissions are read again when due (signedIn, above),
 *   so that the shell, Home and the pages follow a change without a new sign-in.
 * - signed-out visitors of any other dashboard page go to
 *   /signin?callbackUrl=<that page> (lib/callback-path.ts keeps it a path of ours);
 *   a session whose token the store refused during that re-read (a 401) is
 *   cleared and goes there too, told that its store session ended (a route
 *   handler's caller gets the signed-out 401).
 * - pages get a Content-Security-Policy with a fresh nonce, on the request
 *   (Next.js reads the nonce from it) and on the response
 *   (lib/security-headers.ts); HSTS when the dashboard is on HTTPS.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const env = getEnv();
  const { pathname, search } = request.nextUrl;

  if (isUnder(pathname, "/api")) {
    // The store's reports on image imports carry no session: their single-use
    // token is checked by the route (app/api/import-callback/[token]/route.ts).
    if (isUnder(pathname, "/api/auth") || isUnder(pathname, "/api/import-callback"))
      return withSecurityHeaders(NextResponse.next(), nonPagePolicy);
    const cookies = await signedIn(request);
    if (cookies && "ended" in cookies) {
      // A 401 as the store's own: the browser's client reads send the person to sign in (lib/sign-in-again.ts).
      const refusal = failureResponse(signedOutFailure);
      const ended = new NextResponse(refusal.body, { status: refusal.status, headers: refusal.headers });
      return withSecurityHeaders(withCookies(ended, cookies.ended), nonPagePolicy);
    }
    if (cookies) {
      // The request's headers carry the session as it was just written.
      const next = NextResponse.next({ request: { headers: new Headers(request.headers) } });
      return withSecurityHeaders(withCookies(next, cookies), nonPagePolicy);
    }
    return withSecurityHeaders(failureResponse(signedOutFailure), nonPagePolicy);
  }

  const cookies = publicPages.some((page) => isUnder(pathname, page)) ? [] : await signedIn(request);
  if (!cookies) {
    const target = new URL(signInPath(`${pathname}${search}`), env.NEXTAUTH_URL);
    return withSecurityHeaders(NextResponse.redirect(target), nonPagePolicy);
  }
  if ("ended" in cookies) {
    // As a page's own 401 does (lib/store/load.ts): to sign in, told the session ended, and back here after.
    const target = new URL(signInPath(`${pathname}${search}`, "SessionExpired"), env.NEXTAUTH_URL);
    return withSecurityHeaders(withCookies(NextResponse.redirect(target), cookies.ended), nonPagePolicy);
  }

  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    storePublicUrl: env.STORE_PUBLIC_URL,
    mediaUrl: env.STORE_MEDIA_URL,
    https: usesSecureCookies(env.NEXTAUTH_URL),
    dev: process.env.NODE_ENV === "development",
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  return withSecurityHeaders(withCookies(NextResponse.next({ request: { headers: requestHeaders } }), cookies), policy);
}

// Image uploads stream past the proxy: Next.js would buffer the body of any
// request it sees (cut at 10 MB); lib/image-upload.ts checks the session and
// the Origin itself. The probes (/healthz, /readyz, /metrics: app/healthz, app/readyz, app/metrics)
// pass by too: no sign-in, and an incomplete configuration, which the proxy
// could not run with, is what /readyz reports.
export const config = {
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|healthz$|readyz$|metrics$|api/products/[^/]+/images/upload$).*)",
  ],
};
