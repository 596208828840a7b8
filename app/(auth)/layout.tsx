import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";

/**
 * Sign-in and signed-out: the logo above one card, as the store's own pages
 * are laid out (store-api/src/pages/html.ts), from the same tokens, so going
 * from one to the other feels like one product (docs/design.md).
 */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-3 pt-6 pb-8 sm:px-4 sm:pt-10 sm:pb-12">
      <header className="mb-6">
        <Logo />
      </header>
      <main id="main" className="rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">
        {children}
      </main>
    </div>
  );
}
