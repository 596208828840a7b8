import "server-only";
import { encode, type JWT } from "next-auth/jwt";
import { authCookies, sessionCookieName, usesSecureCookies } from "./auth-cookies";
import type { Env } from "./env";
import { markedAt, readOnce } from "./permission-marks";
import {
  type SessionToken,
  effectivePermissions,
  permissionsRefreshDue,
  permissionsRefreshMs,
  permissionsVersion,
  permissionsVersionCookie,
  sessionMaxAgeSeconds,
  withReadPermissions,
} from "./session-token";
import { rereadPermissions } from "./store/access";

/**
 * The session with its permissions read again when they are due
 * (permissionsRefreshDue: older than DASHBOARD_PERMISSIONS_REFRESH_SECONDS,
 * or marked since their last read), else null. Concurrent requests of one
 * session share one re-read. A store that cannot be reached changes nothing
 * but the time of the read, so that every request does not wait on it again;
 * a throttled or failing store keeps each permission it could not answer for
 * as it was (lib/store/access.ts). "signed_out" when the store refused the
 * token itself (a 401: revoked, expired, its user deactivated): the session
 * is over, and proxy.ts ends it as it ends any session the store no longer
 * accepts (to sign-in, "your store session has ended").
 */
export async function refreshedSession(
  jwt: JWT,
  session: SessionToken,
  env: Pick<Env, "STORE_BASE_URL">,
  now = Date.now(),
): Promise<JWT | null | "signed_out"> {
  const due = permissionsRefreshDue(session, { now, maxAgeMs: permissionsRefreshMs(), markedAt: markedAt(session) });
  if (!due) return null;
  const permissions = await readOnce(session.accessToken, () =>
    rereadPermissions(
      { baseUrl: env.STORE_BASE_URL, accessToken: session.accessToken, timeoutMs: 3000 },
      effectivePermissions(session),
    ),
  );
  if (permissions === "signed_out") return "signed_out";
  // The time after the read: a 403 the probes themselves met is not a reason to read again.
  const readAt = Math.max(Date.now(), now);
  const next =
    permissions === "unreachable"
      ? { ...session, permissionsReadAt: readAt }
      : withReadPermissions(session, permissions, readAt);
  return { ...jwt, ...next };
}

/** The session cookie's attributes, as next-auth sets them (lib/auth-cookies.ts). */
function sessionCookie(env: Pick<Env, "NEXTAUTH_URL">) {
  const secure = usesSecureCookies(env.NEXTAUTH_URL);
  return { name: sessionCookieName(env.NEXTAUTH_URL), options: authCookies(secure).sessionToken.options, secure };
}

/**
 * Writes `jwt` as the session cookie, as next-auth would (encrypted, thirty
 * days), on the response and on the request being served, so that the page
 * rendered for it already sees it. A session next-auth had split into chunks
 * (`<name>.0`, `<name>.1`…) is written whole and the chunks are cleared. The
 * readable permissions fingerprint goes beside it (permissionsVersionCookie:
 * "<time of the read>:<fingerprint>").
 */
export async function writeSessionCookie(
  jwt: JWT,
  env: Pick<Env, "NEXTAUTH_URL" | "NEXTAUTH_SECRET">,
  cookies: { request?: RequestJar; response: ResponseJar },
): Promise<void> {
  const { name, options, secure } = sessionCookie(env);
  const value = await encode({ token: jwt, secret: env.NEXTAUTH_SECRET, maxAge: sessionMaxAgeSeconds });
  const expires = new Date(Date.now() + sessionMaxAgeSeconds * 1000);
  const chunks = (cookies.request?.getAll() ?? []).map((c) => c.name).filter((n) => n.startsWith(`${name}.`));
  for (const chunk of chunks) {
    cookies.request?.delete(chunk);
    cookies.response.set(chunk, "", { ...options, maxAge: 0 });
  }
  cookies.request?.set(name, value);
  cookies.response.set(name, value, { ...options, expires });
  const parsed = jwt as unknown as SessionToken;
  const version = `${parsed.permissionsReadAt ?? 0}:${permissionsVersion(effectivePermissions(parsed))}`;
  cookies.request?.set(permissionsVersionCookie, version);
  cookies.response.set(permissionsVersionCookie, version, {
    path: "/",
    sameSite: "lax",
    secure,
    httpOnly: false,
    expires,
  });
}

/**
 * Clears the session cookie (and any chunks of it) on the response and on the
 * request being served, as signing out does (lib/actions/session.ts): a
 * session the store no longer accepts is not sent again.
 */
export function clearSessionCookie(
  env: Pick<Env, "NEXTAUTH_URL">,
  cookies: { request?: RequestJar; response: ResponseJar },
): void {
  const { name, options } = sessionCookie(env);
  const names = new Set([
    name,
    ...(cookies.request?.getAll() ?? []).map((c) => c.name).filter((n) => n.startsWith(`${name}.`)),
  ]);
  for (const each of names) {
    cookies.request?.delete(each);
    cookies.response.set(each, "", { ...options, maxAge: 0 });
  }
}

interface CookieOptions {
  path?: string;
  sameSite?: "lax" | "strict" | "none";
  secure?: boolean;
  httpOnly?: boolean;
  expires?: Date;
  maxAge?: number;
}

/** The cookies of the response: NextResponse's, or next/headers' cookies() in a server action. */
interface ResponseJar {
  set(name: string, value: string, options?: CookieOptions): unknown;
}

/** The cookies of the request being served (NextRequest's, in proxy.ts). */
interface RequestJar {
  getAll(): { name: string }[];
  set(name: string, value: string): unknown;
  delete(name: string): unknown;
}
