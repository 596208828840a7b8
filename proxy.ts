import { getToken } from "next-auth/jwt";
import { type NextRequest, NextResponse } from "next/server";
import { sessionCookieName, usesSecureCookies } from "./lib/auth-cookies";
import { signInPath } from "./lib/callback-path";
import { getEnv } from "./lib/env";
import { failureResponse, signedOutFailure } from "./lib/failure";
import { contentSecurityPolicy, newNonce, nonPagePolicy, strictTransportSecurity } from "./lib/security-headers";
import { refreshedSession, writeSessionCookie } from "./lib/session-refresh";
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
 * (so that this very page is rendered with them) and for the browser.
 */
async function signedIn(request: NextRequest): Promise<SetCookies | null> {
  const env = getEnv();
  const jwt = await getToken({
    req: request,
    secret: env.NEXTAUTH_SECRET,
    cookieName: sessionCookieName(env.NEXTAUTH_URL),
  });
  const session = usableSession(jwt, env.STORE_PUBLIC_URL);
  if (!jwt || !session) return null;
  const toSet: SetCookies = [];
  const refreshed = await refreshedSession(jwt, session, env);
  if (refreshed) {
    await writeSessionCookie(refreshed, env, {
      request: request.cookies,
      response: { set: (name, value, options) => toSet.push([name, value, options]) },
    });
  }
  return toSet;
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
 *   /signin?callbackUrl=<that page> (lib/callback-path.ts keeps it a path of ours).
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
// the Origin itself. The probes (/healthz, /readyz: app/healthz, app/readyz)
// pass by too: no sign-in, and an incomplete configuration, which the proxy
// could not run with, is what /readyz reports.
export const config = {
  matcher: [
    "/((?!_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|healthz$|readyz$|api/products/[^/]+/images/upload$).*)",
  ],
};
