/**
 * Users in the dashboard's own terms: types, permission names and labels.
 * Safe anywhere and free of zod, because client components import it; the
 * raw API shape is read in ./schema.ts (docs/contract.md#users).
 */

export const userPermissions = [
  "manage_orders",
  "manage_products",
  "manage_store_settings",
  "manage_marketing",
  "manage_users",
  "view_stats",
] as const;

export type UserPermission = (typeof userPermissions)[number];

export const permissionLabels: Record<UserPermission, string> = {
  manage_orders: "Manage orders",
  manage_products: "Manage products",
  manage_store_settings: "Manage store settings",
  manage_marketing: "Manage marketing",
  manage_users: "Manage users",
  view_stats: "View statistics",
};

export function permissionLabel(permission: string): string {
  return (permissionLabels as Record<string, string>)[permission] ?? permission;
}

/**
 * What one line on the Users page says of a user. "invited": active but no
 * password set yet (known only from the store's `password_set` extension,
 * docs/contract.md#extensions); a store without it has active and
 * deactivated users only.
 */
export type UserStatus = "invited" | "active" | "deactivated";

export const userStatusLabels: Record<UserStatus, string> = {
  invited: "Invited",
  active: "Active",
  deactivated: "Deactivated",
};

/** What each permission lets a person do, in words (the invite and edit forms). */
export const permissionDescriptions: Record<UserPermission, string> = {
  manage_orders: "See orders, fulfil and cancel them.",
  manage_products: "Add and change products, their options, extras and media.",
  manage_store_settings: "Change shipping and tax settings.",
  manage_marketing: "Create and change coupons.",
  manage_users:
    "Invite people, change what anyone may do (their own access included) and remove them. Give it only to people you would trust with the store.",
  view_stats: "See order counts and statistics.",
};

/** A store user as pages and the browser see it (never the raw API object). */
export interface User {
  id: string;
  email: string;
  permissions: string[];
  active: boolean;
  /** false while invited (no password yet); null when the store does not say. */
  passwordSet: boolean | null;
  status: UserStatus;
}

export function userStatus(user: { active: boolean; passwordSet: boolean | null }): UserStatus {
  if (!user.active) return "deactivated";
  return user.passwordSet === false ? "invited" : "active";
}
