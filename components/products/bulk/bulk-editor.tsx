"use client";

import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { activeCellLine, ariaRowCount, editsSummary, productCountLine, selectedRowCount } from "./bulk-editor-state";
import { ColumnsDialog } from "./columns-dialog";
import { EditBar } from "./edit-bar";
import { BulkGrid } from "./grid";
import { GridFooter } from "./grid-footer";
import type { GridContext } from "./model/columns";
import { canRedo, canUndo } from "./model/edits";
import { ImportProblemsNotice, LoadNotices, SaveProblemsNotice } from "./notices";
import { SaveDialog } from "./save-dialog";
import { SetValueDialog } from "./set-value-dialog";
import { BulkToolbar } from "./toolbar";
import { useBulkEditor } from "./use-bulk-editor";

export interface BulkEditorProps {
  ctx: GridContext;
  /** Whether the user may change products (showing only: the store decides on every write). */
  canWrite: boolean;
  /** Why the group columns cannot offer names, when the groups could not be read. */
  groupsNote: string | null;
}

/**
 * The bulk editing page's client side (docs/bulk-editing.md): the catalogue
 * streamed in, the toolbar (filter, columns, CSV, reorder), the edit bar
 * (undo/redo, fill, set value, review), the grid, and the review and save
 * dialog. The state and its actions are useBulkEditor's (use-bulk-editor.ts).
 */
export function BulkEditor({ ctx, canWrite, groupsNote }: BulkEditorProps) {
  const editor = useBulkEditor(ctx);
  const { catalogue, products, rows, columns, selection, state, dispatch } = editor;
  const { edits, filter, reorder, problems, saving } = state;
  const loading = catalogue.state.phase === "loading";
  const total = catalogue.state.total;

  if (catalogue.state.phase === "done" && products.length === 0) {
    return (
      <EmptyState
        title="No products yet"
        action={
          canWrite ? (
            <Link href="/products/new" className={buttonClasses()}>
              New product
            </Link>
          ) : undefined
        }
      >
        Bulk editing opens every product of the store in one grid. Add a product first.
      </EmptyState>
    );
  }

  const readOnly = !canWrite || saving;
  const selectedRows = selectedRowCount(selection);
  const counts = { filter, reorder, rows: rows.length, loaded: products.length, total };

  return (
    <div className="space-y-3">
      <LoadNotices state={catalogue.state} onReload={catalogue.reload} />
      {groupsNote ? <Notice tone="info">{groupsNote}</Notice> : null}

      <BulkToolbar
        filter={filter}
        categories={editor.categories}
        currency={ctx.currency}
        reorder={reorder}
        canWrite={canWrite}
        loading={loading}
        saving={saving}
        canExport={rows.length > 0}
        onFilter={editor.setFilter}
        onColumns={() => dispatch({ type: "columns-dialog", open: true })}
        onExport={editor.exportCsv}
        onImport={(file) => void editor.importFile(file)}
        onReorder={editor.toggleReorder}
      />

      {problems.size && !saving ? <SaveProblemsNotice count={problems.size} /> : null}
      {state.importProblems.length ? (
        <ImportProblemsNotice problems={state.importProblems} rejected={state.importRejected} />
      ) : null}

      {canWrite ? (
        <EditBar
          canUndo={canUndo(edits)}
          canRedo={canRedo(edits)}
          canFillDown={!!selection && !readOnly && !reorder && selectedRows >= 2}
          canSetValue={!!selection && !readOnly && !reorder}
          canReview={editor.editCount > 0}
          saving={saving}
          summary={editsSummary(edits, editor.byKey)}
          onUndo={editor.doUndo}
          onRedo={editor.doRedo}
          onFillDown={editor.fillDown}
          onSetValue={() => dispatch({ type: "set-value-dialog", open: true })}
          onReview={editor.openReview}
        />
      ) : (
        <Notice tone="info">
          You can see every product here, but changing them needs the permission to manage products.
        </Notice>
      )}

      <BulkGrid
        rows={rows}
        columns={columns}
        edits={edits}
        ctx={ctx}
        ariaRowCount={ariaRowCount(counts)}
        busy={loading}
        readOnly={readOnly}
        sort={state.sort}
        onSort={editor.onSort}
        selection={selection}
        onSelectionChange={editor.setSelection}
        onChanges={editor.change}
        onDiscard={editor.discard}
        onUndo={editor.doUndo}
        onRedo={editor.doRedo}
        problems={problems}
        reorder={reorder ? { onMove: editor.onMove } : null}
        announce={editor.announce}
      />

      <GridFooter
        cell={activeCellLine({ rows, columns, selection, edits, problems })}
        count={productCountLine({ ...counts, loading })}
      />
      <p className="sr-only" aria-live="polite">
        {state.message}
      </p>

      <ColumnsDialog
        open={state.columnsOpen}
        onOpenChange={(open) => dispatch({ type: "columns-dialog", open })}
        hidden={state.hidden}
        onShow={editor.showColumn}
      />

      {state.setValueOpen && selection ? (
        <SetValueDialog
          columns={columns}
          initialColumn={columns[selection.focus.col]?.id ?? "name"}
          rowCount={selectedRows}
          ctx={ctx}
          onClose={() => dispatch({ type: "set-value-dialog", open: false })}
          onSet={editor.setValue}
        />
      ) : null}

      {state.reviewOpen ? (
        <SaveDialog
          open
          onOpenChange={editor.setReviewOpen}
          note={state.reviewNote}
          edits={edits}
          setEdits={editor.setEdits}
          byKey={editor.byKey}
          ctx={ctx}
          saver={editor.saver}
          onSaving={editor.setSaving}
          onProblems={editor.setProblems}
        />
      ) : null}
    </div>
  );
}
