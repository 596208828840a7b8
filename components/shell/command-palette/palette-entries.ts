import { home, sections } from "../../../lib/navigation";
import type { UserPermission } from "../../../lib/store/users/model";

/**
 * The palette's pages and commands, offered only to people whose permissions
 * allow them (null: the store did not name them; everything is offered and
 * the store decides, as the sidebar does: lib/navigation.ts).
 */

export type PaletteCommandId = "theme-light" | "theme-dark" | "theme-system" | "sign-out" | "shortcuts";

export interface StaticEntry {
  id: string;
  label: string;
  /** More words it is found by ("add", "create"…). */
  keywords?: string;
  /** Where it goes; or a command run in the page. */
  href?: string;
  command?: PaletteCommandId;
  permission?: UserPermission;
}

const may = (permissions: readonly string[] | null, permission?: UserPermission) =>
  !permission || permissions === null || permissions.includes(permission);

const commands: readonly StaticEntry[] = [
  {
    id: "new-product",
    label: "New product",
    keywords: "add create",
    href: "/products/new",
    permission: "manage_products",
  },
  {
    id: "new-order",
    label: "New order",
    keywords: "add create sale",
    href: "/orders/new",
    permission: "manage_orders",
  },
  {
    id: "invite-user",
    label: "Invite user",
    keywords: "add staff person",
    href: "/users/invite",
    permission: "manage_users",
  },
  {
    id: "bulk-edit",
    label: "Bulk edit products",
    keywords: "grid spreadsheet prices",
    href: "/products/bulk",
    permission: "manage_products",
  },
  {
    id: "images-by-name",
    label: "Images by file name",
    keywords: "upload pictures photos folder many match sku",
    href: "/products/images",
    permission: "manage_products",
  },
  {
    id: "inventory",
    label: "Inventory",
    keywords: "stock quantities options count",
    href: "/products/inventory",
    permission: "manage_products",
  },
  {
    id: "theme-light",
    label: "Switch to the light theme",
    keywords: "appearance colour color mode",
    command: "theme-light",
  },
  {
    id: "theme-dark",
    label: "Switch to the dark theme",
    keywords: "appearance colour color mode night",
    command: "theme-dark",
  },
  {
    id: "theme-system",
    label: "Use the system's theme",
    keywords: "appearance colour color mode auto",
    command: "theme-system",
  },
  { id: "shortcuts", label: "Keyboard shortcuts", keywords: "keys help", command: "shortcuts" },
  { id: "sign-out", label: "Sign out", keywords: "log out leave", command: "sign-out" },
];

/** Home, every section and its subpages ("Bulk edit" under Products), as the navigation lists them. */
export function pageEntries(permissions: readonly string[] | null): StaticEntry[] {
  const pages: StaticEntry[] = [{ id: "page:/", label: home.label, href: home.path, keywords: "start dashboard" }];
  for (const section of sections) {
    if (!may(permissions, section.permission)) continue;
    pages.push({
      id: `page:${section.path}`,
      label: section.label,
      href: section.path,
      permission: section.permission,
    });
    for (const sub of section.subpages ?? []) {
      // A subpage that is also a command ("Bulk edit products", "Inventory") is offered once, as the command.
      if (commands.some((c) => c.href === sub.path)) continue;
      pages.push({
        id: `page:${sub.path}`,
        label: `${section.label}: ${sub.label}`,
        href: sub.path,
        permission: section.permission,
      });
    }
  }
  return pages;
}

/** The commands the person may run. */
export function commandEntries(permissions: readonly string[] | null): StaticEntry[] {
  return commands.filter((c) => may(permissions, c.permission));
}

/** May the person see orders, products, coupons, users (what the palette searches)? */
export function searchable(permissions: readonly string[] | null) {
  return {
    orders: may(permissions, "manage_orders"),
    products: may(permissions, "manage_products"),
    coupons: may(permissions, "manage_marketing"),
    users: may(permissions, "manage_users"),
  };
}
