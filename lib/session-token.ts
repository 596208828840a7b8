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
   * Permissions the store refused at sign-in (lib/store/access.ts), asked
   * only when the token response did not name the user's permissions.
   */
  refused: z.array(z.string()).default([]),
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
