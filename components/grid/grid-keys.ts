import type { ColumnDef, ColumnId, GridContext, GridItem } from "./columns";
import { type CellChangeRequest, editOf, type EditsState } from "./model/edits";
import { type Bounds, type CellPos, collapse, extendTo, moveBy, rangeOf, type Selection } from "./model/selection";

/**
 * The grid's keys (docs/bulk-editing.md#the-grid, the table of keys),
 * pure: what a key press on the grid means, as a command that
 * use-grid-keyboard.ts carries out; and the cells that clearing a range
 * changes or discards.
 */

/** The parts of a keydown event the grid reads. */
export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface KeyContext {
  /** The active cell (the selection's focus), if any. */
  active: CellPos | null;
  selection: Selection | null;
  bounds: Bounds;
  /** Rows that Page Up and Page Down move. */
  page: number;
  readOnly: boolean;
  reorder: boolean;
}

/** What a key does; every command takes the key from the browser (preventDefault). */
export type KeyCommand =
  | { type: "select"; selection: Selection }
  /** Reorder mode: the selected rows move up or down one place. */
  | { type: "move-rows"; delta: -1 | 1 }
  /** Starts editing `pos` (selecting it first when nothing is active): with `text` typed, or the cell's value. */
  | { type: "edit"; pos: CellPos; text: string | null; typed: boolean }
  | { type: "clear" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "fill-down" };

/** The command of a key pressed on the grid (not in a cell's editor); null: the browser keeps the key. */
export function keyCommand(press: KeyPress, c: KeyContext): KeyCommand | null {
  const { active, selection, bounds, page, readOnly, reorder } = c;
  const pos = active ?? { row: 0, col: 0 };
  const mod = press.ctrlKey || press.metaKey;
  const go = (target: CellPos): KeyCommand => ({
    type: "select",
    selection: press.shiftKey && selection ? extendTo(selection, target) : collapse(target),
  });

  if (reorder && press.altKey && (press.key === "ArrowUp" || press.key === "ArrowDown")) {
    return { type: "move-rows", delta: press.key === "ArrowUp" ? -1 : 1 };
  }

  switch (press.key) {
    case "ArrowUp":
      return go(mod ? { row: 0, col: pos.col } : moveBy(pos, -1, 0, bounds));
    case "ArrowDown":
      return go(mod ? { row: bounds.rows - 1, col: pos.col } : moveBy(pos, 1, 0, bounds));
    case "ArrowLeft":
      return go(mod ? { row: pos.row, col: 0 } : moveBy(pos, 0, -1, bounds));
    case "ArrowRight":
      return go(mod ? { row: pos.row, col: bounds.cols - 1 } : moveBy(pos, 0, 1, bounds));
    case "PageUp":
      return go(moveBy(pos, -page, 0, bounds));
    case "PageDown":
      return go(moveBy(pos, page, 0, bounds));
    case "Home":
      return go(mod ? { row: 0, col: 0 } : { row: pos.row, col: 0 });
    case "End":
      return go(mod ? { row: bounds.rows - 1, col: bounds.cols - 1 } : { row: pos.row, col: bounds.cols - 1 });
    case "Tab": {
      // Tab moves along the row; at either end it leaves the grid, as the ARIA grid pattern wants.
      const next = moveBy(pos, 0, press.shiftKey ? -1 : 1, bounds);
      return next.col === pos.col ? null : { type: "select", selection: collapse(next) };
    }
    case "Enter":
    case "F2":
      return { type: "edit", pos, text: null, typed: false };
    case "Escape": {
      // A range collapses to its active cell.
      const range = selection ? rangeOf(selection) : null;
      return range && (range.top !== range.bottom || range.left !== range.right)
        ? { type: "select", selection: collapse(pos) }
        : null;
    }
    case "Delete":
    case "Backspace":
      return readOnly || reorder || !selection ? null : { type: "clear" };
  }

  if (mod && !press.altKey) {
    const key = press.key.toLowerCase();
    if (key === "z" && !press.shiftKey) return { type: "undo" };
    if ((key === "z" && press.shiftKey) || key === "y") return { type: "redo" };
    if (key === "a") {
      return {
        type: "select",
        selection: { anchor: { row: 0, col: 0 }, focus: { row: bounds.rows - 1, col: bounds.cols - 1 } },
      };
    }
    if (key === "d" && selection && !readOnly && !reorder) return { type: "fill-down" };
    // Copy, cut and paste are the clipboard events'; other shortcuts are the browser's.
    return null;
  }

  // A printable character starts editing with it, as in a spreadsheet.
  if (press.key.length === 1 && !press.altKey && !readOnly && !reorder) {
    return { type: "edit", pos, text: press.key, typed: true };
  }
  return null;
}

/** Delete, Backspace and cut: the range's cells that can be empty (sale price, groups…), emptied; a name or a price cannot. */
export function clearRequests(
  sel: Selection,
  rows: readonly GridItem[],
  columns: readonly ColumnDef[],
  ctx: GridContext,
): CellChangeRequest[] {
  const r = rangeOf(sel);
  const requests: CellChangeRequest[] = [];
  for (let row = r.top; row <= r.bottom; row++) {
    for (let col = r.left; col <= r.right; col++) {
      const product = rows[row];
      const column = columns[col];
      if (product && column && !column.readOnly?.(product) && column.parse("", ctx, product).ok) {
        requests.push({ key: product.key, column: column.id, text: "" });
      }
    }
  }
  return requests;
}

/** Cells of the range that hold an edit their product no longer takes (it cannot be typed over, only discarded). */
export function lockedEditedCells(
  sel: Selection,
  rows: readonly GridItem[],
  columns: readonly ColumnDef[],
  edits: EditsState,
): { key: string; column: ColumnId }[] {
  const r = rangeOf(sel);
  const cells: { key: string; column: ColumnId }[] = [];
  for (let row = r.top; row <= r.bottom; row++) {
    for (let col = r.left; col <= r.right; col++) {
      const product = rows[row];
      const column = columns[col];
      if (product && column && column.readOnly?.(product) && editOf(edits, product.key, column.id)) {
        cells.push({ key: product.key, column: column.id });
      }
    }
  }
  return cells;
}
