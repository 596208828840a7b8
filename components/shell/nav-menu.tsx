"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";

const sections = [
  { href: "/orders", label: "Orders" },
  { href: "/products", label: "Products" },
  { href: "/coupons", label: "Coupons" },
  { href: "/shipping", label: "Shipping" },
  { href: "/tax", label: "Tax" },
  { href: "/users", label: "Users" },
] as const;

/** The sections, collapsed behind a Menu button on narrow screens. */
export function NavMenu({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  // A chosen section closes the menu on phones.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        className="absolute right-4 top-3 inline-flex min-h-10 items-center rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-900 md:hidden"
        aria-expanded={open}
        aria-controls="site-menu"
        onClick={() => setOpen((value) => !value)}
      >
        Menu
      </button>
      <div id="site-menu" className={`${open ? "block" : "hidden"} border-t border-gray-200 md:block md:border-t-0`}>
        <nav aria-label="Sections" className="px-3 py-3">
          <ul className="space-y-1">
            {sections.map(({ href, label }) => {
              const current = pathname === href || pathname.startsWith(`${href}/`);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-md px-3 py-2 text-sm font-medium ${
                      current ? "bg-brand-50 text-brand-800" : "text-gray-800 hover:bg-gray-100"
                    }`}
                  >
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
