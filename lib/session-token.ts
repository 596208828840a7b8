import { z } from "zod";
import { userPermissions } from "./store/users/model";

/**
 * What the encrypted session cookie holds. The access token lives here and
 * nowhere else: the `session` callback in lib/auth.ts leaves it out.
 * (No "server-only" here: proxy.ts reads it too.)
 */
export const sessionTokenSchema = z.looseObject({
  accessToken: z.string().min(1),
  scope: z.string().nullable().default(null),
  /** Epoch seconds; null when the store gave no lifetime. */
  expiresAt: z.number().nullable().default(null),
  storeUser: z
    .object({ id: z.string(), email: z.string().nullable(), permissions: z.array(z.string()).nullable() })
    .nullable()
    .default(null),
  storeUrl: z.string(),
  /**
   * Permissions the store refused at sign-in, or did not prove (lib/store/access.ts:
   * they fail closed), asked only when the token response did not name the
   * user's permissions; kept up to date by each re-read.
   */
  refused: z.array(z.string()).default([]),
  /**
   * When the user's permissions were last read from the store (epoch ms): at
   * sign-in, then again by proxy.ts (lib/session-refresh.ts). Null in a
   * session from before this field: read again at its next request.
   */
  permissionsReadAt: z.number().nullable().default(null),
  /**
   * The permissions the user knew before a re-read changed them, kept until
   * they dismiss the notice that says what changed; null when there is
   * nothing to tell.
   */
  permissionsBefore: z.array(z.string()).nullable().default(null),
});

export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** A decoded JWT that still stands for a session with the configured store. */
export function usableSession(jwt: unknown, storeUrl: string, now = Date.now()): SessionToken | null {
  const parsed = sessionTokenSchema.safeParse(jwt);
  if (!parsed.success) return null;
  const session = parsed.data;
  // A session for another store (the configuration changed) is no session.
  if (session.storeUrl !== storeUrl) return null;
  if (session.expiresAt && session.expiresAt * 1000 <= now) return null;
  return session;
}

/**
 * What the user may do as far as the dashboard can tell: the permissions the
 * token response named, or else every permission but those the store refused
 * at sign-in; null when neither says anything (then every section shows and
 * the store decides).
 */
export function effectivePermissions(session: Pick<SessionToken, "storeUser" | "refused">): string[] | null {
  const named = session.storeUser?.permissions;
  if (named) return named;
  if (session.refused.length === 0) return null;
  return userPermissions.filter((p) => !session.refused.includes(p));
}

/** How long a session lasts without use (next-auth's default, set in lib/auth.ts): thirty days. */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;

/** Five minutes unless DASHBOARD_PERMISSIONS_REFRESH_SECONDS says otherwise (README, configuration). */
export const defaultPermissionsRefreshSeconds = 300;

/**
 * How old the permissions in a session may grow before its next request reads
 * them again, from DASHBOARD_PERMISSIONS_REFRESH_SECONDS (whole seconds, 1 to
 * 86400). Read here rather than in lib/env.ts because proxy.ts needs it too.
 */
export function permissionsRefreshMs(source: Record<string, string | undefined> = process.env): number {
  const raw = source.DASHBOARD_PERMISSIONS_REFRESH_SECONDS?.trim();
  if (!raw) return defaultPermissionsRefreshSeconds * 1000;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400) {
    throw new Error(
      `DASHBOARD_PERMISSIONS_REFRESH_SECONDS must be a whole number of seconds from 1 to 86400, not "${raw}".`,
    );
  }
  return seconds * 1000;
}

/**
 * Whether a request should read the user's permissions again before it is
 * served: never read (a session from before the field), read longer than
 * `maxAgeMs` ago, or marked since the last read (`markedAt`: this dashboard
 * saw the user's permissions saved, or the store refuse their token with a
 * 403; lib/permission-marks.ts).
 */
export function permissionsRefreshDue(
  session: Pick<SessionToken, "permissionsReadAt">,
  { now, maxAgeMs, markedAt }: { now: number; maxAgeMs: number; markedAt: number | null },
): boolean {
  const readAt = session.permissionsReadAt;
  if (readAt === null || readAt > now) return true;
  if (now - readAt >= maxAgeMs) return true;
  return markedAt !== null && markedAt > readAt;
}

const sameSet = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.length === b.length && a.every((p) => b.includes(p));

/**
 * The session after a re-read: `permissions` as the store now grants them
 * (null: it said nothing). A user the token response named keeps them as a
 * named list; a store that names no one keeps what it refused. When they
 * changed, what the user knew before is kept for the notice (the first
 * "before" of changes not yet told; changed back, nothing is left to tell).
 */
export function withReadPermissions<T extends SessionToken>(session: T, permissions: string[] | null, now: number): T {
  const before = effectivePermissions(session);
  const next: T = session.storeUser
    ? { ...session, storeUser: { ...session.storeUser, permissions }, refused: [] }
    : { ...session, refused: permissions === null ? [] : userPermissions.filter((p) => !permissions.includes(p)) };
  const after = effectivePermissions(next);
  const told = session.permissionsBefore ?? (sameSet(before, after) ? null : before);
  return {
    ...next,
    permissionsReadAt: now,
    permissionsBefore: told !== null && after !== null && !sameSet(told, after) ? told : null,
  };
}

/** What changed since the user last knew, for the notice; null when nothing is to be told. */
export function permissionChange(
  session: Pick<SessionToken, "storeUser" | "refused" | "permissionsBefore">,
): { gained: string[]; lost: string[] } | null {
  const before = session.permissionsBefore;
  const now = effectivePermissions(session);
  if (!before || !now) return null;
  const gained = now.filter((p) => !before.includes(p));
  const lost = before.filter((p) => !now.includes(p));
  return gained.length || lost.length ? { gained, lost } : null;
}

/**
 * A short fingerprint of what the user may do, in the readable cookie
 * `permissionsVersionCookie` (set by proxy.ts after each re-read) and in the
 * shell's render: when the two differ, the shell asks for a fresh render
 * (components/shell/permissions-watch.tsx). Names no permission.
 */
export function permissionsVersion(permissions: readonly string[] | null): string {
  const text = permissions === null ? "*" : [...permissions].sort().join(",");
  // FNV-1a, 32 bits: a fingerprint, not a secret.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The readable cookie holding `permissionsVersion` of the session's last re-read. */
export const permissionsVersionCookie = "store-admin.permissions";
