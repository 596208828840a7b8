"use client";

import { Fragment } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { shortcutSheet } from "@/lib/command-palette/shortcut-sheet";
import { useMac } from "./use-mac";

/** Every keyboard shortcut (`?`), from lib/command-palette/shortcuts.ts: the list the keys themselves use. */
export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mod = useMac() ? "⌘" : "Ctrl";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        wide
        title="Keyboard shortcuts"
        description="None of these fire while you type in a field, except the command palette's."
      >
        <div className="mt-4 space-y-5">
          {shortcutSheet.map((group) => (
            <section key={group.title} aria-labelledby={`shortcuts-${group.title}`}>
              <h3 id={`shortcuts-${group.title}`} className="mb-2 text-sm font-semibold text-fg">
                {group.title}
              </h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {group.entries.map((entry) => (
                  <Fragment key={entry.label}>
                    <dt className="flex flex-wrap items-center gap-1 whitespace-nowrap">
                      {entry.mod ? (
                        <>
                          <kbd className="rounded border border-border bg-surface-muted px-1.5 font-sans text-xs">
                            {mod}
                          </kbd>
                          <span aria-hidden="true">+</span>
                        </>
                      ) : null}
                      {entry.keys.map((key, i) => (
                        <Fragment key={`${key}-${i}`}>
                          {i > 0 && !entry.mod && entry.keys.length === 2 && entry.keys[0] === "g" ? (
                            <span className="text-xs text-fg-muted">then</span>
                          ) : null}
                          <kbd className="rounded border border-border bg-surface-muted px-1.5 font-sans text-xs">
                            {key}
                          </kbd>
                        </Fragment>
                      ))}
                    </dt>
                    <dd className="text-fg-muted">{entry.label}</dd>
                  </Fragment>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
