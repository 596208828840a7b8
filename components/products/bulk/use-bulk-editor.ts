"use client";

import { useEffect, useMemo } from "react";
import {
  categoriesOf,
  plural,
  prepareSort,
  useCatalogue,
  useColumnsForWidth,
  useGridEditor,
  useGridState,
} from "@/components/grid";
import { toast } from "@/components/ui/toast";
import { useUnsavedGuard } from "../editor/use-unsaved-guard";
import {
  bulkEditorReducer,
  gridColumns,
  gridRows,
  importReport,
  initialEditorState,
  reorderSentence,
} from "./bulk-editor-state";
import { bulkSaver } from "./bulk-saver";
import type { ColumnId, GridContext } from "./model/columns";
import { importCsv, toCsv } from "./model/csv";
import { type GridFilter, prepareSearch } from "./model/view";

/** The columns of many different texts, whose sort is made ahead (docs/bulk-editing.md#sorting). */
const TEXT_SORTS: readonly ColumnId[] = ["name", "nameShort", "sku"];

const noun = { one: "product", many: "products" };
/** On a phone, what a person most often comes to bulk edit for sits beside the name (hidden ones stay hidden). */
const phoneFirst: readonly ColumnId[] = ["price", "salePrice", "quantity", "status"];

/**
 * The bulk editor's state (docs/bulk-editing.md): the catalogue streamed in,
 * the grid editor (components/grid) over the pure state of
 * bulk-editor-state.ts, what the grid shows derived from both, and the
 * bulk editor's own actions: filters, columns, reorder, CSV (announced to
 * screen readers where the grid does not show them).
 */
export function useBulkEditor(ctx: GridContext) {
  const catalogue = useCatalogue();
  const saver = useMemo(() => bulkSaver(catalogue.replace, ctx), [catalogue.replace, ctx]);
  const products = catalogue.state.products;
  const byKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const storeIndex = useMemo(() => new Map(products.map((p, i) => [p.key, i])), [products]);

  const grid = useGridState(bulkEditorReducer, initialEditorState);
  const { state, dispatch, announce } = grid;
  const { edits, filter, sort, hidden, reorder } = state;
  useUnsavedGuard(edits.cells.size > 0);

  const columns = useColumnsForWidth(
    useMemo(() => gridColumns(hidden, reorder), [hidden, reorder]),
    phoneFirst,
  );
  const rows = useMemo(
    () => gridRows(products, { filter, sort, edits, reorder }, ctx, storeIndex),
    [products, filter, sort, edits, ctx, reorder, storeIndex],
  );
  const categories = useMemo(() => categoriesOf(products), [products]);
  // Once every product is in: their search texts, and the order of the text columns' values, made in the
  // background for the first search and the first sort (docs/bulk-editing.md#sorting).
  const whole = catalogue.state.phase === "done";
  useEffect(() => (whole ? prepareSearch(products) : undefined), [whole, products]);
  useEffect(() => (whole ? prepareSort(products, TEXT_SORTS, ctx) : undefined), [whole, products, ctx]);
  const editor = useGridEditor(grid, { rows, columns, byKey, ctx, noun });

  function setFilter(patch: Partial<GridFilter>) {
    dispatch({ type: "filter", patch });
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
    ...editor,
    state,
    dispatch,
    catalogue,
    saver,
    products,
    categories,
    setFilter,
    showColumn,
    toggleReorder,
    onMove,
    exportCsv,
    importFile,
  };
}
