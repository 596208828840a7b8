"use client";

import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import Link from "next/link";
import { Button } from "../../ui/button";
import type { FulfilProgress } from "./bulk-fulfil";
import { progressText, summaryText } from "./bulk-fulfil";

/**
 * The bar under the list while orders are chosen: "3 selected · Fulfil",
 * then the run's progress ("Fulfilling 3 of 12…") and each order's answer.
 * Sticky at the bottom of the screen, so it stays in reach on a long page.
 */
export function FulfilBar({
  selected,
  progress,
  onFulfil,
  onClear,
  onDismiss,
}: {
  selected: number;
  /** The current or last run; null before any. */
  progress: FulfilProgress | null;
  onFulfil: () => void;
  onClear: () => void;
  onDismiss: () => void;
}) {
  const running = progress !== null && progress.current !== null;
  if (!selected && !progress) return null;
  return (
    <section
      aria-label="Bulk fulfil"
      className="sticky bottom-0 z-10 mt-4 rounded-lg border border-border-strong bg-surface p-3 shadow-lg"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium text-fg" aria-live="polite">
          {selected} selected
        </p>
        {selected ? (
          <>
            <Button onClick={onFulfil} pending={running} pendingLabel="Fulfilling…" size="sm">
              Fulfil {selected} {selected === 1 ? "order" : "orders"}
            </Button>
            <Button variant="ghost" size="sm" onClick={onClear} disabled={running}>
              Clear selection
            </Button>
          </>
        ) : null}
        {progress && !running ? (
          <Button variant="ghost" size="sm" onClick={onDismiss} className="ms-auto">
            Hide results
          </Button>
        ) : null}
      </div>
      {progress ? (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label="Fulfilling orders"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            aria-valuetext={running ? progressText(progress) : summaryText(progress.results, progress.total)}
            className="h-2 overflow-hidden rounded-full bg-surface-hover"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${progress.total ? (progress.done / progress.total) * 100 : 0}%` }}
            />
          </div>
          <p className="mt-1 text-sm text-fg" role="status">
            {running ? progressText(progress) : summaryText(progress.results, progress.total)}
          </p>
          {progress.results.length ? (
            <ul aria-label="Results" className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm">
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
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
