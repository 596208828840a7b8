import type { SetStateAction } from "react";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import type { GridProblem } from "./grid";
import {
  type ColumnDef,
  type ColumnId,
  columns as allColumns,
  columnById,
  type GridContext,
  type GridItem,
} from "./model/columns";
import type { CsvImport } from "./model/csv";
import {
  applyChanges,
  canRedo,
  canUndo,
  type CellChangeRequest,
  type CellEdit,
  currentValue,
  discardEdits,
  editOf,
  emptyEdits,
  type EditsState,
  redo,
  setValues,
  undo,
} from "./model/edits";
import { setAllRequests } from "./model/fill";
import { moveKeys, orderMoves } from "./model/reorder";
import { type PinnedSelection, pinSelection, rangeOf, type Selection } from "./model/selection";
import { emptyFilter, type GridFilter, type GridSort, isFiltering, visibleRows } from "./model/view";
import { counted, plural } from "./words";

/**
 * The bulk editor's state and its transitions (docs/bulk-editing.md), pure:
 * `useBulkEditor` (use-bulk-editor.ts) runs them with React's useReducer and
 * keeps the side effects (the catalogue stream, announcements, files).
 * What the page shows from it (the grid's rows and columns, the lines around
 * the grid) is derived here too, by plain functions.
 */

/** The columns shown until the person chooses (the rest are one click away). */
export const defaultHidden: readonly ColumnId[] = ["nameShort", "cost", "weight", "order"];

export interface BulkEditorState {
  /** Every change before saving, with its undo history (model/edits.ts). */
  edits: EditsState;
  filter: GridFilter;
  sort: GridSort;
  hidden: ReadonlySet<ColumnId>;
  /** Store-wide reorder mode (docs/bulk-editing.md#store-wide-reorder). */
  reorder: boolean;
  /**
   * The selection, pinned to the products at its corners (model/selection.ts): pages arriving in a
   * sorted view, or an edit that moves a row, must not move it onto other products.
   */
  pinned: PinnedSelection | null;
  /** Products that did not save, by key. */
  problems: ReadonlyMap<string, GridProblem>;
  saving: boolean;
  reviewOpen: boolean;
  /** Shown above the review's changes (a CSV import's dry run). */
  reviewNote: string | null;
  columnsOpen: boolean;
  setValueOpen: boolean;
  /** What a CSV import left out. */
  importProblems: string[];
  /** Nothing of the last CSV was taken: it was turned away whole, not in parts (its notice's title says so). */
  importRejected: boolean;
  /** The live region's sentence. */
  message: string;
}

export function initialEditorState(): BulkEditorState {
  return {
    edits: emptyEdits(),
    filter: emptyFilter,
    sort: { column: "store", direction: "asc" },
    hidden: new Set(defaultHidden),
    reorder: false,
    pinned: null,
    problems: new Map(),
    saving: false,
    reviewOpen: false,
    reviewNote: null,
    columnsOpen: false,
    setValueOpen: false,
    importProblems: [],
    importRejected: false,
    message: "",
  };
}

interface Keyed {
  key: string;
}

export type BulkEditorAction =
  | { type: "filter"; patch: Partial<GridFilter> }
  | { type: "sort"; column: ColumnId }
  | { type: "show-column"; column: ColumnId; shown: boolean }
  | { type: "reorder"; on: boolean }
  /** A selection over `rows` (the rows shown now); `keys` names its corner products when the rows are about to change. */
  | { type: "select"; selection: Selection | null; rows: readonly Keyed[]; keys?: { anchor: string; focus: string } }
  | {
      type: "change";
      requests: CellChangeRequest[];
      label: string;
      byKey: ReadonlyMap<string, GridItem>;
      ctx: GridContext;
    }
  /** Moves `keys` to `toIndex` of `order` (every product's key, in the reorder view's order). */
  | {
      type: "move";
      order: readonly string[];
      keys: string[];
      toIndex: number;
      byKey: ReadonlyMap<string, GridItem>;
      ctx: GridContext;
    }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "discard"; cells: { key: string; column: ColumnId }[]; label: string }
  /** The save dialog's way in (a value or an update, as React's setState takes). */
  | { type: "set-edits"; update: SetStateAction<EditsState> }
  /** A CSV file read as a dry run: its problems shown, its changes made (one undo step) and the review opened. */
  | {
      type: "import";
      problems: string[];
      requests: CellChangeRequest[];
      label: string;
      note: string | null;
      byKey: ReadonlyMap<string, GridItem>;
      ctx: GridContext;
    }
  | { type: "review"; open: boolean; note?: string | null }
  | { type: "columns-dialog"; open: boolean }
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

/** The selection pinned to products: to the rows' products at its corners, or to the keys given. */
export function pinnedSelection(
  selection: Selection | null,
  rows: readonly Keyed[],
  keys?: { anchor: string; focus: string },
): PinnedSelection | null {
  if (!selection) return null;
  return keys ? { selection, anchorKey: keys.anchor, focusKey: keys.focus } : pinSelection(selection, rows);
}

function withEdits(state: BulkEditorState, edits: EditsState): BulkEditorState {
  return edits === state.edits ? state : { ...state, edits };
}

export function bulkEditorReducer(state: BulkEditorState, action: BulkEditorAction): BulkEditorState {
  switch (action.type) {
    case "filter":
      return { ...state, filter: { ...state.filter, ...action.patch } };
    case "sort":
      return { ...state, sort: nextSort(state.sort, action.column), pinned: null };
    case "show-column": {
      const hidden = new Set(state.hidden);
      if (action.shown) hidden.delete(action.column);
      else hidden.add(action.column);
      return { ...state, hidden, pinned: null };
    }
    case "reorder":
      return { ...state, reorder: action.on, pinned: null };
    case "select":
      return { ...state, pinned: pinnedSelection(action.selection, action.rows, action.keys) };
    case "change":
      if (!action.requests.length) return state;
      return withEdits(state, applyChanges(state.edits, action.requests, action.byKey, action.ctx, action.label));
    case "move": {
      const next = moveKeys(action.order, action.keys, action.toIndex);
      // Positions 1..n for the whole catalogue: a store-wide reorder, where products_multi sets each `order`
      // as given and moves nobody else (docs/contract.md#products_multi).
      return withEdits(
        state,
        setValues(
          state.edits,
          next.map((key, index) => ({ key, column: "order" as const, value: index + 1 })),
          action.byKey,
          action.ctx,
          action.keys.length === 1 ? "Move a product" : `Move ${counted(action.keys.length)} products`,
        ),
      );
    }
    case "undo":
      return canUndo(state.edits) ? withEdits(state, undo(state.edits)) : state;
    case "redo":
      return canRedo(state.edits) ? withEdits(state, redo(state.edits)) : state;
    case "discard":
      return withEdits(state, discardEdits(state.edits, action.cells, action.label));
    case "set-edits":
      return withEdits(state, typeof action.update === "function" ? action.update(state.edits) : action.update);
    case "import":
      if (!action.requests.length) return { ...state, importProblems: action.problems, importRejected: true };
      return {
        ...state,
        importProblems: action.problems,
        importRejected: false,
        edits: applyChanges(state.edits, action.requests, action.byKey, action.ctx, action.label),
        reviewNote: action.note,
        reviewOpen: true,
      };
    case "review":
      return action.note === undefined
        ? { ...state, reviewOpen: action.open }
        : { ...state, reviewOpen: action.open, reviewNote: action.note };
    case "columns-dialog":
      return { ...state, columnsOpen: action.open };
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

/** The grid's columns: the frozen name and the ones not hidden; in reorder mode, a fixed few. */
export function gridColumns(hidden: ReadonlySet<ColumnId>, reorder: boolean): ColumnDef[] {
  return reorder
    ? [columnById.name, columnById.order, columnById.sku, columnById.status, columnById.price]
    : allColumns.filter((c) => c.id === "name" || !hidden.has(c.id));
}

/**
 * The grid's rows: the filter's, sorted, on the current (edited) values; in reorder mode every product
 * by its (edited) order, then the store's order (`storeIndex`: each key's place as loaded).
 */
export function gridRows(
  products: readonly BulkProduct[],
  view: { filter: GridFilter; sort: GridSort; edits: EditsState; reorder: boolean },
  ctx: GridContext,
  storeIndex: ReadonlyMap<string, number>,
): BulkProduct[] {
  const { filter, sort, edits, reorder } = view;
  if (!reorder) return visibleRows(products, filter, sort, edits, ctx);
  const order = (p: BulkProduct) => {
    const value = currentValue(edits, p, "order");
    return typeof value === "number" ? value : Number.POSITIVE_INFINITY;
  };
  return [...products].sort(
    (a, b) => order(a) - order(b) || (storeIndex.get(a.key) ?? 0) - (storeIndex.get(b.key) ?? 0),
  );
}

/**
 * aria-rowcount, the header row counted: the store's total when it sent one, else the products loaded so
 * far; while a filter is on, the rows it keeps (so far).
 */
export function ariaRowCount(view: {
  filter: GridFilter;
  reorder: boolean;
  rows: number;
  loaded: number;
  total: number | null;
}): number {
  return (isFiltering(view.filter) && !view.reorder ? view.rows : (view.total ?? view.loaded)) + 1;
}

/** How many rows the selection spans (0 without one). */
export function selectedRowCount(selection: Selection | null): number {
  return selection ? rangeOf(selection).bottom - rangeOf(selection).top + 1 : 0;
}

/** What the bulk grid's rows are; the inventory's are options (its saver's noun). */
const NOUN = { one: "product", many: "products" };

/** The line beside the edit buttons: what is changed so far. */
export function changeSummary(changes: number, products: number, invalid: number, noun = NOUN): string {
  return changes
    ? `${plural(changes, "change")} in ${plural(products, noun.one, noun.many)}${invalid ? `, ${plural(invalid, "value")} to fix` : ""}`
    : "No changes yet";
}

/**
 * What is changed so far, in words, with a reorder told as one: moving one product to the top of 61
 * reads "1 product moved (60 renumbered)" (model/reorder.ts, orderMoves), beside the other changes.
 */
export function editsSummary(
  edits: EditsState,
  products: ReadonlyMap<string, GridItem & { order?: number | null }>,
  noun = NOUN,
): string {
  const positions: { before: number | null; after: number }[] = [];
  const others = new Set<string>();
  let otherCount = 0;
  let invalid = 0;
  for (const edit of edits.cells.values()) {
    if (edit.error) invalid++;
    if (edit.column === "order" && !edit.error && typeof edit.value === "number") {
      positions.push({ before: products.get(edit.key)?.order ?? null, after: edit.value });
    } else {
      otherCount++;
      others.add(edit.key);
    }
  }
  if (!positions.length) return changeSummary(otherCount, others.size, invalid, noun);
  const { moved, renumbered } = orderMoves(positions);
  const parts = [
    moved
      ? `${plural(moved, "product")} moved${renumbered ? ` (${counted(renumbered)} renumbered)` : ""}`
      : `${plural(renumbered, "product")} renumbered`,
    ...(otherCount ? [`${plural(otherCount, "change")} in ${plural(others.size, "product")}`] : []),
  ];
  return `${parts.join("; ")}${invalid ? `, ${plural(invalid, "value")} to fix` : ""}`;
}

/**
 * The line under the grid about the active cell: its column and product, why it cannot be saved as typed
 * or cannot be changed, or why its product did not save. `alert` when it tells of a problem.
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

/** The count under the grid: what the filter keeps, or what is loaded (of the store's total while loading). */
export function productCountLine(view: {
  filter: GridFilter;
  reorder: boolean;
  rows: number;
  loaded: number;
  total: number | null;
  loading: boolean;
}): string {
  const { filter, reorder, rows, loaded, total, loading } = view;
  return isFiltering(filter) && !reorder
    ? `${plural(rows, "product")} of ${counted(loaded)} match`
    : `${plural(loaded, "product")}${loading && total !== null ? ` of ${counted(total)}` : ""}`;
}

/** "Set value…": the text for `column` in every row of the selection. */
export function setValueRequests(
  selection: Selection,
  rows: readonly BulkProduct[],
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

/** What a CSV import tells the person: what was left out, and the review's note when something changes. */
export function importReport(result: CsvImport, fileName: string): { problems: string[]; note: string | null } {
  const problems = [
    ...result.problems,
    ...(result.unknownKeys.length
      ? [
          `${plural(result.unknownKeys.length, "row names a product", "rows name products")} this store does not have (${result.unknownKeys.slice(0, 5).join(", ")}${result.unknownKeys.length > 5 ? ", …" : ""}); they were left out.`,
        ]
      : []),
    ...(result.unknownColumns.length
      ? [`These columns are not bulk-editable and were left out: ${result.unknownColumns.join(", ")}.`]
      : []),
  ];
  const note = result.requests.length
    ? `A dry run of ${fileName}: ${plural(result.requests.length, "value")} in ${plural(result.rows, "row")} would change. Nothing is saved until you save; Undo takes the import back.`
    : null;
  return { problems, note };
}

/** The announcement when reorder mode is switched on or off. */
export function reorderSentence(on: boolean): string {
  return on
    ? "Reorder mode: drag a row by its handle, or select rows and press Alt with the up or down arrow."
    : "Reorder mode off.";
}
