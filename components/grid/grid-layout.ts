/**
 * The grid's geometry (docs/bulk-editing.md#the-grid), pure: row and
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
 * Each column's width in px: the frozen one's by `frozenWidth`, the others their own; and when they
 * leave room at the end of a wide view, the text columns share it in proportion to their widths (whole
 * pixels, rounded down), so that a name or a SKU is not cut beside blank space.
 */
export function columnWidths(
  columns: readonly { width: number; kind: string }[],
  viewWidth: number,
  handleWidth: number,
): number[] {
  const widths = columns.map((c, i) => (i === 0 ? frozenWidth(c.width, viewWidth, handleWidth) : c.width));
  const spare = viewWidth - handleWidth - widths.reduce((sum, w) => sum + w, 0);
  // The frozen column grows too, unless a narrow view narrowed it.
  const growing = columns.flatMap((c, i) => (c.kind === "text" && (i > 0 || widths[0] === c.width) ? [i] : []));
  const base = growing.reduce((sum, i) => sum + widths[i]!, 0);
  if (viewWidth <= 0 || spare <= 0 || base === 0) return widths;
  for (const i of growing) widths[i] = widths[i]! + Math.floor((spare * widths[i]!) / base);
  return widths;
}

/**
 * Rows rendered beyond each edge of the view (TanStack Virtual's overscan): enough to cover a frame or
 * two of a wheel's scroll before the rows catch up, and no more, as every row rendered is given a new
 * product, laid out and composited (its frozen name cell is a layer of its own) again on each frame of
 * a fling.
 */
export const OVERSCAN = 6;

/** The DOM id of a row (for the rowgroup's aria-owns, which puts the rows in their order). */
export const rowId = (row: number) => `bulk-row-${row}`;

/** The rows rendered, `first` to `last`, and how many a view of this height renders (the slots, below). */
export interface RowWindow {
  first: number;
  last: number;
  slots: number;
}

/**
 * The rows rendered around the rows in view (`range`): `OVERSCAN` rows beyond each edge, and always as
 * many rows as the longest such window a view `viewHeight` px high can have (a row more at the end when
 * fewer touch the view), so that keying the rows by their index modulo that length (rowSlots) reuses
 * every element. Null when the view is not measured yet, or when the rows in view would not fit in it (a
 * view taller than measured): the virtualiser's own window then, keyed by product.
 */
export function rowWindow(
  range: { startIndex: number; endIndex: number } | null,
  count: number,
  viewHeight: number,
): RowWindow | null {
  if (!range || viewHeight <= 0 || count <= 0) return null;
  // At most ceil(height / row) + 1 rows touch the view.
  const slots = Math.ceil(viewHeight / ROW_HEIGHT) + 1 + 2 * OVERSCAN;
  const first = Math.max(0, Math.min(range.startIndex - OVERSCAN, count - slots));
  const last = Math.min(count - 1, first + slots - 1);
  return Math.min(count - 1, range.endIndex + OVERSCAN) > last ? null : { first, last, slots };
}

/** A rendered row's React key and its place among the row elements (their DOM order). */
export interface RowSlot {
  key: string;
  order: number;
}

/**
 * The rendered rows' React keys and DOM order (docs/bulk-editing.md#the-grid). A row of the window
 * (rowWindow) is keyed by its slot, its index modulo the window's length, and the row elements stay in
 * slot order: a row scrolling in takes the element of the one that scrolled out, in its place in the
 * DOM, and only its text and attributes change (no row unmounted and another mounted, no element moved,
 * which would build its layout again). In a slow scroll a row keeps its slot, so its element, while it
 * is in the window; in a fling every element is reused on every frame. A row outside the window (the
 * active row kept rendered when scrolled away) and the row being edited (its editor keeps its input and
 * focus whatever the scroll does) are keyed by their product, after the slots.
 */
export function rowSlots(
  window: RowWindow | null,
  editingKey: string | undefined,
): (index: number, key: string) => RowSlot {
  const slots = window?.slots ?? 0;
  return (index, key) =>
    window && index >= window.first && index <= window.last && key !== editingKey
      ? { key: `s:${index % slots}`, order: index % slots }
      : { key: `p:${key}`, order: slots + index };
}

/** How long after its last scroll event the grid counts as still (its frozen cells sticky again), ms. */
export const SCROLL_SETTLE_MS = 200;

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
