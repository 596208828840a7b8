import type { LucideIcon } from "lucide-react";
import House from "lucide-react/icons/house";
// One module per icon: only these few reach the browser.
import Package from "lucide-react/icons/package";
import Receipt from "lucide-react/icons/receipt";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import TicketPercent from "lucide-react/icons/ticket-percent";
import Truck from "lucide-react/icons/truck";
import UsersIcon from "lucide-react/icons/users";
import { permissionLabels, type UserPermission } from "./store/users/model";

/** A section of the dashboard, as the sidebar, the phone menu and Home show it. */
export interface Section {
  label: string;
  path: string;
  icon: LucideIcon;
  /** The store permission its pages need (docs/contract.md#scopes-and-permissions). */
  permission: UserPermission;
  /** One line for Home. */
  description: string;
  /** Pages of the section the navigation lists under it ("Bulk edit" under Products). */
  subpages?: readonly { label: string; path: string }[];
}

export const sections: readonly Section[] = [
  {
    label: "Orders",
    path: "/orders",
    icon: ShoppingCart,
    permission: "manage_orders",
    description: "See, fulfil and cancel your orders.",
  },
  {
    label: "Products",
    path: "/products",
    icon: Package,
    permission: "manage_products",
    description: "Edit products, their options, extras and images.",
    subpages: [
      { label: "Bulk edit", path: "/products/bulk" },
      { label: "Inventory", path: "/products/inventory" },
    ],
  },
  {
    label: "Coupons",
    path: "/coupons",
    icon: TicketPercent,
    permission: "manage_marketing",
    description: "Create coupons and manage their codes.",
  },
  {
    label: "Shipping",
    path: "/shipping",
    icon: Truck,
    permission: "manage_store_settings",
    description: "Set up shipping groups and their rates.",
  },
  {
    label: "Tax",
    path: "/tax",
    icon: Receipt,
    permission: "manage_store_settings",
    description: "Set up tax groups and their rates.",
  },
  {
    label: "Users",
    path: "/users",
    icon: UsersIcon,
    permission: "manage_users",
    description: "Invite the people who help you and choose what each may do.",
  },
];

export interface SectionAccess extends Section {
  /** Whether the signed-in user has the section's permission. */
  allowed: boolean;
}

/**
 * Every section, marked with whether the user can use it. `permissions` is
 * null when the store did not name them (a plain store): then every section
 * is shown and the store decides when one is opened. This only shows and
 * hides; it never grants anything.
 */
export function sectionAccess(permissions: readonly string[] | null): SectionAccess[] {
  return sections.map((section) => ({
    ...section,
    allowed: permissions === null || permissions.includes(section.permission),
  }));
}

/** The sections the sidebar and the phone menu list. */
export function visibleSections(permissions: readonly string[] | null): Section[] {
  return sectionAccess(permissions).filter((section) => section.allowed);
}

/** Home: the first entry of the sidebar, open to everyone (it lists what they may use). */
export const home = { label: "Home", path: "/", icon: House } as const;

/** The section a path belongs to ("/users/42" → Users), if any. */
export function sectionAt(pathname: string): Section | undefined {
  return sections.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}

/** Whether the user may open a section (see sectionAccess for null). */
export function mayUse(permissions: readonly string[] | null, section: Section): boolean {
  return permissions === null || permissions.includes(section.permission);
}

/**
 * Where a user lands after signing in: the page they were going to when they
 * may use it, otherwise Home (the first page everyone may use, showing only
 * their sections).
 */
export function landingPath(callbackPath: string, permissions: readonly string[] | null): string {
  const section = sectionAt(callbackPath.split(/[?#]/)[0] ?? "/");
  return section && !mayUse(permissions, section) ? home.path : callbackPath;
}

/** "Manage users" for a person: the words for what a section needs, never the raw name. */
export function permissionNeeded(section: Section): string {
  return permissionLabels[section.permission].toLowerCase();
}
