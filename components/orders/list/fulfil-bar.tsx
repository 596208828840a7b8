"use client";

import Check from "lucide-react/icons/check";
import Pause from "lucide-react/icons/pause";
import Printer from "lucide-react/icons/printer";
import X from "lucide-react/icons/x";
import Link from "next/link";
import { Button, buttonClasses } from "../../ui/button";
import { useToastClearance } from "../../ui/toast-clearance";
import type { FulfilProgress, HeldBack } from "./bulk-fulfil";
import { progressText, summaryText } from "./bulk-fulfil";

/**
 * The bar under the list while orders are chosen or being fulfilled:
 * "3 selected · Fulfil 3 orders", then the run's progress ("Fulfilling 3 of
 * 12…"). Sticky at the bottom of the screen, so it stays in reach on a long
 * page, and kept to one or two lines: it covers the rows it passes over.
 * The run's answers (FulfilResults) stay in the page's flow, below the list.
 * The chosen orders' packing slips and pick list print from here too.
 */
export function FulfilBar({
  selected,
  progress,
  onFulfil,
  onClear,
  printHref,
}: {
  selected: number;
  /** The print view of the chosen orders' packing slips and pick list (lib/store/orders/model-slips.ts). */
  printHref?: string;
  /** The current or last run; null before any. */
  progress: FulfilProgress | null;
  onFulfil: () => void;
  onClear: () => void;
}) {
  const running = progress !== null && progress.current !== null;
  const clearance = useToastClearance<HTMLElement>();
  if (!selected && !running) return null;
  return (
    <section
      ref={clearance}
      aria-label="Bulk fulfil"
      className="sticky bottom-0 z-10 mt-4 rounded-lg border border-border-strong bg-surface p-3 shadow-lg"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-fg" aria-live="polite">
          {selected} selected
        </p>
        {selected || running ? (
          <>
            <Button onClick={onFulfil} pending={running} pendingLabel="Fulfilling…" size="sm">
              Fulfil {selected} {selected === 1 ? "order" : "orders"}
            </Button>
            {printHref && selected ? (
              <Link href={printHref} className={buttonClasses("secondary", "", "sm")}>
                <Printer aria-hidden="true" />
                Print packing slips
              </Link>
            ) : null}
            <Button variant="ghost" size="sm" onClick={onClear} disabled={running}>
              Clear selection
            </Button>
          </>
        ) : null}
      </div>
      {running ? (
        <div className="mt-2">
          <div
            role="progressbar"
            aria-label="Fulfilling orders"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            aria-valuetext={progressText(progress)}
            className="h-2 overflow-hidden rounded-full bg-surface-hover"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${progress.total ? (progress.done / progress.total) * 100 : 0}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-fg">{progressText(progress)}</p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The answers of the last bulk fulfil, in the page's flow below the list
 * (never over it): the sum in words, then each order: fulfilled, refused
 * with the store's sentence, or held back with its reason (not paid).
 */
export function FulfilResults({
  progress,
  heldBack,
  onDismiss,
}: {
  progress: FulfilProgress;
  heldBack: readonly HeldBack[];
  onDismiss: () => void;
}) {
  const running = progress.current !== null;
  const summary = running ? progressText(progress) : summaryText(progress.results, progress.total, heldBack.length);
  return (
    <section aria-label="Bulk fulfil results" className="mt-4 rounded-lg border border-border bg-surface p-3">
      <div className="flex flex-wrap items-start gap-3">
        <p className="min-w-0 grow text-sm font-medium text-fg" role="status">
          {summary}
        </p>
        {!running ? (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Hide results
          </Button>
        ) : null}
      </div>
      {progress.results.length || heldBack.length ? (
        <ul aria-label="Results" className="mt-2 space-y-1 text-sm">
          {progress.results.map((result) => (
            <li key={result.number} className="flex items-start gap-2">
              {result.ok ? (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              ) : (
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              )}
              <span>
                <Link href={`/orders/${result.number}`} className="text-accent underline underline-offset-2">
                  #{result.number}
                </Link>{" "}
                {result.ok ? "fulfilled" : <span className="text-danger">refused: {result.message}</span>}
              </span>
            </li>
          ))}
          {heldBack.map((held) => (
            <li key={`held-${held.number}`} className="flex items-start gap-2">
              <Pause aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-fg-muted" />
              <span>
                <Link href={`/orders/${held.number}`} className="text-accent underline underline-offset-2">
                  #{held.number}
                </Link>{" "}
                held back: {held.reason}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
