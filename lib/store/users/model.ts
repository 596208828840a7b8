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

/** A store user as pages and the browser see it (never the raw API object). */
export interface User {
  id: string;
  email: string;
  permissions: string[];
  active: boolean;
}
