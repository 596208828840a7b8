import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { hashPassword, randomToken, sha256 } from "../auth/secrets.js";
import type { Queryable } from "../db/index.js";
import { passwordTokens, users } from "../db/schema/index.js";
import type { UserRow } from "./row.js";

/**
 * Single-use links that let an invited user set a password (the welcome
 * email's link to /account/set-password). Only the token's hash is stored.
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

/** The user of an unused, unexpired link behind a token, for showing the form (nothing is spent). */
export async function findPasswordLink(q: Queryable, token: unknown): Promise<PasswordLink | undefined> {
  if (!plausibleToken(token)) return undefined;
  const [row] = await q
    .select({ tokenHash: passwordTokens.tokenHash, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(and(eq(passwordTokens.tokenHash, sha256(token)), live(), eq(users.isActive, true)));
  return row;
}

function plausibleToken(token: unknown): token is string {
  return typeof token === "string" && !!token && token.length <= 200;
}

/** A link is live while unused and unexpired (the expiry stays: docs/contract.md#users). */
function live() {
  return and(isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, sql`now()`));
}

/**
 * Spends the link and sets its user's password; run it inside the request's
 * transaction. The claim is one conditional UPDATE … RETURNING: of parallel
 * posts of the same link exactly one gets the row (the others wait on its lock
 * and then find it used), so a link sets one password, once
 * (docs/contract.md#users). Answers the user, or undefined when the link is
 * unknown, used, expired or its user inactive (nothing changed).
 *
 * Setting a password ends the user's other links here; accounts/changes.ts's
 * `setPasswordWithLink` ends their grants and store sessions too, so that
 * whoever held the account before the reset keeps nothing.
 */
export async function claimLinkAndSetPassword(
  q: Queryable,
  token: unknown,
  password: string,
): Promise<UserRow | undefined> {
  if (!plausibleToken(token)) return undefined;
  const passwordHash = await hashPassword(password);
  const [claimed] = await q
    .update(passwordTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256(token)),
        live(),
        inArray(passwordTokens.userId, q.select({ id: users.id }).from(users).where(eq(users.isActive, true))),
      ),
    )
    .returning({ userId: passwordTokens.userId });
  if (!claimed) return undefined;
  const [user] = await q
    .update(users)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(users.id, claimed.userId))
    .returning();
  await invalidatePasswordLinks(q, claimed.userId);
  return user;
}

/**
 * Voids every unused link of a user. Called when the email changes (the link
 * went to the old address), the password is set some other way, or the user is
 * deactivated; reactivation brings no link back (docs/contract.md#users).
 */
export async function invalidatePasswordLinks(q: Queryable, userId: number): Promise<void> {
  await q.delete(passwordTokens).where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}
