"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import {
  categoriesOf,
  cellId,
  counted,
  editsLine,
  GridEditor,
  gridReducer,
  initialGridState,
  plural,
  prepareSort,
  useCatalogue,
  useColumnsForWidth,
  useGridEditor,
  useGridState,
} from "@/components/grid";
import { EmptyState } from "@/components/ui/empty-state";
import { INVENTORY_CATALOGUE_URL, inventoryRows } from "@/lib/store/products/model-inventory";
import { useUnsavedGuard } from "../editor/use-unsaved-guard";
import { inventoryColumns, inventoryContext as ctx } from "./columns";
import { InventoryFilters } from "./inventory-filters";
import { inventorySaver } from "./inventory-saver";
import { usePinnedRows } from "./use-pinned-rows";
import {
  filterFromQuery,
  filterToQuery,
  type InventoryFilter,
  inventoryView,
  isInventoryFiltering,
  prepareInventorySearch,
} from "./model";

const noun = { one: "option", many: "options" };
/** On a phone, what a person comes to the inventory for sits beside the product's name. */
const phoneFirst = ["stock", "unlimited", "values"] as const;
/** The columns of many different texts, whose sort is made ahead (docs/bulk-editing.md#sorting). */
const TEXT_SORTS = ["product", "values", "itemSku"] as const;

export interface InventoryEditorProps {
  /** Whether the user may change products (showing only: the store decides on every write). */
  canWrite: boolean;
  /** The page's query as it was asked for (`?low=5&category=…`): the filter starts from it. */
  query: string;
}

/**
 * The inventory page's client side (docs/bulk-editing.md#inventory): one row
 * per option and extra of the whole catalogue, in the grid editor
 * (components/grid: its loader, grid, keys, paste, undo, review and save
 * dialog), with the stock filters kept in the URL.
 */
export function InventoryEditor({ canWrite, query }: InventoryEditorProps) {
  const catalogue = useCatalogue(INVENTORY_CATALOGUE_URL);
  const products = catalogue.state.products;
  const productByKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const allRows = useMemo(() => products.flatMap(inventoryRows), [products]);
  const byKey = useMemo(() => new Map(allRows.map((row) => [row.key, row])), [allRows]);
  const whole = catalogue.state.phase === "done";
  // Once every row is in: their search texts, and the order of the text columns' values, made in the
  // background for the first search and the first sort (docs/bulk-editing.md#sorting).
  useEffect(() => (whole ? prepareInventorySearch(allRows) : undefined), [whole, allRows]);
  useEffect(() => (whole ? prepareSort(allRows, TEXT_SORTS, ctx) : undefined), [whole, allRows]);
  const categories = useMemo(() => categoriesOf(products), [products]);
  const saver = useMemo(
    () => inventorySaver(catalogue.replace, (key) => productByKey.get(key)),
    [catalogue.replace, productByKey],
  );

  const grid = useGridState(gridReducer, initialGridState);
  const { edits, sort, problems } = grid.state;
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

  const pinned = usePinnedRows(filter, edits);
  const rows = useMemo(
    () => inventoryView(allRows, filter, sort, edits, ctx, pinned),
    [allRows, filter, sort, edits, pinned],
  );
  const columns = useColumnsForWidth(inventoryColumns, phoneFirst);
  const editor = useGridEditor(grid, { rows, columns, byKey, ctx, noun });

  // A row that saved since is no longer a problem.
  const { setProblems } = grid;
  useEffect(() => {
    if (!problems.size) return;
    const still = new Map(
      [...problems].filter(
        ([key]) => edits.cells.has(cellId(key, "stock")) || edits.cells.has(cellId(key, "unlimited")),
      ),
    );
    if (still.size !== problems.size) setProblems(still);
  }, [edits, problems, setProblems]);

  if (catalogue.state.phase === "done" && allRows.length === 0) {
    return (
      <EmptyState title="No options yet">
        The inventory lists every option and extra of the store&apos;s products, with its stock. Add a product first.
      </EmptyState>
    );
  }

  const loading = catalogue.state.phase === "loading";
  const countLine = isInventoryFiltering(filter)
    ? `${plural(rows.length, "option")} of ${counted(allRows.length)} match`
    : `${plural(allRows.length, "option")}${loading ? ` in ${counted(products.length)} products so far` : ""}`;

  return (
    <GridEditor
      editor={editor}
      catalogue={catalogue}
      saver={saver}
      canWrite={canWrite}
      readOnlyNotice="You can see the stock here, but changing it needs the permission to manage products."
      summary={editsLine(edits, noun)}
      countLine={countLine}
      ariaRowCount={rows.length + 1}
      label="Options"
      toolbar={<InventoryFilters filter={filter} categories={categories} onFilter={setFilter} />}
      empty={
        !loading && rows.length === 0 && allRows.length > 0 ? (
          <EmptyState title="No options match">Change the search or the filters to see more options.</EmptyState>
        ) : undefined
      }
    />
  );
}
