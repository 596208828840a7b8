"use client";

import Search from "lucide-react/icons/search";
import { usePathname, useRouter } from "next/navigation";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { isTypingTarget, shortcutCommand } from "@/lib/command-palette/shortcuts";
import { mayUse, sections } from "@/lib/navigation";
import { useMac } from "./use-mac";

// The palette and the sheet load on first use: the shell on every page carries only the keys and the button.
// React's own lazy (next/dynamic would add its loader to every page); both only ever render in the browser,
// after a key or a click.
const CommandPalette = lazy(() => import("./command-palette").then((m) => ({ default: m.CommandPalette })));
const ShortcutsSheet = lazy(() => import("./shortcuts-sheet").then((m) => ({ default: m.ShortcutsSheet })));

interface PaletteControls {
  openPalette: () => void;
}

const PaletteContext = createContext<PaletteControls>({ openPalette: () => {} });

export interface PaletteShellProps {
  /** The user's permissions; null when the store did not name them (everything is offered, the store decides). */
  permissions: string[] | null;
  children: ReactNode;
}

/** The first visible search field of the page's list (`/`): the page's own, never the shell's. */
function listSearchField(): HTMLInputElement | null {
  const fields = document.querySelectorAll<HTMLInputElement>('main input[type="search"], main input[data-list-search]');
  for (const field of fields) {
    if (!field.disabled && field.getClientRects().length) return field;
  }
  return null;
}

/**
 * The command palette (⌘K / Ctrl+K) and the keyboard shortcuts of every
 * signed-in page (docs/design.md#command-palette), around the shell in
 * app/(dashboard)/layout.tsx. One keydown listener on the document reads the
 * keys (lib/command-palette/shortcuts.ts); keys pressed while typing, in a
 * dialog, or already taken by the page (the grid's cells) are left alone.
 */
export function PaletteShell({ permissions, children }: PaletteShellProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted once asked for, then kept: its catalogue stays warm between openings.
  const [paletteMounted, setPaletteMounted] = useState(false);
  const [opening, setOpening] = useState(0);
  const pending = useRef<number | null>(null);

  const openPalette = useCallback(() => {
    setPaletteMounted(true);
    setOpening((n) => n + 1);
    setSheetOpen(false);
    setPaletteOpen(true);
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const command = shortcutCommand(
        { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, time: event.timeStamp },
        isTypingTarget(target),
        pending.current,
      );
      if (command?.type !== "pending") pending.current = null;
      if (!command) return;
      if (command.type === "palette") {
        event.preventDefault();
        if (paletteOpen) setPaletteOpen(false);
        else openPalette();
        return;
      }
      // The other keys: not when the page took the key, nor with a dialog or menu open over the page.
      if (event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      switch (command.type) {
        case "pending":
          pending.current = event.timeStamp;
          return;
        case "go":
          event.preventDefault();
          {
            // Only to a section the person may use (the sidebar's rule, lib/navigation.ts).
            const section = sections.find((s) => s.path === command.path);
            if (section && mayUse(permissions, section)) router.push(command.path);
          }
          return;
        case "focus-search": {
          const field = listSearchField();
          if (!field) return;
          event.preventDefault();
          field.focus();
          field.select();
          return;
        }
        case "sheet":
          event.preventDefault();
          setSheetOpen(true);
          return;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [openPalette, paletteOpen, permissions, router]);

  // A page changed (a result opened): a pending "g" does not carry over.
  useEffect(() => {
    pending.current = null;
  }, [pathname]);

  const controls = useMemo(() => ({ openPalette }), [openPalette]);
  return (
    <PaletteContext.Provider value={controls}>
      {children}
      <Suspense fallback={null}>
        {paletteMounted ? (
          <CommandPalette
            open={paletteOpen}
            opening={opening}
            onOpenChange={setPaletteOpen}
            permissions={permissions}
            onShowShortcuts={() => {
              setPaletteOpen(false);
              setSheetOpen(true);
            }}
          />
        ) : null}
        {sheetOpen ? <ShortcutsSheet open={sheetOpen} onOpenChange={setSheetOpen} /> : null}
      </Suspense>
    </PaletteContext.Provider>
  );
}

/**
 * The palette's button: "Search…" with its shortcut in the sidebar, a
 * magnifier in the phone's top bar (phones have no ⌘K).
 */
export function PaletteTrigger({ variant }: { variant: "sidebar" | "topbar" }) {
  const { openPalette } = useContext(PaletteContext);
  const mac = useMac();
  if (variant === "topbar") {
    return (
      <button
        type="button"
        onClick={openPalette}
        aria-label="Search and commands"
        aria-haspopup="dialog"
        className={buttonClasses("ghost", "", "icon")}
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={openPalette}
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
      className={cn(
        "flex min-h-10 w-full items-center gap-3 rounded-md border border-border bg-surface-muted px-3 py-2 text-start text-sm text-fg-muted",
        "hover:bg-surface-hover hover:text-fg",
      )}
    >
      <Search aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">Search…</span>
      <kbd className="rounded border border-border bg-surface px-1.5 font-sans text-xs" aria-hidden="true">
        {mac ? "⌘K" : "Ctrl K"}
      </kbd>
    </button>
  );
}
