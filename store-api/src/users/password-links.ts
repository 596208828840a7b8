import { and, eq, gt, isNull } from "drizzle-orm";
import { hashPassword, randomToken, sha256 } from "../auth/secrets.js";
import type { Queryable } from "../db/index.js";
import { passwordTokens, users } from "../db/schema/index.js";
import type { UserRow } from "./users.js";

/**
 * Single-use links that let an invited user set a password (the welcome
 * e-mail's link to /account/set-password). Only the token's hash is stored.
 */
export const PASSWORD_LINK_DAYS = 7;

export interface PasswordLink {
  tokenHash: string;
  user: UserRow;
}

/** Creates a link for the user; returns the token to put in the URL. */
export async function createPasswordLink(q: Queryable, userId: number): Promise<string> {
  const token = randomToken("spw_");
  await q.insert(passwordTokens).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + PASSWORD_LINK_DAYS * 86_400_000),
  });
  return token;
}

/** The unused, unexpired link behind a token, with its user. */
export async function findPasswordLink(q: Queryable, token: unknown): Promise<PasswordLink | undefined> {
  if (typeof token !== "string" || !token || token.length > 200) return undefined;
  const [row] = await q
    .select({ tokenHash: passwordTokens.tokenHash, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Sets the user's password and spends the link (run both in one transaction). */
export async function setPasswordWithLink(q: Queryable, link: PasswordLink, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await q.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, link.user.id));
  await q.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.tokenHash, link.tokenHash));
}
