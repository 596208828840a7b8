import Link from "next/link";
import type { Theme } from "@/components/ui/theme";
import type { SessionView } from "@/lib/session";
import { Logo } from "../ui/logo";
import { PaletteTrigger } from "./command-palette/palette-shell";
import { NavMenu } from "./nav-menu";
import { UserMenu } from "./user-menu";

export interface SidebarProps {
  session: SessionView;
  /** Whether to list the development pages (Mail, UI kit). */
  showDevLinks: boolean;
  initialTheme: Theme;
}

/**
 * The shell around every signed-in page: the logo and the store's name, the
 * sections the user may use (lib/navigation.ts), and the user menu. A
 * sidebar on desktops, a top bar with a Menu button on phones.
 */
export function Sidebar({ session, showDevLinks, initialTheme }: SidebarProps) {
  const account = { signedInAs: session.signedInAs, storeName: session.storeName, initialTheme };
  return (
    <header className="relative z-30 border-b border-border bg-surface md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
      <NavMenu
        permissions={session.permissions}
        showDevLinks={showDevLinks}
        brand={
          <div className="flex min-w-0 flex-col">
            <Link href="/" className="self-start rounded-md">
              <Logo />
            </Link>
            <p className="truncate ps-9 text-xs text-fg-muted" title={session.storeName}>
              {session.storeName}
            </p>
          </div>
        }
        search={<PaletteTrigger variant="sidebar" />}
        topBarEnd={
          <div className="flex items-center gap-1">
            <PaletteTrigger variant="topbar" />
            <UserMenu {...account} variant="topbar" />
          </div>
        }
        footer={<UserMenu {...account} variant="sidebar" />}
      />
    </header>
  );
}
