"use client";

import { type Dispatch, type SetStateAction, useEffect } from "react";
import { type ColumnDef, type ColumnId, type GridContext, type GridItem, originalValue } from "./columns";
import { type CellChangeRequest, editOf, type EditsState } from "./model/edits";
import { type Bounds, type CellPos, collapse, moveBy, type Selection } from "./model/selection";

/** The cell being edited, by product and column: rows may move while it is open (pages arriving in a sorted view). */
export interface Editing {
  key: string;
  column: ColumnId;
  text: string;
  /** Started by typing: arrows commit and move (as in a spreadsheet); by Enter/F2/double click they move the caret. */
  typed: boolean;
}

/**
 * What a cell shows: the text in error as typed, else its current value as the column formats it.
 * `edit`: the cell's edit when the caller has looked it up already (a row, once per cell).
 */
export function shownText(
  edits: EditsState,
  product: GridItem,
  column: ColumnDef,
  ctx: GridContext,
  edit = editOf(edits, product.key, column.id),
): string {
  if (edit?.error) return edit.text;
  return column.format(edit ? edit.value : originalValue(product, column.id), ctx);
}

export interface CellEditingOptions {
  editing: Editing | null;
  setEditing: Dispatch<SetStateAction<Editing | null>>;
  /** The row of the product being edited now (-1: not shown, or nothing edited). */
  editingRow: number;
  rows: readonly GridItem[];
  columns: readonly ColumnDef[];
  edits: EditsState;
  ctx: GridContext;
  readOnly: boolean;
  reorder: boolean;
  bounds: Bounds;
  select: (next: Selection | null) => void;
  focusGrid: () => void;
  onChanges: (requests: CellChangeRequest[], label: string) => void;
  announce: (message: string) => void;
}

/**
 * Editing a cell of the grid (docs/bulk-editing.md#the-grid): starting (by typing, Enter, F2 or a
 * double click), committing what was typed to the product it was typed into, wherever its row is now,
 * and cancelling. The editor input itself is cell-editor.tsx.
 */
export function useCellEditing(options: CellEditingOptions) {
  const { editing, setEditing, editingRow, rows, columns, edits, ctx, readOnly, reorder, bounds } = options;
  const { select, focusGrid, onChanges, announce } = options;

  function readOnlyReason(row: number, col: number): string | null {
    if (readOnly) return "You cannot change products.";
    const product = rows[row];
    const column = columns[col];
    if (!product || !column) return null;
    return column.readOnly?.(product) ?? null;
  }

  function startEditing(pos: CellPos, text: string | null, typed: boolean) {
    if (reorder) return;
    const reason = readOnlyReason(pos.row, pos.col);
    if (reason) {
      announce(reason);
      return;
    }
    const product = rows[pos.row];
    const column = columns[pos.col];
    if (!product || !column) return;
    setEditing({ key: product.key, column: column.id, text: text ?? shownText(edits, product, column, ctx), typed });
  }

  /** Applies what was typed to the product being edited, wherever its row is now, and moves from there. */
  function commit(move: { dRow: number; dCol: number } | null) {
    if (!editing) return;
    setEditing(null);
    const row = rows.findIndex((p) => p.key === editing.key);
    const col = columns.findIndex((c) => c.id === editing.column);
    const product = rows[row];
    const column = columns[col];
    if (!column) return focusGrid();
    if (!product || editing.text !== shownText(edits, product, column, ctx)) {
      onChanges([{ key: editing.key, column: column.id, text: editing.text }], `Edit ${column.label.toLowerCase()}`);
    }
    if (product) {
      const pos = { row, col };
      select(collapse(move ? moveBy(pos, move.dRow, move.dCol, bounds) : pos));
    }
    focusGrid();
  }

  // The edited row left the rows (it no longer matches the filter): what was typed is kept, not lost.
  useEffect(() => {
    if (editing && editingRow === -1) commit(null);
  });

  function cancelEditing() {
    setEditing(null);
    focusGrid();
  }

  function editText(text: string) {
    if (editing) setEditing({ ...editing, text });
  }

  return { startEditing, commit, cancelEditing, editText };
}
