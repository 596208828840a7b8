import { and, asc, count, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/secrets.js";
import { PERMISSIONS, type Permission } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { users } from "../db/schema/index.js";
import { ConflictError, ForbiddenError, NotFoundError } from "../api/errors.js";
import { invalidatePasswordLinks } from "./password-links.js";
import type { UserRow } from "./row.js";
import { type LinkMailSettings, sendPasswordReset, sendWelcome } from "./welcome.js";

export type { UserRow };

export async function listUsers(q: Queryable): Promise<UserRow[]> {
  return q.select().from(users).orderBy(asc(users.id));
}

export async function countUsers(q: Queryable): Promise<number> {
  const [row] = await q.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** The user with the id, or a 404. */
export async function getUser(q: Queryable, id: number): Promise<UserRow> {
  const [user] = await q.select().from(users).where(eq(users.id, id));
  if (!user) throw new NotFoundError(`There is no user with id ${id}.`);
  return user;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  if (email.includes("\0")) return undefined; // no stored email has one, and PostgreSQL refuses it in a query
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function assertEmailFree(q: Queryable, email: string, exceptId?: number) {
  const existing = await findUserByEmail(q, email);
  if (existing && existing.id !== exceptId) {
    throw new ConflictError(`A user with the email ${email} already exists.`, { email: "is already taken" });
  }
}

export interface CreateUserInput {
  email: string;
  password?: string | undefined;
  permissions?: Permission[] | undefined;
}

export async function createUser(q: Queryable, input: CreateUserInput, welcome?: LinkMailSettings): Promise<UserRow> {
  await assertEmailFree(q, input.email);
  const [user] = await q
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      permissions: [...(input.permissions ?? PERMISSIONS)],
    })
    .returning();
  if (!input.password && welcome) await sendWelcome(q, user!, welcome);
  return user!;
}

export interface UpdateUserInput {
  email?: string | undefined;
  password?: string | undefined;
  permissions?: Permission[] | undefined;
  is_active?: boolean | undefined;
}

/**
 * Updates a user. The store must keep an active user who can manage users, so
 * an actor cannot deactivate themselves, and no change may leave the store
 * without an active manage_users user.
 *
 * A new email, a new password or deactivation voids the user's set-password
 * links (docs/contract.md#users). What a new password or deactivation ends
 * beyond the users table (grants, sessions) is accounts/changes.ts's
 * `changeUser`, which the routes call.
 */
export async function updateUser(
  q: Queryable,
  actorId: number | null,
  user: UserRow,
  input: UpdateUserInput,
): Promise<UserRow> {
  if (input.is_active === false && actorId === user.id)
    throw new ForbiddenError("You cannot deactivate your own account.");
  if (input.email !== undefined) await assertEmailFree(q, input.email, user.id);
  const [updated] = await q
    .update(users)
    .set({
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
      ...(input.permissions !== undefined ? { permissions: [...input.permissions] } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  const deactivated = input.is_active === false;
  const passwordChanged = input.password !== undefined;
  if (deactivated || passwordChanged || (input.email !== undefined && input.email !== user.email)) {
    await invalidatePasswordLinks(q, user.id);
  }
  await assertUserManagerRemains(q);
  return updated!;
}

/**
 * Sends an invited user a fresh invitation and voids their older unused links
 * (docs/contract.md#users). Only while the invitation is open: a user with a
 * password gets a reset instead, and an inactive one must be reactivated first
 * (409 conflict either way, nothing sent).
 */
export async function resendInvitation(q: Queryable, target: UserRow, mail: LinkMailSettings): Promise<UserRow> {
  const user = await lockUser(q, target);
  assertActive(user, "an invitation");
  if (user.passwordHash !== null) {
    throw new ConflictError(
      `${user.email} has already set a password, so there is no invitation to send again. Send a password reset instead.`,
    );
  }
  await invalidatePasswordLinks(q, user.id);
  await sendWelcome(q, user, mail);
  return user;
}

/**
 * Emails the user a fresh link to choose a new password and voids their older
 * unused links (docs/contract.md#users). The current password, if any, keeps
 * working until the link is used. Refused (409) for an inactive user.
 */
export async function requestPasswordReset(q: Queryable, target: UserRow, mail: LinkMailSettings): Promise<UserRow> {
  const user = await lockUser(q, target);
  assertActive(user, "a password reset");
  await invalidatePasswordLinks(q, user.id);
  await sendPasswordReset(q, user, mail);
  return user;
}

/**
 * The user's row again, locked until the transaction ends: two requests for
 * links cannot both leave a live one, and a link being used meanwhile (which
 * updates the row) is seen before the rule is judged.
 */
async function lockUser(q: Queryable, user: UserRow): Promise<UserRow> {
  const [row] = await q.select().from(users).where(eq(users.id, user.id)).for("update");
  if (!row) throw new NotFoundError(`There is no user with id ${user.id}.`);
  return row;
}

/** A deactivated user gets no links: their link would not work (password-links.ts) and they cannot sign in. */
function assertActive(user: UserRow, what: string) {
  if (!user.isActive) {
    throw new ConflictError(`${user.email} is deactivated. Reactivate them before sending ${what}.`);
  }
}

export async function deleteUser(q: Queryable, actorId: number | null, user: UserRow): Promise<void> {
  if (actorId === user.id) throw new ForbiddenError("You cannot delete your own account.");
  await q.delete(users).where(eq(users.id, user.id));
  await assertUserManagerRemains(q);
}

async function assertUserManagerRemains(q: Queryable) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isActive, true), sql`${users.permissions} @> '["manage_users"]'::jsonb`));
  if (!row || row.n < 1) {
    throw new ForbiddenError("The store must keep at least one active user with the manage_users permission.");
  }
}
