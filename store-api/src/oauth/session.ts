import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { randomToken, safeEqual, sha256 } from "../auth/secrets.js";
import type { Queryable } from "../db/index.js";
import { users, webSessions } from "../db/schema/index.js";
import type { UserRow } from "../users/users.js";

/**
 * The store's own browser session, used only by its sign-in, consent and
 * account pages: an opaque id in an HttpOnly, SameSite=Lax cookie (stored
 * hashed), with a per-session CSRF token that every form echoes back.
 */
export const SESSION_COOKIE = "store_session";
const ANONYMOUS_TTL_MS = 60 * 60 * 1000;
const SIGNED_IN_TTL_MS = 12 * 60 * 60 * 1000;

export interface WebSession {
  idHash: string;
  csrfToken: string;
  user: UserRow | null;
}

export async function loadSession(q: Queryable, request: FastifyRequest): Promise<WebSession | null> {
  const id = request.cookies[SESSION_COOKIE];
  if (!id || id.length > 200) return null;
  const [row] = await q
    .select({ session: webSessions, user: users })
    .from(webSessions)
    .leftJoin(users, eq(users.id, webSessions.userId))
    .where(and(eq(webSessions.idHash, sha256(id)), gt(webSessions.expiresAt, new Date())));
  if (!row) return null;
  const user = row.user && row.user.isActive ? row.user : null;
  return { idHash: row.session.idHash, csrfToken: row.session.csrfToken, user };
}

async function startSession(
  q: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
): Promise<WebSession> {
  const id = randomToken("ss_");
  const csrfToken = randomToken("", 24);
  const ttl = userId ? SIGNED_IN_TTL_MS : ANONYMOUS_TTL_MS;
  await q.insert(webSessions).values({ idHash: sha256(id), userId, csrfToken, expiresAt: new Date(Date.now() + ttl) });
  // No Max-Age: the cookie ends with the browser; the server-side expiry bounds it too.
  reply.setCookie(SESSION_COOKIE, id, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
  return { idHash: sha256(id), csrfToken, user: null };
}

/** The current session, or a new anonymous one (so the sign-in form has a CSRF token). */
export async function ensureSession(q: Queryable, request: FastifyRequest, reply: FastifyReply): Promise<WebSession> {
  return (await loadSession(q, request)) ?? startSession(q, request, reply, null);
}

/** Signs the user in on a fresh session id (no session fixation). */
export async function signInSession(
  q: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  old: WebSession | null,
  user: UserRow,
) {
  if (old) await q.delete(webSessions).where(eq(webSessions.idHash, old.idHash));
  await q.delete(webSessions).where(lt(webSessions.expiresAt, new Date()));
  const session = await startSession(q, request, reply, user.id);
  return { ...session, user };
}

export async function endSession(q: Queryable, reply: FastifyReply, session: WebSession | null) {
  if (session) await q.delete(webSessions).where(eq(webSessions.idHash, session.idHash));
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Ends every store session of a user (a password change or deactivation: docs/contract.md#users). */
export async function endUserSessions(q: Queryable, userId: number): Promise<void> {
  await q.delete(webSessions).where(eq(webSessions.userId, userId));
}

export function csrfValid(session: WebSession | null, submitted: unknown): session is WebSession {
  return !!session && typeof submitted === "string" && safeEqual(session.csrfToken, submitted);
}

/** Deletes expired sessions: a schedule calls it, so abandoned sign-in forms do not pile up. */
export async function purgeExpiredSessions(q: Queryable) {
  await q.delete(webSessions).where(lt(webSessions.expiresAt, new Date()));
}
