import { and, eq } from "drizzle-orm";
import { hashPassword, needsRehash, PasswordHashingBusyError, verifyPassword } from "../auth/secrets.js";
import type { Queryable } from "../db/index.js";
import { users } from "../db/schema/index.js";
import { findUserByEmail, type UserRow } from "../users/users.js";
import { reserveSignIn, signInNotChecked, signInSucceeded, type SignInLimits } from "./login-limiter.js";

export type SignInOutcome =
  | { kind: "signed-in"; user: UserRow }
  | { kind: "wrong" }
  | { kind: "inactive" }
  /** The throttle refused before any check (429). */
  | { kind: "throttled"; retryAfter: number; limit: string }
  /** Too many password checks running already (503). */
  | { kind: "busy"; retryAfter: number };

/**
 * Checks an email and password at sign-in (docs/contract.md#oauth): reserve
 * the attempt, check the password in a hashing slot, and upgrade a hash made
 * with weaker parameters than today's while the password is at hand.
 */
export async function checkSignIn(
  q: Queryable,
  limits: SignInLimits,
  input: { email: string; password: string; address: string },
): Promise<SignInOutcome> {
  const reservation = await reserveSignIn(q, limits, input.email, input.address);
  if (!reservation.ok) return { kind: "throttled", retryAfter: reservation.retryAfter, limit: reservation.limit };
  const user = await findUserByEmail(q, input.email);
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, user?.passwordHash);
  } catch (err) {
    if (!(err instanceof PasswordHashingBusyError)) throw err;
    await signInNotChecked(q, reservation);
    return { kind: "busy", retryAfter: err.retryAfterSeconds };
  }
  if (!user?.passwordHash || !ok) return { kind: "wrong" };
  if (!user.isActive) return { kind: "inactive" };
  await signInSucceeded(q, reservation);
  if (needsRehash(user.passwordHash)) {
    const upgraded = await hashPassword(input.password);
    // Only if the password did not change meanwhile.
    await q
      .update(users)
      .set({ passwordHash: upgraded })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    return { kind: "signed-in", user: { ...user, passwordHash: upgraded } };
  }
  return { kind: "signed-in", user };
}
