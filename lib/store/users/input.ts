import * as z from "zod/mini";
import { userPermissions } from "./model";

/**
 * What a person may send about users: one schema per form, used by the form
 * (react-hook-form) and again by the server action. zod/mini keeps the forms'
 * JavaScript small.
 */

const userId = z.string().check(z.regex(/^[^/?#]+$/, "Not a user id."));

export const inviteUserInput = z.object({
  email: z
    .email("Enter an email address such as name@example.com.")
    .check(z.maxLength(254, "That email address is too long.")),
  // Empty means "send an invitation email so they set their own".
  // Passwords are 8–256 characters (docs/contract.md#users).
  password: z.pipe(
    z.optional(
      z.string().check(
        z.refine((value) => value === "" || value.length >= 8, "Use at least 8 characters, or leave it empty."),
        z.maxLength(256, "Use at most 256 characters."),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  ),
  // Always sent, even empty: the store gives every permission to a new user
  // whose list is left out (docs/contract.md#users).
  permissions: z.array(z.enum(userPermissions)),
});
export type InviteUserInput = z.input<typeof inviteUserInput>;

// Editing keeps permissions this dashboard does not know (a newer store may
// have more), so any permission-shaped name is accepted; the store decides.
export const updatePermissionsInput = z.object({
  id: userId,
  permissions: z.array(z.string().check(z.regex(/^[a-z][a-z0-9_]*$/))).check(z.maxLength(50)),
});
export type UpdatePermissionsInput = z.input<typeof updatePermissionsInput>;

export const sendUserMailInput = z.object({ id: userId, mail: z.enum(["invitation", "password_reset"]) });
export const setUserActiveInput = z.object({ id: userId, active: z.boolean() });
export const userIdInput = z.object({ id: userId });
