"use client";

import { type SetStateAction, useCallback, useEffect, useMemo, useReducer, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Select } from "@/components/ui/select";
import { type InventoryRow, INVENTORY_CATALOGUE_URL, inventoryRows } from "@/lib/store/products/model-inventory";
import { useUnsavedGuard } from "../editor/use-unsaved-guard";
import { activeCellLine, bulkEditorReducer, editsSummary, initialEditorState } from "../bulk/bulk-editor-state";
import { EditBar } from "../bulk/edit-bar";
import { BulkGrid, type GridProblem } from "../bulk/grid";
import { GridFooter } from "../bulk/grid-footer";
import { type ColumnId, type GridContext, inventoryColumns } from "../bulk/model/columns";
import {
  canRedo,
  canUndo,
  type CellChangeRequest,
  cellId,
  type EditsState,
  redoLabel,
  undoLabel,
} from "../bulk/model/edits";
import { fillDownRequests } from "../bulk/model/fill";
import { followRows, type Selection } from "../bulk/model/selection";
import { categoriesOf } from "../bulk/model/view";
import { LoadNotices, SaveProblemsNotice } from "../bulk/notices";
import { SaveDialog } from "../bulk/save-dialog";
import { useCatalogue } from "../bulk/use-catalogue";
import { counted, plural } from "../bulk/words";
import { filterFromQuery, filterToQuery, type InventoryFilter, inventoryView, isInventoryFiltering } from "./model";
import { stockSaver } from "./stock-saver";

// The inventory's amounts are counts: no currency or groups in its columns.
const ctx: GridContext = { currency: "USD", shippingGroups: [], taxGroups: [] };
const noun = { one: "option", many: "options" };

export interface InventoryEditorProps {
  /** Whether the user may change products (showing only: the store decides on every write). */
  canWrite: boolean;
  /** The page's query as it was asked for (`?low=5&category=…`): the filter starts from it. */
  query: string;
}

/**
 * The inventory page's client side (docs/bulk-editing.md#inventory): one row
 * per option and extra of the whole catalogue, in the bulk grid (its loader,
 * grid, keys, paste, undo, review and save dialog), with the stock filters
 * kept in the URL.
 */
export function InventoryEditor({ canWrite, query }: InventoryEditorProps) {
  const catalogue = useCatalogue(INVENTORY_CATALOGUE_URL);
  const products = catalogue.state.products;
  const productByKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const allRows = useMemo(() => products.flatMap(inventoryRows), [products]);
  const byKey = useMemo(() => new Map(allRows.map((row) => [row.key, row])), [allRows]);
  const categories = useMemo(() => categoriesOf(products), [products]);
  const saver = useMemo(
    () => stockSaver(catalogue.replace, (key) => productByKey.get(key)),
    [catalogue.replace, productByKey],
  );

  const [state, dispatch] = useReducer(bulkEditorReducer, undefined, initialEditorState);
  const { edits, sort, pinned, problems, saving } = state;
  useUnsavedGuard(edits.cells.size > 0);

  // The filter lives in the URL (shareable, kept on reload); history.replaceState keeps the page.
  const [filter, setFilterState] = useState<InventoryFilter>(() => filterFromQuery(new URLSearchParams(query)));
  const setFilter = useCallback((patch: Partial<InventoryFilter>) => {
    setFilterState((current) => {
      const next = { ...current, ...patch };
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${filterToQuery(next)}`);
      return next;
    });
  }, []);
  const [lowText, setLowText] = useState(filter.low === null ? "5" : String(filter.low));

  const rows = useMemo(() => inventoryView(allRows, filter, sort, edits, ctx), [allRows, filter, sort, edits]);
  const selection = useMemo(() => (pinned ? followRows(pinned, rows) : null), [pinned, rows]);

  const announce = useCallback((text: string) => {
    dispatch({ type: "message", text: "" });
    requestAnimationFrame(() => dispatch({ type: "message", text }));
  }, []);
  const setSelection = useCallback(
    (next: Selection | null, keys?: { anchor: string; focus: string }) =>
      dispatch({ type: "select", selection: next, rows, keys }),
    [rows],
  );
  const change = useCallback(
    (requests: CellChangeRequest[], label: string) => {
      if (requests.length) dispatch({ type: "change", requests, label, byKey, ctx });
    },
    [byKey],
  );
  const setEdits = useCallback((update: SetStateAction<EditsState>) => dispatch({ type: "set-edits", update }), []);
  const setSaving = useCallback((on: boolean) => dispatch({ type: "saving", saving: on }), []);
  const setProblems = useCallback(
    (next: ReadonlyMap<string, GridProblem>) => dispatch({ type: "problems", problems: next }),
    [],
  );
  const doUndo = () => {
    if (!canUndo(edits)) return;
    announce(`Undid: ${undoLabel(edits)}.`);
    dispatch({ type: "undo" });
  };
  const doRedo = () => {
    if (!canRedo(edits)) return;
    announce(`Redid: ${redoLabel(edits)}.`);
    dispatch({ type: "redo" });
  };

  // A row that saved since is no longer a problem.
  useEffect(() => {
    if (!problems.size) return;
    const still = new Map(
      [...problems].filter(
        ([key]) => edits.cells.has(cellId(key, "stock")) || edits.cells.has(cellId(key, "unlimited")),
      ),
    );
    if (still.size !== problems.size) setProblems(still);
  }, [edits, problems, setProblems]);

  const loading = catalogue.state.phase === "loading";
  const readOnly = !canWrite || saving;
  const columns = inventoryColumns;

  if (catalogue.state.phase === "done" && allRows.length === 0) {
    return (
      <EmptyState title="No options yet">
        The inventory lists every option and extra of the store&apos;s products, with its stock. Add a product first.
      </EmptyState>
    );
  }

  const countLine = isInventoryFiltering(filter)
    ? `${plural(rows.length, "option")} of ${counted(allRows.length)} match`
    : `${plural(allRows.length, "option")}${loading ? ` in ${counted(products.length)} products so far` : ""}`;

  return (
    <div className="space-y-3">
      <LoadNotices state={catalogue.state} onReload={catalogue.reload} />

      <div className="flex flex-wrap items-end gap-2" role="toolbar" aria-label="Inventory filters">
        <div className="min-w-0 flex-1 sm:w-56 sm:flex-none">
          <label htmlFor="inventory-search" className="mb-1 block text-xs font-medium text-fg-muted">
            Search
          </label>
          <Input
            id="inventory-search"
            type="search"
            placeholder="Product, option or SKU"
            value={filter.text}
            onChange={(event) => setFilter({ text: event.target.value })}
          />
        </div>
        <div className="w-[calc(50%-0.25rem)] sm:w-44">
          <label htmlFor="inventory-category" className="mb-1 block text-xs font-medium text-fg-muted">
            Category
          </label>
          <Select
            id="inventory-category"
            value={filter.category ?? ""}
            onChange={(event) => setFilter({ category: event.target.value || null })}
          >
            <option value="">Any category</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex items-end gap-2">
          <Checkbox
            id="inventory-low"
            label="Low stock, at or below"
            checked={filter.low !== null}
            onChange={(event) => {
              const n = /^\d{1,9}$/.test(lowText.trim()) ? Number(lowText.trim()) : 5;
              setFilter({ low: event.target.checked ? n : null });
            }}
          />
          <div className="w-20">
            <label htmlFor="inventory-threshold" className="sr-only">
              Low stock threshold
            </label>
            <Input
              id="inventory-threshold"
              inputMode="numeric"
              value={lowText}
              onChange={(event) => {
                setLowText(event.target.value);
                const t = event.target.value.trim();
                if (filter.low !== null && /^\d{1,9}$/.test(t)) setFilter({ low: Number(t) });
              }}
            />
          </div>
        </div>
        <Checkbox
          id="inventory-sold-out"
          label="Sold out"
          checked={filter.soldOut}
          onChange={(event) => setFilter({ soldOut: event.target.checked })}
        />
      </div>

      {problems.size && !saving ? <SaveProblemsNotice count={problems.size} noun={noun} /> : null}

      {canWrite ? (
        <EditBar
          canUndo={canUndo(edits)}
          canRedo={canRedo(edits)}
          canFillDown={!!selection && !readOnly && Math.abs(selection.anchor.row - selection.focus.row) >= 1}
          canSetValue={false}
          canReview={edits.cells.size > 0}
          saving={saving}
          summary={editsSummary(edits, byKey, noun)}
          onUndo={doUndo}
          onRedo={doRedo}
          onFillDown={() =>
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
          onSetValue={() => undefined}
          onReview={() => dispatch({ type: "review", open: true, note: null })}
        />
      ) : (
        <Notice tone="info">
          You can see the stock here, but changing it needs the permission to manage products.
        </Notice>
      )}

      {catalogue.state.phase !== "loading" && rows.length === 0 && allRows.length > 0 ? (
        <EmptyState title="No options match">Change the search or the filters to see more options.</EmptyState>
      ) : (
        <BulkGrid
          label="Options"
          rows={rows}
          columns={columns}
          edits={edits}
          ctx={ctx}
          ariaRowCount={rows.length + 1}
          busy={loading}
          readOnly={readOnly}
          sort={sort}
          onSort={(column: ColumnId) => dispatch({ type: "sort", column })}
          selection={selection}
          onSelectionChange={setSelection}
          onChanges={change}
          onDiscard={(cells, label) => dispatch({ type: "discard", cells, label })}
          onUndo={doUndo}
          onRedo={doRedo}
          problems={problems}
          reorder={null}
          announce={announce}
        />
      )}

      <GridFooter cell={activeCellLine({ rows, columns, selection, edits, problems })} count={countLine} />
      <p className="sr-only" aria-live="polite">
        {state.message}
      </p>

      {state.reviewOpen ? (
        <SaveDialog<InventoryRow>
          open
          onOpenChange={(open) => dispatch({ type: "review", open })}
          note={null}
          edits={edits}
          setEdits={setEdits}
          byKey={byKey}
          ctx={ctx}
          saver={saver}
          onSaving={setSaving}
          onProblems={setProblems}
        />
      ) : null}
    </div>
  );
}
