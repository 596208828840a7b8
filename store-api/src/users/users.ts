import { and, eq, sql } from "drizzle-orm";
import { hashPassword, randomToken, sha256 } from "../auth/secrets.js";
import { PERMISSIONS, type Permission } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { oauthGrants, passwordTokens, users, webSessions } from "../db/schema.js";
import { ConflictError, ForbiddenError } from "../errors.js";
import type { Mailer } from "../mail/mailer.js";
import { escapeHtml } from "../pages/html.js";

export type UserRow = typeof users.$inferSelect;

/** The User resource as the API returns it. */
export function serializeUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    permissions: PERMISSIONS.filter((p) => u.permissions.includes(p)),
    is_active: u.isActive,
    created: Math.floor(u.createdAt.getTime() / 1000),
    modified: Math.floor(u.updatedAt.getTime() / 1000),
  };
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  if (email.includes("\0")) return undefined; // no stored e-mail has one, and PostgreSQL refuses it in a query
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function assertEmailFree(q: Queryable, email: string, exceptId?: number) {
  const existing = await findUserByEmail(q, email);
  if (existing && existing.id !== exceptId) {
    throw new ConflictError(`A user with the e-mail ${email} already exists.`, { email: "is already taken" });
  }
}

const WELCOME_LINK_DAYS = 7;

export interface CreateUserInput {
  email: string;
  password?: string | undefined;
  permissions?: Permission[] | undefined;
}

export async function createUser(
  q: Queryable,
  input: CreateUserInput,
  welcome?: { mailer: Mailer; publicUrl: string; storeName: string },
): Promise<UserRow> {
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

/** The spec's "password-setting welcome e-mail" for users created without a password. */
async function sendWelcome(q: Queryable, user: UserRow, w: { mailer: Mailer; publicUrl: string; storeName: string }) {
  const token = randomToken("spw_");
  await q.insert(passwordTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + WELCOME_LINK_DAYS * 86_400_000),
  });
  const link = `${w.publicUrl}/account/set-password?token=${encodeURIComponent(token)}`;
  await w.mailer.enqueue(q, {
    to: user.email,
    subject: `You have been invited to ${w.storeName}`,
    text:
      `You have been given a staff account at ${w.storeName}.\n\n` +
      `Set your password here (the link works once, for ${WELCOME_LINK_DAYS} days):\n${link}\n`,
    html:
      `<p>You have been given a staff account at ${escapeHtml(w.storeName)}.</p>` +
      `<p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, for ${WELCOME_LINK_DAYS} days).</p>`,
  });
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
  if (input.is_active === false && user.isActive) {
    // Deactivation ends everything the user had: tokens answer 401 from now on.
    await q.update(oauthGrants).set({ revokedAt: new Date() }).where(eq(oauthGrants.userId, user.id));
    await q.delete(webSessions).where(eq(webSessions.userId, user.id));
  }
  await assertUserManagerRemains(q);
  return updated!;
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
