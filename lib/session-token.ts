import { z } from "zod";

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
