/**
 * Rectangular ranges of the bulk grid, over the indexes of the visible rows
 * and the visible columns (docs/bulk-editing.md#the-grid).
 */

export interface CellPos {
  row: number;
  col: number;
}

/** The range spans anchor..focus, both included; the active cell is `focus`. */
export interface Selection {
  anchor: CellPos;
  focus: CellPos;
}

export interface Bounds {
  rows: number;
  cols: number;
}

export interface Range {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export function rangeOf(sel: Selection): Range {
  return {
    top: Math.min(sel.anchor.row, sel.focus.row),
    bottom: Math.max(sel.anchor.row, sel.focus.row),
    left: Math.min(sel.anchor.col, sel.focus.col),
    right: Math.max(sel.anchor.col, sel.focus.col),
  };
}

export function inRange(sel: Selection, pos: CellPos): boolean {
  const r = rangeOf(sel);
  return pos.row >= r.top && pos.row <= r.bottom && pos.col >= r.left && pos.col <= r.right;
}

/** How many rows and columns the range spans. */
export function rangeSize(sel: Selection): { rows: number; cols: number } {
  const r = rangeOf(sel);
  return { rows: r.bottom - r.top + 1, cols: r.right - r.left + 1 };
}

const clamp = (n: number, size: number) => Math.max(0, Math.min(size - 1, Number.isFinite(n) ? Math.trunc(n) : 0));

/** A position inside the bounds (row and column 0 when the grid is empty). */
export function clampPos(pos: CellPos, bounds: Bounds): CellPos {
  return { row: clamp(pos.row, bounds.rows), col: clamp(pos.col, bounds.cols) };
}

/** The position moved by dRow, dCol, kept inside the bounds. */
export function moveBy(pos: CellPos, dRow: number, dCol: number, bounds: Bounds): CellPos {
  return clampPos({ row: pos.row + dRow, col: pos.col + dCol }, bounds);
}

export function collapse(pos: CellPos): Selection {
  return { anchor: { ...pos }, focus: { ...pos } };
}

/** The range from the same anchor to `pos`, which becomes the active cell. */
export function extendTo(sel: Selection, pos: CellPos): Selection {
  return { anchor: sel.anchor, focus: { ...pos } };
}

/** The selection inside the bounds (after rows were filtered away, or columns hidden). */
export function clampSelection(sel: Selection, bounds: Bounds): Selection {
  const anchor = clampPos(sel.anchor, bounds);
  const focus = clampPos(sel.focus, bounds);
  const same = (a: CellPos, b: CellPos) => a.row === b.row && a.col === b.col;
  return same(anchor, sel.anchor) && same(focus, sel.focus) ? sel : { anchor, focus };
}

/** Every cell of the grid. */
export function selectAll(bounds: Bounds): Selection {
  return {
    anchor: { row: 0, col: 0 },
    focus: { row: Math.max(0, bounds.rows - 1), col: Math.max(0, bounds.cols - 1) },
  };
}

/**
 * A selection pinned to the products at its corners: the rows under it change
 * (a page of the catalogue arriving in a sorted or filtered view, a row that an
 * edit moves, a reorder), and the selection stays on the products the person
 * chose rather than on row numbers that now hold other products.
 */
export interface PinnedSelection {
  selection: Selection;
  anchorKey: string;
  focusKey: string;
}

interface Keyed {
  key: string;
}

/** The selection pinned to the keys of the rows at its corners; null when a corner holds no row. */
export function pinSelection(sel: Selection, rows: readonly Keyed[]): PinnedSelection | null {
  const anchorKey = rows[sel.anchor.row]?.key;
  const focusKey = rows[sel.focus.row]?.key;
  if (anchorKey === undefined || focusKey === undefined) return null;
  return { selection: sel, anchorKey, focusKey };
}

/**
 * The pinned selection over `rows` as they are now: the same object while its
 * corners still hold their products; otherwise moved to where those products
 * are now (the columns unchanged); collapsed on the focus when the anchor's
 * product is no longer shown; null when the focused product is not.
 */
export function followRows(pinned: PinnedSelection, rows: readonly Keyed[]): Selection | null {
  const { selection: sel, anchorKey, focusKey } = pinned;
  if (rows[sel.anchor.row]?.key === anchorKey && rows[sel.focus.row]?.key === focusKey) return sel;
  const focusRow =
    rows[sel.focus.row]?.key === focusKey ? sel.focus.row : rows.findIndex((row) => row.key === focusKey);
  if (focusRow === -1) return null;
  const anchorRow =
    rows[sel.anchor.row]?.key === anchorKey ? sel.anchor.row : rows.findIndex((row) => row.key === anchorKey);
  const focus = { row: focusRow, col: sel.focus.col };
  return anchorRow === -1 ? collapse(focus) : { anchor: { row: anchorRow, col: sel.anchor.col }, focus };
}
