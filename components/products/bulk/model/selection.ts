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
