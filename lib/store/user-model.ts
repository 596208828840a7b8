/**
 * Users in the dashboard's own terms. No zod here: client components import
 * this, and a schema library would weigh on every users page.
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
