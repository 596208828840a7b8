import { useMemo, useSyncExternalStore } from "react";
import type { ColumnDef, ColumnId } from "./columns";

/**
 * A phone shows the frozen name column and about one other beside it
 * (docs/bulk-editing.md#on-a-phone): the column a person came to edit must be
 * that one, not the third off the screen. On a narrow view, a feature's
 * `first` columns (the bulk editor's prices, the inventory's stock) come right
 * after the name, in the order given; the rest keep theirs. Columns hidden by
 * the person stay hidden: an id not among `columns` is skipped.
 */
export function narrowOrder<D extends ColumnDef>(columns: readonly D[], first: readonly ColumnId[]): readonly D[] {
  if (columns.length < 2) return columns;
  const [frozen, ...rest] = columns;
  const lead = first.flatMap((id) => rest.filter((c) => c.id === id));
  if (lead.length === 0) return columns;
  return [frozen!, ...lead, ...rest.filter((c) => !lead.includes(c))];
}

/** Narrow: below Tailwind's `sm` (640 px), as the rest of the layout reads a phone. */
const NARROW = "(max-width: 639.98px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * The columns in the order for this view's width: `narrowOrder` on a phone.
 * The server and the hydrating browser use the wide order; a phone reorders
 * right after. `first` is a constant of the feature's (the order is kept
 * while neither changes).
 */
export function useColumnsForWidth<D extends ColumnDef>(
  columns: readonly D[],
  first: readonly ColumnId[],
): readonly D[] {
  const narrow = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
  return useMemo(() => (narrow ? narrowOrder(columns, first) : columns), [narrow, columns, first]);
}
