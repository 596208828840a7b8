"use client";

import { type SetStateAction, useCallback, useMemo, useReducer } from "react";
import { toast } from "@/components/ui/toast";
import { useUnsavedGuard } from "../editor/use-unsaved-guard";
import {
  bulkEditorReducer,
  gridColumns,
  gridRows,
  importReport,
  initialEditorState,
  reorderSentence,
  selectedRowCount,
  setValueRequests,
} from "./bulk-editor-state";
import type { GridProblem } from "./grid";
import { type ColumnId, columnById, type GridContext } from "./model/columns";
import { importCsv, toCsv } from "./model/csv";
import {
  canRedo,
  canUndo,
  type CellChangeRequest,
  editedKeys,
  type EditsState,
  errorCount,
  redoLabel,
  undoLabel,
} from "./model/edits";
import { fillDownRequests } from "./model/fill";
import { followRows, type Selection } from "./model/selection";
import { categoriesOf, type GridFilter } from "./model/view";
import { bulkSaver } from "./bulk-saver";
import { useCatalogue } from "./use-catalogue";
import { plural } from "./words";

/**
 * The bulk editor's state (docs/bulk-editing.md): the catalogue streamed in,
 * the pure state of bulk-editor-state.ts in a reducer, what the grid shows
 * derived from both, and the actions of the toolbars, the grid and the
 * dialogs (announced to screen readers where the grid does not show them).
 */
export function useBulkEditor(ctx: GridContext) {
  const catalogue = useCatalogue();
  const saver = useMemo(() => bulkSaver(catalogue.replace), [catalogue.replace]);
  const { state: loaded } = catalogue;
  const products = loaded.products;
  const byKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const storeIndex = useMemo(() => new Map(products.map((p, i) => [p.key, i])), [products]);

  const [state, dispatch] = useReducer(bulkEditorReducer, undefined, initialEditorState);
  const { edits, filter, sort, hidden, reorder, pinned } = state;

  const editCount = edits.cells.size;
  useUnsavedGuard(editCount > 0);

  const announce = useCallback((text: string) => {
    // The same sentence twice must still be heard: clear, then set.
    dispatch({ type: "message", text: "" });
    requestAnimationFrame(() => dispatch({ type: "message", text }));
  }, []);

  const columns = useMemo(() => gridColumns(hidden, reorder), [hidden, reorder]);
  const rows = useMemo(
    () => gridRows(products, { filter, sort, edits, reorder }, ctx, storeIndex),
    [products, filter, sort, edits, ctx, reorder, storeIndex],
  );
  const categories = useMemo(() => categoriesOf(products), [products]);

  const selection = useMemo(() => (pinned ? followRows(pinned, rows) : null), [pinned, rows]);
  /** Selects over the rows shown now; `keys` names the corner products when the rows are about to change (a move). */
  const setSelection = useCallback(
    (next: Selection | null, keys?: { anchor: string; focus: string }) =>
      dispatch({ type: "select", selection: next, rows, keys }),
    [rows],
  );

  const change = useCallback(
    (requests: CellChangeRequest[], label: string) => {
      if (!requests.length) return;
      dispatch({ type: "change", requests, label, byKey, ctx });
    },
    [byKey, ctx],
  );

  // Stable, as the setters of useState were: the save dialog calls them across renders.
  const setEdits = useCallback((update: SetStateAction<EditsState>) => dispatch({ type: "set-edits", update }), []);
  const setSaving = useCallback((saving: boolean) => dispatch({ type: "saving", saving }), []);
  const setProblems = useCallback(
    (problems: ReadonlyMap<string, GridProblem>) => dispatch({ type: "problems", problems }),
    [],
  );
  const setReviewOpen = useCallback((open: boolean) => dispatch({ type: "review", open }), []);

  function setFilter(patch: Partial<GridFilter>) {
    dispatch({ type: "filter", patch });
  }

  function onSort(column: ColumnId) {
    dispatch({ type: "sort", column });
  }

  function showColumn(column: ColumnId, shown: boolean) {
    dispatch({ type: "show-column", column, shown });
  }

  function toggleReorder() {
    dispatch({ type: "reorder", on: !reorder });
    announce(reorderSentence(!reorder));
  }

  function onMove(keys: string[], toIndex: number) {
    dispatch({ type: "move", order: rows.map((p) => p.key), keys, toIndex, byKey, ctx });
  }

  function doUndo() {
    if (!canUndo(edits)) return;
    announce(`Undid: ${undoLabel(edits)}.`);
    dispatch({ type: "undo" });
  }

  function doRedo() {
    if (!canRedo(edits)) return;
    announce(`Redid: ${redoLabel(edits)}.`);
    dispatch({ type: "redo" });
  }

  function discard(cells: { key: string; column: ColumnId }[], label: string) {
    dispatch({ type: "discard", cells, label });
  }

  function fillDown() {
    if (!selection) return;
    change(
      fillDownRequests(
        selection,
        rows,
        columns.map((c) => c.id),
        edits,
        ctx,
      ),
      "Fill down",
    );
  }

  /** "Set value…": one value for `column` in every selected row. */
  function setValue(column: ColumnId, text: string) {
    if (!selection) return;
    const label = columnById[column].label.toLowerCase();
    change(setValueRequests(selection, rows, columns, column, text), `Set ${label}`);
    dispatch({ type: "set-value-dialog", open: false });
    announce(`Set ${label} of ${plural(selectedRowCount(selection), "product")}.`);
  }

  function openReview() {
    dispatch({ type: "review", open: true, note: null });
  }

  function exportCsv() {
    const csv = toCsv(
      rows,
      columns.map((c) => c.id),
      edits,
      ctx,
    );
    const blob = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `products-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    announce(`Exported ${plural(rows.length, "product")} to ${link.download}.`);
  }

  async function importFile(file: File) {
    const text = await file.text();
    // Against the grid's current values: a cell the file holds as the grid shows it changes nothing, and
    // one the file puts back to the stored value takes the grid's edit back.
    const result = importCsv(text, byKey, ctx, edits);
    const { problems, note } = importReport(result, file.name);
    dispatch({ type: "import", problems, requests: result.requests, label: `Import ${file.name}`, note, byKey, ctx });
    if (!result.requests.length && !result.problems.length) {
      toast.info(`${file.name} changes nothing: every value is as the grid has it.`);
    }
  }

  return {
    catalogue,
    saver,
    products,
    byKey,
    state,
    dispatch,
    columns,
    rows,
    categories,
    selection,
    editCount,
    invalid: errorCount(edits),
    changedProducts: editedKeys(edits).length,
    announce,
    setSelection,
    change,
    setEdits,
    setSaving,
    setProblems,
    setReviewOpen,
    setFilter,
    onSort,
    showColumn,
    toggleReorder,
    onMove,
    doUndo,
    doRedo,
    discard,
    fillDown,
    setValue,
    openReview,
    exportCsv,
    importFile,
  };
}
