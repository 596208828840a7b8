/** The user permissions the spec defines (User.permissions). */
export const PERMISSIONS = [
  "manage_orders",
  "manage_products",
  "manage_store_settings",
  "manage_marketing",
  "manage_users",
  "view_stats",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The OAuth scopes the spec defines. */
export const SCOPES = ["storefront", "cart", "admin"] as const;
export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  storefront: "Read products, pages and storefront information",
  cart: "Read and change a hosted shopping cart (currently unused)",
  admin: "Read and change everything you can manage: orders, products, coupons, shipping, tax and users",
};
