import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { PaletteShell } from "@/components/shell/command-palette/palette-shell";
import { devPagesOpenTo } from "@/components/shell/dev-links";
import { PermissionsNotice } from "@/components/shell/permissions-notice";
import { PermissionsWatch } from "@/components/shell/permissions-watch";
import { Sidebar } from "@/components/shell/sidebar";
import { parseTheme, themeCookie } from "@/components/ui/theme";
import { getEnv } from "@/lib/env";
import { getSessionView } from "@/lib/session";
import { permissionsVersionCookie } from "@/lib/session-token";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // proxy.ts already sends signed-out visitors away (with their callbackUrl);
  // this is the belt to its braces.
  const session = await getSessionView();
  if (!session) redirect("/signin");
  const theme = parseTheme((await cookies()).get(themeCookie)?.value);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-accent-soft-fg shadow focus:not-sr-only focus:fixed focus:top-4 focus:left-4"
      >
        Skip to main content
      </a>
      {/* React Query and the toasts, once for every section (its keys: lib/query-keys.ts). Around
          the sidebar too: its Orders badge and the orders list share one poll (components/orders/live/). */}
      <Providers weightUnit={getEnv().STORE_WEIGHT_UNIT ?? null}>
        {/* The permissions are read again on the server when due (proxy.ts); this keeps the shell in step. */}
        <PermissionsWatch
          version={session.permissionsVersion}
          readAt={session.permissionsReadAt}
          cookieName={permissionsVersionCookie}
        />
        {/* ⌘K / Ctrl+K and the keyboard shortcuts on every page (docs/design.md#command-palette). */}
        <PaletteShell permissions={session.permissions}>
          <div className="min-h-screen md:flex">
            <Sidebar session={session} showDevLinks={devPagesOpenTo(session.permissions)} initialTheme={theme} />
            <main
              id="main"
              tabIndex={-1}
              className="min-w-0 flex-1 px-4 py-6 -outline-offset-3 sm:px-6 md:px-10 md:py-10"
            >
              <div className="mx-auto max-w-4xl">
                {session.permissionChange ? <PermissionsNotice change={session.permissionChange} /> : null}
                {children}
              </div>
            </main>
          </div>
        </PaletteShell>
      </Providers>
    </>
  );
}
