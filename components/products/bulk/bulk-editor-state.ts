import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import {
  applyChanges,
  type CellChangeRequest,
  changeSummary,
  counted,
  currentValue,
  type EditsState,
  type GridAction,
  type GridContext,
  type GridItem,
  gridReducer,
  type GridSort,
  type GridState,
  initialGridState,
  moveKeys,
  plural,
  setValues,
  withEdits,
} from "../../grid";
import { type BulkColumnDef, type ColumnId, columnById, columns as allColumns } from "./model/columns";
import type { CsvImport } from "./model/csv";
import { orderMoves } from "./model/reorder";
import { emptyFilter, type GridFilter, isFiltering, visibleRows } from "./model/view";

/**
 * The bulk editor's state and its transitions (docs/bulk-editing.md), pure:
 * the grid's (components/grid: edits, sort, selection, the save) and, beside
 * it, the filter, the columns shown, reorder mode, its dialogs and what a CSV
 * import left out. `useBulkEditor` (use-bulk-editor.ts) runs them with
 * React's useReducer and keeps the side effects (the catalogue stream,
 * announcements, files). What the page shows from it is derived here too,
 * by plain functions.
 */

/** The columns shown until the person chooses (the rest are one click away). */
export const defaultHidden: readonly ColumnId[] = ["nameShort", "cost", "weight", "order"];

export interface BulkEditorState extends GridState {
  filter: GridFilter;
  hidden: ReadonlySet<ColumnId>;
  /** Store-wide reorder mode (docs/bulk-editing.md#store-wide-reorder). */
  reorder: boolean;
  columnsOpen: boolean;
  /** What a CSV import left out. */
  importProblems: string[];
  /** Nothing of the last CSV was taken: it was turned away whole, not in parts (its notice's title says so). */
  importRejected: boolean;
}

export function initialEditorState(): BulkEditorState {
  return {
    ...initialGridState(),
    filter: emptyFilter,
    hidden: new Set(defaultHidden),
    reorder: false,
    columnsOpen: false,
    importProblems: [],
    importRejected: false,
  };
}

export type BulkEditorAction =
  | GridAction
  | { type: "filter"; patch: Partial<GridFilter> }
  | { type: "show-column"; column: ColumnId; shown: boolean }
  | { type: "reorder"; on: boolean }
  /** Moves `keys` to `toIndex` of `order` (every product's key, in the reorder view's order). */
  | {
      type: "move";
      order: readonly string[];
      keys: string[];
      toIndex: number;
      byKey: ReadonlyMap<string, GridItem>;
      ctx: GridContext;
    }
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
  | { type: "columns-dialog"; open: boolean };

export function bulkEditorReducer(state: BulkEditorState, action: BulkEditorAction): BulkEditorState {
  switch (action.type) {
    case "filter":
      return { ...state, filter: { ...state.filter, ...action.patch } };
    case "show-column": {
      const hidden = new Set(state.hidden);
      if (action.shown) hidden.delete(action.column);
      else hidden.add(action.column);
      return { ...state, hidden, pinned: null };
    }
    case "reorder":
      return { ...state, reorder: action.on, pinned: null };
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
    case "columns-dialog":
      return { ...state, columnsOpen: action.open };
    default:
      return gridReducer(state, action);
  }
}

/* ---------- what the page shows, derived ---------- */

/** The grid's columns: the frozen name and the ones not hidden; in reorder mode, a fixed few. */
export function gridColumns(hidden: ReadonlySet<ColumnId>, reorder: boolean): BulkColumnDef[] {
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

/**
 * What is changed so far, in words, with a reorder told as one: moving one product to the top of 61
 * reads "1 product moved (60 renumbered)" (model/reorder.ts, orderMoves), beside the other changes.
 */
export function editsSummary(
  edits: EditsState,
  products: ReadonlyMap<string, GridItem & { order?: number | null }>,
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
  if (!positions.length) return changeSummary(otherCount, others.size, invalid);
  const { moved, renumbered } = orderMoves(positions);
  const parts = [
    moved
      ? `${plural(moved, "product")} moved${renumbered ? ` (${counted(renumbered)} renumbered)` : ""}`
      : `${plural(renumbered, "product")} renumbered`,
    ...(otherCount ? [`${plural(otherCount, "change")} in ${plural(others.size, "product")}`] : []),
  ];
  return `${parts.join("; ")}${invalid ? `, ${plural(invalid, "value")} to fix` : ""}`;
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
