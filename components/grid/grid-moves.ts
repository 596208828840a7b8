import type { Range, Selection } from "./model/selection";

/**
 * Reorder mode's moves in the grid (docs/bulk-editing.md#store-wide-reorder),
 * pure: which rows move, where to, the order they make, and what is
 * announced. What a move writes is the feature's (the bulk editor's
 * `order` edits, its model/reorder.ts).
 */

interface Keyed {
  key: string;
}

/**
 * The list with the `moving` keys taken out and put back together, in their
 * order in the list, so that the first of them is at `toIndex` of the result
 * (kept within the list). Keys not in the list are ignored.
 */
export function moveKeys(order: readonly string[], moving: readonly string[], toIndex: number): string[] {
  const movingSet = new Set(moving);
  const moved: string[] = [];
  const rest: string[] = [];
  for (const key of order) (movingSet.has(key) ? moved : rest).push(key);
  if (!moved.length) return [...order];
  const at = Math.max(0, Math.min(rest.length, Number.isFinite(toIndex) ? Math.trunc(toIndex) : rest.length));
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/** The keys of the rows a range spans. */
export function rangeKeys(rows: readonly Keyed[], range: Range): string[] {
  return rows.slice(range.top, range.bottom + 1).map((p) => p.key);
}

/** Alt+Up or Alt+Down: where the range's rows go (`count` of them), or null when they cannot move further. */
export function keyboardMoveTarget(range: Range, count: number, rowCount: number, delta: number): number | null {
  const target = Math.max(0, Math.min(rowCount - count, range.top + delta));
  return target === range.top ? null : target;
}

/**
 * A drag dropped before row `gap`: where the moved rows start (they leave their old places first), and
 * where the first of them was; `target === first` moves nothing.
 */
export function dropTarget(
  rows: readonly Keyed[],
  keys: readonly string[],
  gap: number,
): { first: number; target: number } {
  const first = rows.findIndex((p) => p.key === keys[0]);
  const before = rows.slice(0, gap).filter((p) => keys.includes(p.key)).length;
  const target = Math.max(0, Math.min(rows.length - keys.length, gap - before));
  return { first, target };
}

/** The selection after a move: the moved rows, at `target`, in the handle's column. */
export function movedSelection(target: number, count: number): Selection {
  return { anchor: { row: target, col: 0 }, focus: { row: target + count - 1, col: 0 } };
}

/**
 * What a move tells screen readers. `withTotal`: a move of several rows names the number of rows too
 * (the keyboard's sentence does; the drag's never has).
 */
export function movedSentence(move: {
  name: string | undefined;
  count: number;
  target: number;
  rowCount: number;
  withTotal: boolean;
}): string {
  const { name, count, target, rowCount, withTotal } = move;
  return count === 1
    ? `${name ?? "Product"} moved to position ${target + 1} of ${rowCount}.`
    : `${count} products moved to positions ${target + 1} to ${target + count}${withTotal ? ` of ${rowCount}` : ""}.`;
}
