import type { Queryable } from "../db/index.js";
import { endUserSessions } from "../oauth/session.js";
import { revokeUserGrants } from "../oauth/tokens.js";
import { claimLinkAndSetPassword } from "../users/password-links.js";
import { type UpdateUserInput, updateUser, type UserRow } from "../users/users.js";

/**
 * Account changes that reach past the users table (docs/contract.md#users): a
 * new password or a deactivation also ends the user's OAuth grants and store
 * sessions. This module sits above users/ and oauth/ and calls each, so that
 * neither imports the other (oauth reads users; users knows nothing of oauth).
 * The routes call these, in the request's transaction.
 */

/**
 * PUT /users/{id}: the change (users/users.ts `updateUser`), then what it
 * ends. Deactivation ends everything the user had: their tokens answer 401
 * from now on. A new password ends whatever the old one opened, but not the
 * request's own grant (`actorGrantId`) when users change their own password:
 * the token making the change keeps working.
 */
export async function changeUser(
  q: Queryable,
  actorId: number | null,
  user: UserRow,
  input: UpdateUserInput,
  actorGrantId?: number,
): Promise<UserRow> {
  const updated = await updateUser(q, actorId, user, input);
  const deactivated = input.is_active === false;
  if (deactivated || input.password !== undefined) {
    const keep = !deactivated && actorId === user.id ? actorGrantId : undefined;
    await revokeUserGrants(q, user.id, keep);
    await endUserSessions(q, user.id);
  }
  return updated;
}

/**
 * The set-password page: the link claimed and the password set
 * (users/password-links.ts), then every grant and store session of the user
 * ended, so that whoever held the account before the reset keeps nothing.
 * Undefined when the link is unknown, used, expired or its user inactive
 * (nothing changed).
 */
export async function setPasswordWithLink(
  q: Queryable,
  token: unknown,
  password: string,
): Promise<UserRow | undefined> {
  const user = await claimLinkAndSetPassword(q, token, password);
  if (user) {
    await revokeUserGrants(q, user.id);
    await endUserSessions(q, user.id);
  }
  return user;
}
