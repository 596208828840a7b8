"use client";

import ChevronsUpDown from "lucide-react/icons/chevrons-up-down";
import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Sun from "lucide-react/icons/sun";
import { useId, useSyncExternalStore, useTransition } from "react";
import { cn } from "@/components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from "@/components/ui/dropdown-menu";
import { type Theme, parseTheme } from "@/components/ui/theme";
import { setTheme } from "@/components/ui/theme-switch";
import { signOutAction } from "@/lib/actions/session";
import { markSigningOut } from "@/lib/sign-in-again";

const themeOptions = [
  { value: "system", label: "System", Icon: Monitor },
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
] as const satisfies ReadonlyArray<{ value: Theme; label: string; Icon: unknown }>;

// The theme is <html data-theme> (docs/design.md#theme): follow it, so that
// this menu and any other switch on the page agree.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}
const currentTheme = () => parseTheme(document.documentElement.dataset.theme);

export interface UserMenuProps {
  /** The email of who is signed in (or the store's address when the store did not say). */
  signedInAs: string;
  storeName: string;
  /** The theme cookie as the server read it, for the first render. */
  initialTheme: Theme;
  /** `sidebar`: a wide button with the email; `topbar`: a round button for phones. */
  variant: "sidebar" | "topbar";
}

/** Who is signed in, the theme, and "Sign out of Store Admin", in one menu. */
export function UserMenu({ signedInAs, storeName, initialTheme, variant }: UserMenuProps) {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => initialTheme);
  const [signingOut, startSignOut] = useTransition();
  const themeLabel = useId();
  const initial = signedInAs.trim().charAt(0).toUpperCase() || "?";

  const avatar = (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-fg"
    >
      {initial}
    </span>
  );

  return (
    <DropdownMenu
      align={variant === "sidebar" ? "start" : "end"}
      side={variant === "sidebar" ? "top" : "bottom"}
      contentClassName="w-72 max-w-[calc(100vw-1rem)]"
      trigger={
        variant === "sidebar" ? (
          <button
            aria-busy={signingOut || undefined}
            className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-start hover:bg-surface-hover data-[state=open]:bg-surface-hover"
          >
            {avatar}
            <span className="min-w-0 flex-1">
              <span className="sr-only">Account: </span>
              <span className="block truncate text-sm font-medium text-fg" data-testid="signed-in-as">
                {signedInAs}
              </span>
              <span className="block truncate text-xs text-fg-muted">{signingOut ? "Signing out…" : storeName}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          </button>
        ) : (
          <button
            aria-label={`Account: ${signedInAs}`}
            aria-busy={signingOut || undefined}
            className="flex size-control items-center justify-center rounded-full hover:bg-surface-hover"
          >
            {avatar}
          </button>
        )
      }
    >
      <div className="px-2 py-2">
        <p className="text-xs text-fg-muted">Signed in as</p>
        <p className="font-medium break-all text-fg">{signedInAs}</p>
        <p className="mt-0.5 text-xs break-words text-fg-muted">on {storeName}</p>
      </div>
      <DropdownMenuSeparator />
      <DropdownMenuLabel id={themeLabel}>Theme</DropdownMenuLabel>
      <DropdownMenuRadioGroup
        aria-labelledby={themeLabel}
        value={theme}
        onValueChange={(value) => setTheme(parseTheme(value))}
      >
        {themeOptions.map(({ value, label, Icon }) => (
          <DropdownMenuRadioItem
            key={value}
            value={value}
            icon={<Icon />}
            // Keep the menu open: the page changes behind it, and another choice is one arrow away.
            onSelect={(event) => event.preventDefault()}
          >
            {label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      <DropdownMenuSeparator />
      <DropdownMenuItem
        icon={<LogOut />}
        disabled={signingOut}
        className={cn(signingOut && "cursor-progress")}
        onSelect={() => {
          markSigningOut();
          startSignOut(() => signOutAction());
        }}
      >
        Sign out of Store Admin
      </DropdownMenuItem>
    </DropdownMenu>
  );
}
