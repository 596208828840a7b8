"use client";

import type { ReactNode } from "react";
import { Notice } from "../ui/notice";
import type { GridItem } from "./columns";
import { EditBar } from "./edit-bar";
import { Grid } from "./grid";
import { GridFooter } from "./grid-footer";
import { activeCellLine, selectedRowCount } from "./grid-state";
import { canRedo, canUndo } from "./model/edits";
import { LoadNotices, SaveProblemsNotice } from "./notices";
import { SaveDialog } from "./save-dialog";
import type { GridSaver } from "./saver";
import { SetValueDialog } from "./set-value-dialog";
import type { CatalogueState } from "./use-catalogue";
import type { GridEditorApi } from "./use-grid-editor";

export interface GridEditorProps<R extends GridItem> {
  /** The feature's editor (useGridEditor over its reducer, rows and columns). */
  editor: GridEditorApi<R>;
  /** The catalogue's loading, and how to load it again after a failure. */
  catalogue: { state: CatalogueState; reload: () => void };
  /** How the rows are re-read and saved. */
  saver: GridSaver<R>;
  /** Whether the user may change the rows (showing only: the store decides on every write). */
  canWrite: boolean;
  /** What the page says instead of the edit bar when the user may not change the rows. */
  readOnlyNotice: string;
  /** What is changed so far, in words (beside "Review and save", and in the review). */
  summary: string;
  /** The count under the grid (what is loaded, or what the filters keep). */
  countLine: string;
  /** aria-rowcount, the header row counted. */
  ariaRowCount: number;
  /** The grid's accessible name ("Products", "Options"). */
  label?: string;
  /** Whether "Set value…" is offered. */
  setValue?: boolean;
  /** Reorder mode: rows are dragged (or moved with Alt+arrows) instead of edited. */
  reorder?: { onMove: (keys: string[], toIndex: number) => void } | null;
  /** Above the edit bar: the feature's notes and its toolbar (filters, columns, files). */
  toolbar?: ReactNode;
  /** Under the notice of rows that did not save (what a CSV import left out). */
  notices?: ReactNode;
  /** Shown instead of the grid (no rows match the filters), when given. */
  empty?: ReactNode;
  /** The feature's own dialogs (the bulk editor's columns). */
  dialogs?: ReactNode;
}

/**
 * A grid editor's page (docs/bulk-editing.md): the catalogue's loading, the
 * feature's toolbar, the rows that did not save, the edit bar (undo, redo,
 * fill down, set value, review and save), the grid, the line under it, the
 * live region, and the "Set value…" and review and save dialogs. A feature
 * brings its rows, columns, saver and toolbar; this is the rest.
 */
export function GridEditor<R extends GridItem>(props: GridEditorProps<R>) {
  const { editor, catalogue, canWrite, reorder = null } = props;
  const { state, rows, columns, selection, ctx } = editor;
  const { edits, problems, saving } = state;
  const readOnly = !canWrite || saving;
  const selectedRows = selectedRowCount(selection);

  return (
    <div className="space-y-3">
      <LoadNotices state={catalogue.state} onReload={catalogue.reload} />
      {props.toolbar}

      {problems.size && !saving ? <SaveProblemsNotice count={problems.size} noun={editor.noun} /> : null}
      {props.notices}

      {canWrite ? (
        <EditBar
          canUndo={canUndo(edits)}
          canRedo={canRedo(edits)}
          canFillDown={!!selection && !readOnly && !reorder && selectedRows >= 2}
          canSetValue={!!props.setValue && !!selection && !readOnly && !reorder}
          canReview={edits.cells.size > 0}
          saving={saving}
          summary={props.summary}
          onUndo={editor.undo}
          onRedo={editor.redo}
          onFillDown={editor.fillDown}
          onSetValue={() => editor.dispatch({ type: "set-value-dialog", open: true })}
          onReview={editor.openReview}
        />
      ) : (
        <Notice tone="info">{props.readOnlyNotice}</Notice>
      )}

      {props.empty ?? (
        <Grid
          label={props.label}
          rows={rows}
          columns={columns}
          edits={edits}
          ctx={ctx}
          ariaRowCount={props.ariaRowCount}
          busy={catalogue.state.phase === "loading"}
          readOnly={readOnly}
          sort={state.sort}
          onSort={(column) => editor.dispatch({ type: "sort", column })}
          selection={selection}
          onSelectionChange={editor.setSelection}
          onChanges={editor.change}
          onDiscard={editor.discard}
          onUndo={editor.undo}
          onRedo={editor.redo}
          problems={problems}
          reorder={reorder}
          announce={editor.announce}
        />
      )}

      <GridFooter cell={activeCellLine({ rows, columns, selection, edits, problems })} count={props.countLine} />
      <p className="sr-only" aria-live="polite">
        {state.message}
      </p>

      {props.dialogs}

      {props.setValue && state.setValueOpen && selection ? (
        <SetValueDialog
          columns={columns}
          initialColumn={columns[selection.focus.col]?.id ?? columns[0]?.id ?? ""}
          rowCount={selectedRows}
          ctx={ctx}
          onClose={() => editor.dispatch({ type: "set-value-dialog", open: false })}
          onSet={editor.setValue}
        />
      ) : null}

      {state.reviewOpen ? (
        <SaveDialog<R>
          open
          onOpenChange={editor.setReviewOpen}
          note={state.reviewNote}
          edits={edits}
          setEdits={editor.setEdits}
          byKey={editor.byKey}
          ctx={ctx}
          summary={props.summary}
          saver={props.saver}
          onSaving={editor.setSaving}
          onProblems={editor.setProblems}
        />
      ) : null}
    </div>
  );
}
