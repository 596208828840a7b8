"use client";

import type { LucideIcon } from "lucide-react";
// One module per icon: the shell is on every page.
import Mail from "lucide-react/icons/mail";
import MenuIcon from "lucide-react/icons/menu";
import Palette from "lucide-react/icons/palette";
import X from "lucide-react/icons/x";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { home, visibleSections } from "@/lib/navigation";
import { OrdersNavBadge, ordersBadgeDescriptionId } from "../orders/live/orders-badge";

interface NavLink {
  label: string;
  path: string;
  icon: LucideIcon;
  subpages?: readonly { label: string; path: string }[];
}

const devLinks: readonly NavLink[] = [
  { label: "Mail", path: "/dev/mail", icon: Mail },
  { label: "UI kit", path: "/dev/ui", icon: Palette },
];

const isCurrent = (pathname: string, path: string) =>
  path === "/" ? pathname === "/" : pathname === path || pathname.startsWith(`${path}/`);

export interface NavMenuProps {
  /** The user's permissions; null when the store did not name them (every section is listed). */
  permissions: string[] | null;
  /** Whether to list the development pages (lib/dev-pages.ts, and the user may manage users). */
  showDevLinks: boolean;
  /** The logo and the store's name, at the top. */
  brand: ReactNode;
  /** The command palette's button, above the sections on desktops (phones have it in the top bar). */
  search?: ReactNode;
  /** The user menu at the right of the phone's top bar. */
  topBarEnd: ReactNode;
  /** The user menu at the bottom of the desktop sidebar. */
  footer: ReactNode;
}

/**
 * The shell's navigation: a sidebar from `md` up; on phones a top bar whose
 * Menu button opens the same links over the page. The menu closes on
 * navigation (it is open for the page it was opened on), and Escape closes it
 * and puts focus back on the button.
 */
export function NavMenu({ permissions, showDevLinks, brand, search, topBarEnd, footer }: NavMenuProps) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu from wherever focus is, and hands focus back to its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      // A menu or dialog on top (the user menu) closes first.
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpenOn(null);
      toggle.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const link = ({ label, path, icon: Icon, subpages = [] }: NavLink) => {
    const onSubpage = subpages.some((page) => isCurrent(pathname, page.path));
    const current = isCurrent(pathname, path) && !onSubpage;
    // Orders carries the live badge (components/orders/live/): only listed for people who may see orders.
    const orders = path === "/orders";
    return (
      <li key={path}>
        <Link
          href={path}
          aria-current={current ? "page" : undefined}
          aria-describedby={orders ? ordersBadgeDescriptionId : undefined}
          // The current page's own link changes no pathname: close by hand.
          onClick={() => setOpenOn(null)}
          className={cn(
            "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
            current ? "bg-accent-soft text-accent-soft-fg" : "text-fg hover:bg-surface-hover",
          )}
        >
          <Icon aria-hidden="true" className={cn("size-4 shrink-0", current ? "" : "text-fg-muted")} />
          {label}
          {orders ? <OrdersNavBadge permissions={permissions} onList={current} /> : null}
        </Link>
        {subpages.length ? (
          <ul className="mt-1 space-y-1">
            {subpages.map((page) => {
              const here = isCurrent(pathname, page.path);
              return (
                <li key={page.path}>
                  <Link
                    href={page.path}
                    aria-current={here ? "page" : undefined}
                    onClick={() => setOpenOn(null)}
                    className={cn(
                      "flex min-h-9 items-center rounded-md py-1.5 ps-10 pe-3 text-sm transition-colors",
                      here
                        ? "bg-accent-soft font-medium text-accent-soft-fg"
                        : "text-fg-muted hover:bg-surface-hover hover:text-fg",
                    )}
                  >
                    {page.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <>
      <div className="flex min-h-16 items-center gap-2 px-3 md:px-5">
        <button
          ref={toggle}
          type="button"
          className="inline-flex size-control shrink-0 items-center justify-center rounded-md text-fg hover:bg-surface-hover md:hidden"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <MenuIcon aria-hidden="true" className="size-5" />}
        </button>
        <div className="min-w-0 flex-1">{brand}</div>
        <div className="shrink-0 md:hidden">{topBarEnd}</div>
      </div>
      <div
        id="site-menu"
        className={cn(
          open ? "flex" : "hidden",
          // Phones: a panel over the page, under the top bar. Desktop: the rest of the sidebar.
          "max-h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-b border-border bg-surface shadow-lg max-md:absolute max-md:inset-x-0 max-md:top-full",
          "md:flex md:max-h-none md:min-h-0 md:flex-1 md:overflow-visible md:border-b-0 md:shadow-none",
        )}
      >
        <div className="space-y-6 px-3 py-3 md:min-h-0 md:flex-1 md:overflow-y-auto">
          {search ? <div className="hidden md:block">{search}</div> : null}
          <nav aria-label="Sections">
            <ul className="space-y-1">{[home, ...visibleSections(permissions)].map(link)}</ul>
          </nav>
          {showDevLinks ? (
            <nav aria-labelledby="dev-nav-heading">
              <p id="dev-nav-heading" className="mb-1 px-3 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                Development
              </p>
              <ul className="space-y-1">{devLinks.map(link)}</ul>
            </nav>
          ) : null}
        </div>
        <div className="hidden border-t border-border p-3 md:block">{footer}</div>
      </div>
    </>
  );
}
