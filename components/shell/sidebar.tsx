import Link from "next/link";
import { signOutAction } from "@/lib/actions/session";
import { displayAddress } from "@/lib/store/errors";
import type { SessionView } from "@/lib/session";
import { buttonClasses } from "../ui/button";
import { Logo } from "../ui/logo";
import { NavMenu } from "./nav-menu";

export function Sidebar({ session }: { session: SessionView }) {
  return (
    <header className="relative border-b border-border bg-surface md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 md:overflow-y-auto md:border-b-0 md:border-r">
      <div className="flex min-h-16 items-center px-6">
        <Link href="/" className="rounded-md">
          <Logo />
        </Link>
      </div>
      <NavMenu permissions={session.permissions}>
        <div className="border-t border-border px-6 py-4 text-sm">
          <p className="text-fg-muted">Signed in as</p>
          <p className="break-all font-medium text-fg" data-testid="signed-in-as">
            {session.signedInAs}
          </p>
          {session.email ? (
            <p className="mt-1 break-all text-fg-muted">Store: {displayAddress(session.storeUrl)}</p>
          ) : null}
          <form action={signOutAction} className="mt-3">
            <button type="submit" className={buttonClasses("secondary", "w-full")}>
              Sign out
            </button>
          </form>
        </div>
      </NavMenu>
    </header>
  );
}
