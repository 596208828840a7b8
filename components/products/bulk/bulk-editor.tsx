"use client";

import Link from "next/link";
import { GridEditor } from "@/components/grid";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { ariaRowCount, editsSummary, productCountLine } from "./bulk-editor-state";
import { ColumnsDialog } from "./columns-dialog";
import { ImportProblemsNotice } from "./import-problems-notice";
import type { GridContext } from "./model/columns";
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
 * The bulk editing page's client side (docs/bulk-editing.md): the grid
 * editor (components/grid) over every product, with the bulk editor's
 * toolbar (filter, columns, CSV, reorder), what a CSV import left out, and
 * the columns dialog. The state and its actions are useBulkEditor's
 * (use-bulk-editor.ts).
 */
export function BulkEditor({ ctx, canWrite, groupsNote }: BulkEditorProps) {
  const editor = useBulkEditor(ctx);
  const { catalogue, products, rows, state, dispatch } = editor;
  const { filter, reorder, saving } = state;
  const loading = catalogue.state.phase === "loading";
  const counts = { filter, reorder, rows: rows.length, loaded: products.length, total: catalogue.state.total };

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

  return (
    <GridEditor
      editor={editor}
      catalogue={catalogue}
      saver={editor.saver}
      canWrite={canWrite}
      readOnlyNotice="You can see every product here, but changing them needs the permission to manage products."
      summary={editsSummary(state.edits, editor.byKey)}
      countLine={productCountLine({ ...counts, loading })}
      ariaRowCount={ariaRowCount(counts)}
      setValue
      reorder={reorder ? { onMove: editor.onMove } : null}
      toolbar={
        <>
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
        </>
      }
      notices={
        state.importProblems.length ? (
          <ImportProblemsNotice problems={state.importProblems} rejected={state.importRejected} />
        ) : null
      }
      dialogs={
        <ColumnsDialog
          open={state.columnsOpen}
          onOpenChange={(open) => dispatch({ type: "columns-dialog", open })}
          hidden={state.hidden}
          onShow={editor.showColumn}
        />
      }
    />
  );
}
