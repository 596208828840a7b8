import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Outside the dashboard's shell (signed-in users get app/(dashboard)/not-found.tsx
 * through the catch-all): the logo and a way in.
 */
export default function NotFound() {
  return (
    <div className="mx-auto w-full max-w-md px-3 pt-6 pb-8 sm:px-4 sm:pt-10 sm:pb-12">
      <header className="mb-6">
        <Logo />
      </header>
      <main id="main" className="rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">
        <h1 className="text-xl font-semibold tracking-tight text-fg">Page not found</h1>
        <p className="mt-2 text-sm text-fg-muted">
          There is nothing at this address in Store Admin. Sign in to find your way from Home.
        </p>
        <Link href="/signin" className={buttonClasses("primary", "mt-6 w-full")}>
          Sign in
        </Link>
      </main>
    </div>
  );
}
