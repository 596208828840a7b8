import type { SetStateAction } from "react";
import type { ColumnDef, ColumnId, GridContext, GridItem } from "./columns";
import type { GridProblem } from "./grid";
import {
  applyChanges,
  canRedo,
  canUndo,
  type CellChangeRequest,
  type CellEdit,
  discardEdits,
  editOf,
  emptyEdits,
  type EditsState,
  redo,
  undo,
} from "./model/edits";
import { setAllRequests } from "./model/fill";
import { type PinnedSelection, pinSelection, rangeOf, type Selection } from "./model/selection";
import type { GridSort } from "./model/sort";
import { plural } from "./words";

/**
 * A grid editor's state and its transitions (docs/bulk-editing.md), pure:
 * the edits with their history, the sort, the selection pinned to rows, the
 * save's state and the live region's sentence. A feature keeps more beside
 * it (the bulk editor's filter, columns and reorder mode: its reducer takes
 * its own actions and hands the others to gridReducer); useGridState
 * (use-grid-editor.ts) runs it with React's useReducer. What the page shows
 * from it is derived here too, by plain functions.
 */

export interface GridState {
  /** Every change before saving, with its undo history (model/edits.ts). */
  edits: EditsState;
  sort: GridSort;
  /**
   * The selection, pinned to the rows at its corners (model/selection.ts): pages arriving in a sorted
   * view, or an edit that moves a row, must not move it onto other rows.
   */
  pinned: PinnedSelection | null;
  /** Rows that did not save, by key. */
  problems: ReadonlyMap<string, GridProblem>;
  saving: boolean;
  reviewOpen: boolean;
  /** Shown above the review's changes (a CSV import's dry run). */
  reviewNote: string | null;
  /** "Set value…" is open. */
  setValueOpen: boolean;
  /** The live region's sentence. */
  message: string;
}

export function initialGridState(): GridState {
  return {
    edits: emptyEdits(),
    sort: { column: "store", direction: "asc" },
    pinned: null,
    problems: new Map(),
    saving: false,
    reviewOpen: false,
    reviewNote: null,
    setValueOpen: false,
    message: "",
  };
}

interface Keyed {
  key: string;
}

export type GridAction =
  | { type: "sort"; column: ColumnId }
  /** A selection over `rows` (the rows shown now); `keys` names its corner rows when the rows are about to change. */
  | { type: "select"; selection: Selection | null; rows: readonly Keyed[]; keys?: { anchor: string; focus: string } }
  | {
      type: "change";
      requests: CellChangeRequest[];
      label: string;
      byKey: ReadonlyMap<string, GridItem>;
      ctx: GridContext;
    }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "discard"; cells: { key: string; column: ColumnId }[]; label: string }
  /** The save dialog's way in (a value or an update, as React's setState takes). */
  | { type: "set-edits"; update: SetStateAction<EditsState> }
  | { type: "review"; open: boolean; note?: string | null }
  | { type: "set-value-dialog"; open: boolean }
  | { type: "saving"; saving: boolean }
  | { type: "problems"; problems: ReadonlyMap<string, GridProblem> }
  | { type: "message"; text: string };

/** The next sort when a column's header is clicked: ascending, descending, then the store's order. */
export function nextSort(current: GridSort, column: ColumnId): GridSort {
  return current.column !== column
    ? { column, direction: "asc" }
    : current.direction === "asc"
      ? { column, direction: "desc" }
      : { column: "store", direction: "asc" };
}

/** The selection pinned to rows: to the rows at its corners, or to the keys given. */
export function pinnedSelection(
  selection: Selection | null,
  rows: readonly Keyed[],
  keys?: { anchor: string; focus: string },
): PinnedSelection | null {
  if (!selection) return null;
  return keys ? { selection, anchorKey: keys.anchor, focusKey: keys.focus } : pinSelection(selection, rows);
}

/** The state with these edits (the same state when they are the same). */
export function withEdits<S extends GridState>(state: S, edits: EditsState): S {
  return edits === state.edits ? state : { ...state, edits };
}

export function gridReducer<S extends GridState>(state: S, action: GridAction): S {
  switch (action.type) {
    case "sort":
      return { ...state, sort: nextSort(state.sort, action.column), pinned: null };
    case "select":
      return { ...state, pinned: pinnedSelection(action.selection, action.rows, action.keys) };
    case "change":
      if (!action.requests.length) return state;
      return withEdits(state, applyChanges(state.edits, action.requests, action.byKey, action.ctx, action.label));
    case "undo":
      return canUndo(state.edits) ? withEdits(state, undo(state.edits)) : state;
    case "redo":
      return canRedo(state.edits) ? withEdits(state, redo(state.edits)) : state;
    case "discard":
      return withEdits(state, discardEdits(state.edits, action.cells, action.label));
    case "set-edits":
      return withEdits(state, typeof action.update === "function" ? action.update(state.edits) : action.update);
    case "review":
      return action.note === undefined
        ? { ...state, reviewOpen: action.open }
        : { ...state, reviewOpen: action.open, reviewNote: action.note };
    case "set-value-dialog":
      return { ...state, setValueOpen: action.open };
    case "saving":
      return { ...state, saving: action.saving };
    case "problems":
      return { ...state, problems: action.problems };
    case "message":
      return { ...state, message: action.text };
  }
}

/* ---------- what the page shows, derived ---------- */

/** How many rows the selection spans (0 without one). */
export function selectedRowCount(selection: Selection | null): number {
  return selection ? rangeOf(selection).bottom - rangeOf(selection).top + 1 : 0;
}

/** What the rows are, in the lines around the grid (the bulk editor's products; the inventory's: options). */
export interface Noun {
  one: string;
  many: string;
}

const PRODUCTS: Noun = { one: "product", many: "products" };

/** The line beside the edit buttons: what is changed so far. */
export function changeSummary(changes: number, rows: number, invalid: number, noun: Noun = PRODUCTS): string {
  return changes
    ? `${plural(changes, "change")} in ${plural(rows, noun.one, noun.many)}${invalid ? `, ${plural(invalid, "value")} to fix` : ""}`
    : "No changes yet";
}

/** What is changed so far, in words: every edit, in how many rows, and how many values to fix. */
export function editsLine(edits: EditsState, noun: Noun): string {
  const rows = new Set<string>();
  let invalid = 0;
  for (const edit of edits.cells.values()) {
    rows.add(edit.key);
    if (edit.error) invalid++;
  }
  return changeSummary(edits.cells.size, rows.size, invalid, noun);
}

/**
 * The line under the grid about the active cell: its column and row, why it cannot be saved as typed or
 * cannot be changed, or why its row did not save. `alert` when it tells of a problem.
 */
export function activeCellLine(view: {
  rows: readonly GridItem[];
  columns: readonly ColumnDef[];
  selection: Selection | null;
  edits: EditsState;
  problems: ReadonlyMap<string, GridProblem>;
}): { text: string | null; alert: boolean } {
  const { rows, columns, selection, edits, problems } = view;
  const product = selection ? rows[selection.focus.row] : undefined;
  const column = selection ? columns[selection.focus.col] : undefined;
  const edit: CellEdit | undefined = product && column ? editOf(edits, product.key, column.id) : undefined;
  const lock = product && column ? (column.readOnly?.(product) ?? null) : null;
  const problem = product ? problems.get(product.key) : undefined;
  const alert = !!(edit?.error || problem);
  if (!product || !column) {
    return {
      text: rows.length ? "Select a cell, then type to change it. Paste a range from a spreadsheet with Ctrl+V." : null,
      alert,
    };
  }
  if (edit?.error) {
    return {
      text: `${column.label} of ${product.name}: ${edit.error}${lock ? " Press Delete to discard this change." : ""}`,
      alert,
    };
  }
  if (problem) return { text: `${product.name} did not save: ${problem.message}`, alert };
  return { text: lock ?? `${column.label} of ${product.name}`, alert };
}

/** "Set value…": the text for `column` in every row of the selection. */
export function setValueRequests(
  selection: Selection,
  rows: readonly GridItem[],
  columns: readonly ColumnDef[],
  column: ColumnId,
  text: string,
): CellChangeRequest[] {
  const r = rangeOf(selection);
  const col = columns.findIndex((c) => c.id === column);
  const range: Selection = { anchor: { row: r.top, col }, focus: { row: r.bottom, col } };
  return setAllRequests(
    range,
    rows,
    columns.map((c) => c.id),
    text,
  );
}
