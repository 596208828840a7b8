"use client";

import { type Dispatch, type SetStateAction, useCallback, useMemo, useReducer } from "react";
import { type ColumnDef, columnDef, type ColumnId, type GridContext, type GridItem } from "./columns";
import type { GridProblem } from "./grid";
import { type GridAction, type GridState, type Noun, selectedRowCount, setValueRequests } from "./grid-state";
import { canRedo, canUndo, type CellChangeRequest, type EditsState, redoLabel, undoLabel } from "./model/edits";
import { fillDownRequests } from "./model/fill";
import { followRows, type Selection } from "./model/selection";
import { plural } from "./words";

/**
 * A grid editor's state in React (docs/bulk-editing.md): a feature's reducer
 * over GridState (gridReducer, or its own that hands gridReducer the
 * grid's actions), with the setters the save dialog calls across renders
 * and the live region's announcements.
 */
export function useGridState<S extends GridState, A extends { type: string } = GridAction>(
  reducer: (state: S, action: A | GridAction) => S,
  init: () => S,
) {
  const [state, dispatch] = useReducer(reducer, undefined, init);

  const announce = useCallback((text: string) => {
    // The same sentence twice must still be heard: clear, then set.
    dispatch({ type: "message", text: "" });
    requestAnimationFrame(() => dispatch({ type: "message", text }));
  }, []);
  // Stable, as the setters of useState were: the save dialog calls them across renders.
  const setEdits = useCallback((update: SetStateAction<EditsState>) => dispatch({ type: "set-edits", update }), []);
  const setSaving = useCallback((saving: boolean) => dispatch({ type: "saving", saving }), []);
  const setProblems = useCallback(
    (problems: ReadonlyMap<string, GridProblem>) => dispatch({ type: "problems", problems }),
    [],
  );
  const setReviewOpen = useCallback((open: boolean) => dispatch({ type: "review", open }), []);

  return {
    state,
    dispatch: dispatch as Dispatch<A | GridAction>,
    announce,
    setEdits,
    setSaving,
    setProblems,
    setReviewOpen,
  };
}

export type GridStateHandle<S extends GridState = GridState, A extends { type: string } = GridAction> = ReturnType<
  typeof useGridState<S, A>
>;

export interface GridView<R extends GridItem> {
  /** The rows shown, in their order (the feature's filter and the grid's sort). */
  rows: readonly R[];
  /** The columns shown, the frozen one first. */
  columns: readonly ColumnDef[];
  /** Every loaded row by key. */
  byKey: ReadonlyMap<string, R>;
  ctx: GridContext;
  /** What a row is ("product", "option"). */
  noun: Noun;
}

/**
 * What the grid, its edit bar and its dialogs do over the rows shown: the
 * selection (kept on its rows as they move), changes as undo steps, undo and
 * redo, fill down and "Set value…", announced where the grid does not show them.
 */
export function useGridEditor<R extends GridItem, S extends GridState, A extends { type: string }>(
  grid: GridStateHandle<S, A>,
  view: GridView<R>,
) {
  const { state, dispatch, announce } = grid;
  const { rows, columns, byKey, ctx, noun } = view;
  const { edits, pinned } = state;

  const selection = useMemo(() => (pinned ? followRows(pinned, rows) : null), [pinned, rows]);
  /** Selects over the rows shown now; `keys` names the corner rows when the rows are about to change (a move). */
  const setSelection = useCallback(
    (next: Selection | null, keys?: { anchor: string; focus: string }) =>
      dispatch({ type: "select", selection: next, rows, keys }),
    [dispatch, rows],
  );
  const change = useCallback(
    (requests: CellChangeRequest[], label: string) => {
      if (requests.length) dispatch({ type: "change", requests, label, byKey, ctx });
    },
    [dispatch, byKey, ctx],
  );

  function undo() {
    if (!canUndo(edits)) return;
    announce(`Undid: ${undoLabel(edits)}.`);
    dispatch({ type: "undo" });
  }

  function redo() {
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
    const label = columnDef(column).label.toLowerCase();
    change(setValueRequests(selection, rows, columns, column, text), `Set ${label}`);
    dispatch({ type: "set-value-dialog", open: false });
    announce(`Set ${label} of ${plural(selectedRowCount(selection), noun.one, noun.many)}.`);
  }

  function openReview() {
    dispatch({ type: "review", open: true, note: null });
  }

  return { ...grid, ...view, selection, setSelection, change, undo, redo, discard, fillDown, setValue, openReview };
}

/** What the grid's frame (grid-editor.tsx) takes of a feature's editor: useGridEditor's answer. */
export interface GridEditorApi<R extends GridItem> extends GridView<R> {
  state: GridState;
  dispatch: (action: GridAction) => void;
  announce: (text: string) => void;
  setEdits: (update: SetStateAction<EditsState>) => void;
  setSaving: (saving: boolean) => void;
  setProblems: (problems: ReadonlyMap<string, GridProblem>) => void;
  setReviewOpen: (open: boolean) => void;
  selection: Selection | null;
  setSelection: (next: Selection | null, keys?: { anchor: string; focus: string }) => void;
  change: (requests: CellChangeRequest[], label: string) => void;
  undo: () => void;
  redo: () => void;
  discard: (cells: { key: string; column: ColumnId }[], label: string) => void;
  fillDown: () => void;
  setValue: (column: ColumnId, text: string) => void;
  openReview: () => void;
}
