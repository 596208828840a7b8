"use client";

/**
 * The line under the grid: the active cell (its column and product, or why it cannot be saved or
 * changed: grid-state.ts, activeCellLine), and how many rows the grid holds or the filters keep.
 */
export function GridFooter({ cell, count }: { cell: { text: string | null; alert: boolean }; count: string }) {
  return (
    <div className="flex min-h-5 flex-wrap items-center justify-between gap-2 text-sm">
      <p className={cell.alert ? "text-danger-soft-fg" : "text-fg-muted"}>{cell.text}</p>
      <p className="text-fg-muted tabular-nums">{count}</p>
    </div>
  );
}
