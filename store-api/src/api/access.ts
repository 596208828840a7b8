import type { Permission, Scope } from "../auth/permissions.js";

/** What a route needs: one of `scopes` on the token, and `permission` on its user. */
export interface AccessRule {
  scopes: Scope[];
  permission: Permission | null;
}

const WRITE_PERMISSION: Record<string, Permission> = {
  orders: "manage_orders",
  products: "manage_products",
  products_multi: "manage_products",
  products_changes: "manage_products",
  coupons: "manage_marketing",
  shipping_groups: "manage_store_settings",
  tax_groups: "manage_store_settings",
  users: "manage_users",
};

/**
 * The one permission rule for every /api/v1 route
 * (docs/contract.md#scopes-and-permissions), derived from the method and the route's URL pattern:
 *   - GET on products and anything under /products/… (and the catalogue's changes, an extension) →
 *     storefront or admin, no permission, as the products list;
 *   - every other GET and every POST/PUT/DELETE → admin;
 *   - the user needs the resource's permission, or view_stats for …/count.
 * Throws for a resource it does not know, so a new route cannot go unguarded.
 */
export function accessRule(method: string, routeUrl: string): AccessRule {
  const segments = routeUrl.replace(/^\/api\/v1\/?/, "").split("/");
  const resource = segments[0] ?? "";
  const permission = WRITE_PERMISSION[resource];
  if (!permission) throw new Error(`No access rule for the API resource "${resource}" (${method} ${routeUrl})`);
  const read = method === "GET" || method === "HEAD";
  if (read && (resource === "products" || resource === "products_changes"))
    return { scopes: ["storefront", "admin"], permission: null };
  if (read && segments[segments.length - 1] === "count") return { scopes: ["admin"], permission: "view_stats" };
  return { scopes: ["admin"], permission };
}
