"use client";

import Columns3 from "lucide-react/icons/columns-3";
import Download from "lucide-react/icons/download";
import ListOrdered from "lucide-react/icons/list-ordered";
import Redo2 from "lucide-react/icons/redo-2";
import Undo2 from "lucide-react/icons/undo-2";
import Upload from "lucide-react/icons/upload";
import Link from "next/link";
import { useCallback, useMemo, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";
import { parseMoneyText } from "@/lib/money";
import { productStatusLabel, productStatuses } from "@/lib/store/products/model";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { useUnsavedGuard } from "../editor/use-unsaved-guard";
import { BulkGrid, type GridProblem } from "./grid";
import { toCsv, importCsv } from "./model/csv";
import { type ColumnId, columns as allColumns, columnById, type GridContext } from "./model/columns";
import {
  applyChanges,
  canRedo,
  canUndo,
  type CellChangeRequest,
  currentValue,
  discardEdits,
  editOf,
  editedKeys,
  emptyEdits,
  type EditsState,
  errorCount,
  redo,
  redoLabel,
  setValues,
  undo,
  undoLabel,
} from "./model/edits";
import { fillDownRequests, setAllRequests } from "./model/fill";
import { moveKeys } from "./model/reorder";
import { followRows, type PinnedSelection, pinSelection, rangeOf, type Selection } from "./model/selection";
import { categoriesOf, emptyFilter, type GridFilter, type GridSort, isFiltering, visibleRows } from "./model/view";
import { SaveDialog } from "./save-dialog";
import { useCatalogue } from "./use-catalogue";

const counted = (n: number) => n.toLocaleString("en");
const plural = (n: number, one: string, many = `${one}s`) => `${counted(n)} ${n === 1 ? one : many}`;

/** The columns shown until the person chooses (the rest are one click away). */
const defaultHidden: ColumnId[] = ["nameShort", "cost", "weight", "order"];

export interface BulkEditorProps {
  ctx: GridContext;
  /** Whether the user may change products (showing only: the store decides on every write). */
  canWrite: boolean;
  /** Why the group columns cannot offer names, when the groups could not be read. */
  groupsNote: string | null;
}

/**
 * The bulk editing page's client side (docs/bulk-editing.md): the catalogue
 * streamed in, the toolbar (filter, columns, undo/redo, fill, set value,
 * CSV, reorder), the grid, and the review and save dialog.
 */
export function BulkEditor({ ctx, canWrite, groupsNote }: BulkEditorProps) {
  const catalogue = useCatalogue();
  const { state } = catalogue;
  const products = state.products;
  const byKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const storeIndex = useMemo(() => new Map(products.map((p, i) => [p.key, i])), [products]);

  const [edits, setEdits] = useState<EditsState>(emptyEdits);
  const [filter, setFilter] = useState<GridFilter>(emptyFilter);
  const [sort, setSort] = useState<GridSort>({ column: "store", direction: "asc" });
  const [hidden, setHidden] = useState<ReadonlySet<ColumnId>>(() => new Set(defaultHidden));
  const [reorder, setReorder] = useState(false);
  // The selection is pinned to the products at its corners (model/selection.ts): pages arriving in a
  // sorted view, or an edit that moves a row, must not move it onto other products.
  const [pinned, setPinned] = useState<PinnedSelection | null>(null);
  const [problems, setProblems] = useState<ReadonlyMap<string, GridProblem>>(new Map());
  const [saving, setSaving] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [reviewNote, setReviewNote] = useState<string | null>(null);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [setAllOpen, setSetAllOpen] = useState(false);
  const [importProblems, setImportProblems] = useState<string[]>([]);
  const [message, setMessage] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);

  const loading = state.phase === "loading";
  const editCount = edits.cells.size;
  const invalid = errorCount(edits);
  const changedProducts = editedKeys(edits).length;
  useUnsavedGuard(editCount > 0);

  const announce = useCallback((text: string) => {
    // The same sentence twice must still be heard: clear, then set.
    setMessage("");
    requestAnimationFrame(() => setMessage(text));
  }, []);

  const columns = useMemo(
    () =>
      reorder
        ? [columnById.name, columnById.order, columnById.sku, columnById.status, columnById.price]
        : allColumns.filter((c) => c.id === "name" || !hidden.has(c.id)),
    [hidden, reorder],
  );

  const rows = useMemo(() => {
    if (!reorder) return visibleRows(products, filter, sort, edits, ctx);
    // Reorder mode: every product by its (edited) order, then the store's order.
    const order = (p: BulkProduct) => {
      const value = currentValue(edits, p, "order");
      return typeof value === "number" ? value : Number.POSITIVE_INFINITY;
    };
    return [...products].sort(
      (a, b) => order(a) - order(b) || (storeIndex.get(a.key) ?? 0) - (storeIndex.get(b.key) ?? 0),
    );
  }, [products, filter, sort, edits, ctx, reorder, storeIndex]);

  const categories = useMemo(() => categoriesOf(products), [products]);

  const selection = useMemo(() => (pinned ? followRows(pinned, rows) : null), [pinned, rows]);
  /** Selects over the rows shown now; `keys` names the corner products when the rows are about to change (a move). */
  const setSelection = useCallback(
    (next: Selection | null, keys?: { anchor: string; focus: string }) =>
      setPinned(
        !next
          ? null
          : keys
            ? { selection: next, anchorKey: keys.anchor, focusKey: keys.focus }
            : pinSelection(next, rows),
      ),
    [rows],
  );

  const change = useCallback(
    (requests: CellChangeRequest[], label: string) => {
      if (!requests.length) return;
      setEdits((current) => applyChanges(current, requests, byKey, ctx, label));
    },
    [byKey, ctx],
  );

  function onSort(column: ColumnId) {
    setSort((current) =>
      current.column !== column
        ? { column, direction: "asc" }
        : current.direction === "asc"
          ? { column, direction: "desc" }
          : { column: "store", direction: "asc" },
    );
    setSelection(null);
  }

  function onMove(keys: string[], toIndex: number) {
    const next = moveKeys(
      rows.map((p) => p.key),
      keys,
      toIndex,
    );
    // Positions 1..n for the whole catalogue (a store-wide reorder: products_multi, rule 2).
    setEdits((current) =>
      setValues(
        current,
        next.map((key, index) => ({ key, column: "order" as const, value: index + 1 })),
        byKey,
        ctx,
        keys.length === 1 ? "Move a product" : `Move ${counted(keys.length)} products`,
      ),
    );
  }

  function doUndo() {
    if (!canUndo(edits)) return;
    announce(`Undid: ${undoLabel(edits)}.`);
    setEdits(undo(edits));
  }

  function doRedo() {
    if (!canRedo(edits)) return;
    announce(`Redid: ${redoLabel(edits)}.`);
    setEdits(redo(edits));
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
    setImportProblems(problems);
    if (!result.requests.length) {
      if (!result.problems.length) toast.info(`${file.name} changes nothing: every value is as the grid has it.`);
      return;
    }
    setEdits((current) => applyChanges(current, result.requests, byKey, ctx, `Import ${file.name}`));
    setReviewNote(
      `A dry run of ${file.name}: ${plural(result.requests.length, "value")} in ${plural(result.rows, "row")} would change. Nothing is saved until you save; Undo takes the import back.`,
    );
    setReviewOpen(true);
  }

  const selectedRows = selection ? rangeOf(selection).bottom - rangeOf(selection).top + 1 : 0;
  const activeProduct = selection ? rows[selection.focus.row] : undefined;
  const activeColumn = selection ? columns[selection.focus.col] : undefined;
  const activeEdit = activeProduct && activeColumn ? editOf(edits, activeProduct.key, activeColumn.id) : undefined;
  const activeLock = activeProduct && activeColumn ? (activeColumn.readOnly?.(activeProduct) ?? null) : null;
  const activeProblem = activeProduct ? problems.get(activeProduct.key) : undefined;

  const total = state.total;
  // The header row counted. While a filter is on, the grid's rows are the products it keeps (so far).
  const ariaRowCount = (isFiltering(filter) && !reorder ? rows.length : (total ?? products.length)) + 1;

  if (state.phase === "done" && products.length === 0) {
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

  return (
    <div className="space-y-3">
      {loading ? (
        <ProgressBar
          label="Loading products"
          value={products.length}
          max={total}
          text={
            total !== null
              ? `Loading products: ${counted(products.length)} of ${counted(total)}`
              : `Loading products: ${counted(products.length)} so far`
          }
          className="max-w-md"
        />
      ) : null}
      {state.phase === "failed" ? (
        <Notice tone="error" title="Not every product could be loaded">
          <p>
            {state.error} The grid holds {plural(products.length, "product")}; your changes are kept.
          </p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={catalogue.reload}>
            Load again
          </Button>
        </Notice>
      ) : null}
      {groupsNote ? <Notice tone="info">{groupsNote}</Notice> : null}

      {/* The toolbar: filters first, then what acts on the grid. */}
      <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Bulk editing">
        <div className="w-full sm:w-56">
          <label htmlFor="bulk-search" className="mb-1 block text-xs font-medium text-fg-muted">
            Search
          </label>
          <Input
            id="bulk-search"
            type="search"
            placeholder="Name, SKU or key"
            value={filter.text}
            disabled={reorder}
            onChange={(event) => setFilter({ ...filter, text: event.target.value })}
          />
        </div>
        <div className="w-[calc(50%-0.25rem)] sm:w-40">
          <label htmlFor="bulk-status" className="mb-1 block text-xs font-medium text-fg-muted">
            Status
          </label>
          <Select
            id="bulk-status"
            value={filter.status ?? ""}
            disabled={reorder}
            onChange={(event) => setFilter({ ...filter, status: event.target.value || null })}
          >
            <option value="">Any status</option>
            {productStatuses.map((status) => (
              <option key={status} value={status}>
                {productStatusLabel(status)}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-[calc(50%-0.25rem)] sm:w-44">
          <label htmlFor="bulk-category" className="mb-1 block text-xs font-medium text-fg-muted">
            Category
          </label>
          <Select
            id="bulk-category"
            value={filter.category ?? ""}
            disabled={reorder}
            onChange={(event) => setFilter({ ...filter, category: event.target.value || null })}
          >
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </div>
        <PriceBound
          id="bulk-price-min"
          label="Price from"
          currency={ctx.currency}
          disabled={reorder}
          onValue={(priceMin) => setFilter((f) => ({ ...f, priceMin }))}
        />
        <PriceBound
          id="bulk-price-max"
          label="Price to"
          currency={ctx.currency}
          disabled={reorder}
          onValue={(priceMax) => setFilter((f) => ({ ...f, priceMax }))}
        />
        <div className="flex flex-wrap items-center gap-2 sm:ms-auto">
          <Button variant="secondary" size="sm" onClick={() => setColumnsOpen(true)} disabled={reorder}>
            <Columns3 aria-hidden="true" />
            Columns
          </Button>
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={!rows.length}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
          {canWrite ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => fileInput.current?.click()}
                disabled={loading || saving || reorder}
              >
                <Upload aria-hidden="true" />
                Import CSV
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                tabIndex={-1}
                aria-label="CSV file to import"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) void importFile(file);
                }}
              />
              <Button
                variant={reorder ? "primary" : "secondary"}
                size="sm"
                aria-pressed={reorder}
                disabled={loading || saving}
                title={loading ? "Reordering waits until every product is loaded." : undefined}
                onClick={() => {
                  setReorder(!reorder);
                  setSelection(null);
                  announce(
                    reorder
                      ? "Reorder mode off."
                      : "Reorder mode: drag a row by its handle, or select rows and press Alt with the up or down arrow.",
                  );
                }}
              >
                <ListOrdered aria-hidden="true" />
                Reorder
              </Button>
            </>
          ) : null}
        </div>
      </div>

      {problems.size && !saving ? (
        <Notice tone="error" title={`${plural(problems.size, "product")} did not save`}>
          {problems.size === 1 ? "It is" : "They are"} marked in the grid with the store&apos;s reason, and{" "}
          {problems.size === 1 ? "its" : "their"} changes are kept: correct them, then review and save again.
        </Notice>
      ) : null}

      {importProblems.length ? (
        <Notice tone="warning" title="Parts of the CSV were left out">
          <ul className="list-disc ps-5">
            {importProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Notice>
      ) : null}

      {canWrite ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" onClick={doUndo} disabled={!canUndo(edits) || saving}>
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
          <Button variant="ghost" size="sm" onClick={doRedo} disabled={!canRedo(edits) || saving}>
            <Redo2 aria-hidden="true" />
            Redo
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!selection || readOnly || reorder || selectedRows < 2}
            onClick={() =>
              selection &&
              change(
                fillDownRequests(
                  selection,
                  rows,
                  columns.map((c) => c.id),
                  edits,
                  ctx,
                ),
                "Fill down",
              )
            }
          >
            Fill down
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!selection || readOnly || reorder}
            onClick={() => setSetAllOpen(true)}
          >
            Set value…
          </Button>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {editCount
              ? `${plural(editCount, "change")} in ${plural(changedProducts, "product")}${invalid ? `, ${plural(invalid, "value")} to fix` : ""}`
              : "No changes yet"}
          </p>
          <Button
            className="ms-auto"
            size="sm"
            disabled={!editCount || saving}
            onClick={() => {
              setReviewNote(null);
              setReviewOpen(true);
            }}
          >
            Review and save
          </Button>
        </div>
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
        ariaRowCount={ariaRowCount}
        busy={loading}
        readOnly={readOnly}
        sort={sort}
        onSort={onSort}
        selection={selection}
        onSelectionChange={setSelection}
        onChanges={change}
        onDiscard={(cells, label) => setEdits((current) => discardEdits(current, cells, label))}
        onUndo={doUndo}
        onRedo={doRedo}
        problems={problems}
        reorder={reorder ? { onMove } : null}
        announce={announce}
      />

      <div className="flex min-h-5 flex-wrap items-center justify-between gap-2 text-sm">
        <p className={activeEdit?.error || activeProblem ? "text-danger-soft-fg" : "text-fg-muted"}>
          {activeProduct && activeColumn
            ? activeEdit?.error
              ? `${activeColumn.label} of ${activeProduct.name}: ${activeEdit.error}${activeLock ? " Press Delete to discard this change." : ""}`
              : activeProblem
                ? `${activeProduct.name} did not save: ${activeProblem.message}`
                : (activeLock ?? `${activeColumn.label} of ${activeProduct.name}`)
            : rows.length
              ? "Select a cell, then type to change it. Paste a range from a spreadsheet with Ctrl+V."
              : null}
        </p>
        <p className="text-fg-muted tabular-nums">
          {isFiltering(filter) && !reorder
            ? `${plural(rows.length, "product")} of ${counted(products.length)} match`
            : `${plural(products.length, "product")}${loading && total !== null ? ` of ${counted(total)}` : ""}`}
        </p>
      </div>
      <p className="sr-only" aria-live="polite">
        {message}
      </p>

      <Dialog open={columnsOpen} onOpenChange={setColumnsOpen}>
        <DialogContent
          title="Columns"
          description="Choose the columns the grid shows. The name always stays, at the left."
        >
          <div className="mt-4 grid grid-cols-2 gap-2">
            {allColumns
              .filter((c) => c.id !== "name")
              .map((column) => (
                <Checkbox
                  key={column.id}
                  id={`bulk-column-${column.id}`}
                  label={column.label}
                  checked={!hidden.has(column.id)}
                  onChange={(event) => {
                    const next = new Set(hidden);
                    if (event.target.checked) next.delete(column.id);
                    else next.add(column.id);
                    setHidden(next);
                    setSelection(null);
                  }}
                />
              ))}
          </div>
          <DialogFooter>
            <Button onClick={() => setColumnsOpen(false)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      {setAllOpen && selection ? (
        <SetValueDialog
          columns={columns}
          initialColumn={columns[selection.focus.col]?.id ?? "name"}
          rowCount={selectedRows}
          ctx={ctx}
          onClose={() => setSetAllOpen(false)}
          onSet={(column, text) => {
            const r = rangeOf(selection);
            const col = columns.findIndex((c) => c.id === column);
            const range: Selection = { anchor: { row: r.top, col }, focus: { row: r.bottom, col } };
            change(
              setAllRequests(
                range,
                rows,
                columns.map((c) => c.id),
                text,
              ),
              `Set ${columnById[column].label.toLowerCase()}`,
            );
            setSetAllOpen(false);
            announce(`Set ${columnById[column].label.toLowerCase()} of ${plural(selectedRows, "product")}.`);
          }}
        />
      ) : null}

      {reviewOpen ? (
        <SaveDialog
          open
          onOpenChange={setReviewOpen}
          note={reviewNote}
          edits={edits}
          setEdits={setEdits}
          byKey={byKey}
          ctx={ctx}
          replaceProducts={catalogue.replace}
          onSaving={setSaving}
          onProblems={setProblems}
        />
      ) : null}
    </div>
  );
}

/** A price bound of the filter: applied once it reads as an amount; empty clears it. */
function PriceBound({
  id,
  label,
  currency,
  disabled,
  onValue,
}: {
  id: string;
  label: string;
  currency: string;
  disabled: boolean;
  onValue: (minor: number | null) => void;
}) {
  const [text, setText] = useState("");
  const parsed = text.trim() ? parseMoneyText(text, currency) : null;
  const error = parsed && !parsed.ok ? `The amount ${parsed.error}.` : null;
  return (
    <div className="w-[calc(50%-0.25rem)] sm:w-28">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-fg-muted">
        {label}
      </label>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        title={error ?? undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (!next.trim()) onValue(null);
          else {
            const value = parseMoneyText(next, currency);
            if (value.ok) onValue(value.minor);
          }
        }}
      />
    </div>
  );
}

function SetValueDialog({
  columns,
  initialColumn,
  rowCount,
  ctx,
  onClose,
  onSet,
}: {
  columns: readonly (typeof allColumns)[number][];
  initialColumn: ColumnId;
  rowCount: number;
  ctx: GridContext;
  onClose: () => void;
  onSet: (column: ColumnId, text: string) => void;
}) {
  const [column, setColumn] = useState<ColumnId>(initialColumn);
  const [text, setText] = useState("");
  const def = columnById[column];
  const choices = def.choices?.(ctx);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Set a value"
        description={`One value for ${plural(rowCount, "selected product")}. You can undo it, and nothing is saved until you save.`}
      >
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            onSet(column, text);
          }}
        >
          <div>
            <label htmlFor="bulk-set-column" className="mb-1 block text-sm font-medium">
              Column
            </label>
            <Select
              id="bulk-set-column"
              value={column}
              onChange={(event) => {
                setColumn(event.target.value as ColumnId);
                setText("");
              }}
            >
              {columns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="bulk-set-value" className="mb-1 block text-sm font-medium">
              {def.label}
            </label>
            {choices ? (
              <Select id="bulk-set-value" value={text} onChange={(event) => setText(event.target.value)}>
                <option value="">Choose…</option>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.label}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input id="bulk-set-value" value={text} onChange={(event) => setText(event.target.value)} autoFocus />
            )}
          </div>
          <DialogFooter>
            <Button variant="secondary" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Set for {plural(rowCount, "product")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
