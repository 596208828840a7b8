/**
 * The bulk grid's geometry (docs/bulk-editing.md#the-grid), pure: row and
 * header heights, the frozen name column's width, where to scroll to show a
 * cell, the scroll anchoring, and the rows under the pointer while a row is
 * dragged in reorder mode.
 */

export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 40;
export const HANDLE_WIDTH = 40;
/** The frozen name column takes at most this share of a narrow grid (a phone), so that other columns show beside it. */
const FROZEN_SHARE = 0.42;
const FROZEN_MIN_WIDTH = 128;

/** The DOM id of a cell, for aria-activedescendant. */
export const cellId = (row: number, col: number) => `bulk-cell-${row}-${col}`;

/**
 * The frozen name column's width: its own, but on a narrow grid at most about two fifths of what the
 * grid shows beside the reorder handles (`viewWidth` 0: not measured yet).
 */
export function frozenWidth(columnWidth: number, viewWidth: number, handleWidth: number): number {
  return viewWidth > 0
    ? Math.min(columnWidth, Math.max(FROZEN_MIN_WIDTH, Math.floor((viewWidth - handleWidth) * FROZEN_SHARE)))
    : columnWidth;
}

/**
 * Rows rendered beyond each edge of the view (TanStack Virtual's overscan): enough to cover a frame or
 * two of a wheel's scroll before the rows catch up, and no more, as every row rendered is created,
 * laid out and composited (its frozen name cell is a layer of its own) again on each frame of a fling.
 */
export const OVERSCAN = 6;

/**
 * The scrollLeft that shows column `col` whole beside the frozen name column, or null when it shows
 * already (the name column itself never scrolls).
 */
export function scrollLeftFor(
  col: number,
  widthOf: (col: number) => number,
  frozen: { handleWidth: number; nameWidth: number },
  view: { scrollLeft: number; clientWidth: number },
): number | null {
  if (col <= 0) return null;
  const { handleWidth, nameWidth } = frozen;
  let left = handleWidth;
  for (let c = 0; c < col; c++) left += widthOf(c);
  const colWidth = widthOf(col);
  if (left - nameWidth < view.scrollLeft) return Math.max(0, left - nameWidth - handleWidth);
  if (left + colWidth > view.scrollLeft + view.clientWidth) return left + colWidth - view.clientWidth;
  return null;
}

interface Keyed {
  key: string;
}

/**
 * Scroll anchoring: after the rows changed from `before` to `rows` (pages arriving in a sorted view, a sort,
 * an edit of the sorted column), the scrollTop that keeps the product a person looks at where it was on the
 * screen. That product is the first of `candidates` (the one being edited, the active cell's) in view, else
 * the top row of a scrolled view. Null when nothing is to move: no anchor, the anchor gone from the rows, or
 * already in place.
 */
export function anchoredScrollTop(
  before: readonly Keyed[],
  rows: readonly Keyed[],
  view: { scrollTop: number; clientHeight: number },
  candidates: readonly (string | undefined)[],
): number | null {
  const top = view.scrollTop;
  const screenY = (index: number) => HEADER_HEIGHT + index * ROW_HEIGHT - top;
  const inView = (index: number) => index >= 0 && screenY(index) >= 0 && screenY(index) < view.clientHeight;
  let anchor: { key: string; y: number } | null = null;
  for (const key of candidates) {
    if (!key) continue;
    const index = before.findIndex((p) => p.key === key);
    if (inView(index)) {
      anchor = { key, y: screenY(index) };
      break;
    }
  }
  if (!anchor && top > 0 && before.length) {
    const index = Math.min(before.length - 1, Math.floor(top / ROW_HEIGHT));
    anchor = { key: before[index]!.key, y: screenY(index) };
  }
  if (!anchor) return null;
  const key = anchor.key;
  const index = rows.findIndex((p) => p.key === key);
  if (index < 0) return null;
  const target = Math.max(0, HEADER_HEIGHT + index * ROW_HEIGHT - anchor.y);
  return Math.abs(target - top) >= 1 ? target : null;
}

/** Rows a Page Up or Page Down moves in a grid this high (the header and a little overlap kept). */
export function pageRows(clientHeight: number): number {
  return Math.max(1, Math.floor(clientHeight / ROW_HEIGHT) - 2);
}

/** The gap between rows nearest to `y` (pixels from the top of the first row): 0 before the first row, `rows` after the last. */
export function gapAt(y: number, rows: number): number {
  return Math.max(0, Math.min(rows, Math.round(y / ROW_HEIGHT)));
}

/** While a row is dragged near the grid's top (under the header) or bottom edge, it scrolls by half a row. */
export function dragScrollStep(clientY: number, box: { top: number; bottom: number }): number {
  if (clientY < box.top + HEADER_HEIGHT + 24) return -ROW_HEIGHT / 2;
  if (clientY > box.bottom - 24) return ROW_HEIGHT / 2;
  return 0;
}
