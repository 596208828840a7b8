import type { CookieOption, CookiesOptions } from "next-auth";

/**
 * The names and attributes of next-auth's cookies, in one place: lib/auth.ts
 * gives them to next-auth, and the session readers (lib/session.ts,
 * proxy.ts), the sign-out action and the refusal redirect look the session
 * and callback cookies up by the same names. Plain: proxy.ts imports it.
 *
 * Over HTTPS every cookie takes the `__Host-` prefix: the browser then
 * accepts it only when Secure, with Path=/ and no Domain, so no sibling
 * subdomain can set or shadow it. Over plain HTTP (local use, the e2e suite)
 * they keep next-auth's plain names, since a prefixed cookie would be refused.
 */
export function authCookies(secure: boolean): CookiesOptions {
  const prefix = secure ? "__Host-" : "";
  const cookie = (name: string, maxAge?: number): CookieOption => ({
    name: `${prefix}next-auth.${name}`,
    options: {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      ...(maxAge === undefined ? {} : { maxAge }),
    },
  });
  return {
    sessionToken: cookie("session-token"),
    callbackUrl: cookie("callback-url"),
    csrfToken: cookie("csrf-token"),
    // next-auth's own lifetimes for the sign-in checks: fifteen minutes.
    pkceCodeVerifier: cookie("pkce.code_verifier", 60 * 15),
    state: cookie("state", 60 * 15),
    nonce: cookie("nonce"),
  };
}

/** HTTPS when the dashboard's public address (NEXTAUTH_URL) is. */
export function usesSecureCookies(dashboardUrl: string): boolean {
  return dashboardUrl.startsWith("https://");
}

/** The session cookie's name; next-auth splits a large one into `<name>.0`, `<name>.1`, … */
export function sessionCookieName(dashboardUrl: string): string {
  return authCookies(usesSecureCookies(dashboardUrl)).sessionToken.name;
}
