import "server-only";
import { createHash } from "node:crypto";

/**
 * What this dashboard process has seen that makes a session's permissions
 * worth reading again before its next request (lib/session-refresh.ts):
 *
 * - a user's permissions saved here (lib/actions/users.ts), marked by user id;
 * - the store refusing a session's token with a 403 (lib/session.ts), marked
 *   by a fingerprint of the token (the token itself is never kept here).
 *
 * In memory, shared by proxy.ts and the pages through `globalThis` (both run
 * in the same Node.js process, but from separate bundles). Another dashboard
 * process does not see these marks: there, the age limit
 * (DASHBOARD_PERMISSIONS_REFRESH_SECONDS) is what brings the change.
 */
interface Marks {
  users: Map<string, number>;
  tokens: Map<string, number>;
  /** Re-reads under way, by token fingerprint: concurrent requests share one. */
  reading: Map<string, Promise<unknown>>;
}

/** Enough for every session of a busy store; the oldest marks go first. */
const maxMarks = 10_000;

const key = Symbol.for("store-admin.permission-marks");

function marks(): Marks {
  const holder = globalThis as typeof globalThis & { [key]?: Marks };
  holder[key] ??= { users: new Map(), tokens: new Map(), reading: new Map() };
  return holder[key];
}

function mark(map: Map<string, number>, id: string, at: number) {
  map.delete(id);
  map.set(id, at);
  if (map.size > maxMarks) map.delete(map.keys().next().value as string);
}

/** A fingerprint of an access token, to key marks by without keeping the token. */
export function tokenFingerprint(accessToken: string): string {
  return createHash("sha256").update(accessToken).digest("base64url").slice(0, 22);
}

/** The user's permissions were just changed through this dashboard. */
export function markUserChanged(userId: string, at = Date.now()): void {
  mark(marks().users, userId, at);
}

/** The store refused this token something (a 403): what it may do may have changed. */
export function markTokenRefused(accessToken: string, at = Date.now()): void {
  mark(marks().tokens, tokenFingerprint(accessToken), at);
}

/** The latest mark for this session, or null. */
export function markedAt(session: { accessToken: string; storeUser: { id: string } | null }): number | null {
  const { users, tokens } = marks();
  const byUser = session.storeUser ? users.get(session.storeUser.id) : undefined;
  const byToken = tokens.get(tokenFingerprint(session.accessToken));
  const latest = Math.max(byUser ?? -1, byToken ?? -1);
  return latest < 0 ? null : latest;
}

/** Runs `read` once for every concurrent caller with the same token. */
export function readOnce<T>(accessToken: string, read: () => Promise<T>): Promise<T> {
  const { reading } = marks();
  const id = tokenFingerprint(accessToken);
  const running = reading.get(id) as Promise<T> | undefined;
  if (running) return running;
  const started = read().finally(() => reading.delete(id));
  reading.set(id, started);
  return started;
}
