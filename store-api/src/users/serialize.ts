import { PERMISSIONS } from "../auth/permissions.js";
import type { UserRow } from "./row.js";

/** The User resource as the API returns it (users/schemas.ts `user`). */
export function serializeUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    permissions: PERMISSIONS.filter((p) => u.permissions.includes(p)),
    is_active: u.isActive,
    password_set: u.passwordHash !== null,
    created: Math.floor(u.createdAt.getTime() / 1000),
    modified: Math.floor(u.updatedAt.getTime() / 1000),
  };
}
