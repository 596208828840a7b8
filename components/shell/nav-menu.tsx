"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useState } from "react";
import { visibleSections } from "@/lib/navigation";

/**
 * The sections the user can use (lib/navigation.ts), collapsed behind a Menu
 * button on narrow screens. `permissions` is null when the store did not name
 * them: then every section is listed.
 */
export function NavMenu({ permissions, children }: { permissions: string[] | null; children: ReactNode }) {
  const pathname = usePathname();
  // The menu is open on the page it was opened on: choosing a section (a new
  // pathname) closes it on phones, with no effect to run.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <>
      <button
        type="button"
        className="absolute right-4 top-3 inline-flex min-h-10 items-center rounded-md border border-border-strong px-3 text-sm font-medium text-fg md:hidden"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Menu
      </button>
      <div id="site-menu" className={`${open ? "block" : "hidden"} border-t border-border md:block md:border-t-0`}>
        <nav aria-label="Sections" className="px-3 py-3">
          <ul className="space-y-1">
            {visibleSections(permissions).map(({ path, label, icon: Icon }) => {
              const current = pathname === path || pathname.startsWith(`${path}/`);
              return (
                <li key={path}>
                  <Link
                    href={path}
                    aria-current={current ? "page" : undefined}
                    className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
                      current ? "bg-accent-soft text-accent-soft-fg" : "text-fg hover:bg-surface-hover"
                    }`}
                  >
                    <Icon aria-hidden="true" className="size-4 shrink-0" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {children}
      </div>
    </>
  );
}
