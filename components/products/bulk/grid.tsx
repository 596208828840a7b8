"use client";

import { type ColumnDef as TableColumn, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { defaultRangeExtractor, type Range as VirtualRange, useVirtualizer } from "@tanstack/react-virtual";
import GripVertical from "lucide-react/icons/grip-vertical";
import AlertTriangle from "lucide-react/icons/triangle-alert";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { CellEditor } from "./cell-editor";
import { GridHeader } from "./grid-header";
import { cellId, frozenWidth, HANDLE_WIDTH, HEADER_HEIGHT, ROW_HEIGHT, scrollLeftFor } from "./grid-layout";
import { type ColumnDef, type ColumnId, type GridContext } from "./model/columns";
import { type CellChangeRequest, editOf, type EditsState } from "./model/edits";
import { type CellPos, collapse, inRange, rangeOf, type Selection } from "./model/selection";
import type { GridSort } from "./model/view";
import { type Editing, shownText, useCellEditing } from "./use-cell-editing";
import { useGridKeyboard } from "./use-grid-keyboard";
import { useGridPointer } from "./use-grid-pointer";
import { useScrollAnchor } from "./use-scroll-anchor";

export { ROW_HEIGHT } from "./grid-layout";

export interface GridProblem {
  /** Why the product did not save, in one sentence. */
  message: string;
}

export interface BulkGridProps {
  /** The rows in display order (filtered and sorted). */
  rows: readonly BulkProduct[];
  /** The visible columns, the frozen name column first. */
  columns: readonly ColumnDef[];
  edits: EditsState;
  ctx: GridContext;
  /** aria-rowcount: every product when the store sent the total, else the rows loaded so far (the header row added). */
  ariaRowCount: number;
  busy: boolean;
  readOnly: boolean;
  sort: GridSort;
  onSort: (column: ColumnId) => void;
  selection: Selection | null;
  /**
   * A new selection over `rows`. `keys` names the products at its corners when
   * `rows` are about to change under it (a row moved in reorder mode): the
   * selection is kept on products (model/selection.ts, pinSelection).
   */
  onSelectionChange: (selection: Selection | null, keys?: { anchor: string; focus: string }) => void;
  onChanges: (requests: CellChangeRequest[], label: string) => void;
  /** Takes these cells' edits back (cells the product no longer takes: model/edits.ts, lockEdits). */
  onDiscard: (cells: { key: string; column: ColumnId }[], label: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Products that failed to save, by key. */
  problems: ReadonlyMap<string, GridProblem>;
  /** Reorder mode: rows are dragged (or moved with Alt+arrows) instead of edited. */
  reorder: { onMove: (keys: string[], toIndex: number) => void } | null;
  /** Something for screen readers to hear (aria-live). */
  announce: (message: string) => void;
}

/**
 * The bulk grid (docs/bulk-editing.md#the-grid): every loaded product in one
 * virtualised grid, after the ARIA grid pattern. TanStack Table keeps the
 * column model (visibility, the frozen name column), TanStack Virtual renders
 * only the rows in view, and the pure model (./model/) does the rest: edits
 * and their history, ranges, clipboard, fill down.
 *
 * Focus stays on the grid element and `aria-activedescendant` names the
 * active cell, so that keyboard use survives rows scrolling in and out of the
 * DOM; an editor input takes focus only while a cell is being edited.
 *
 * Its parts: the keys and the clipboard (use-grid-keyboard.ts, grid-keys.ts),
 * the pointer and reorder by dragging (use-grid-pointer.ts, grid-moves.ts),
 * editing a cell (use-cell-editing.ts, cell-editor.tsx), scroll anchoring
 * (use-scroll-anchor.ts) and the geometry (grid-layout.ts).
 */
export function BulkGrid(props: BulkGridProps) {
  const { rows, columns, edits, ctx, selection, onSelectionChange, onChanges, readOnly, reorder, problems } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The grid's own width: on a narrow one the frozen name column gives room to the others.
  const [viewWidth, setViewWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // TanStack Table holds the column model; rows are ours (already filtered and sorted on current values).
  const tableColumns = useMemo<TableColumn<BulkProduct>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.label, size: c.width })),
    [columns],
  );
  // The table object is read during this render only (never memoised across renders).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as BulkProduct[],
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (p) => p.key,
    manualSorting: true,
    manualFiltering: true,
    state: { columnPinning: { left: ["name"] } },
  });
  const leafColumns = table.getVisibleLeafColumns();
  const bounds = { rows: rows.length, cols: columns.length };
  const handleWidth = reorder ? HANDLE_WIDTH : 0;
  const nameWidth = frozenWidth(columns[0]?.width ?? 0, viewWidth, handleWidth);
  const widthOf = (col: number) => (col === 0 ? nameWidth : (columns[col]?.width ?? 0));
  const width = handleWidth + leafColumns.reduce((sum, c, i) => sum + (i === 0 ? nameWidth : c.getSize()), 0);

  const active = selection?.focus ?? null;
  const range = selection ? rangeOf(selection) : null;
  const editingRow = editing ? rows.findIndex((p) => p.key === editing.key) : -1;

  // The active row and the row being edited stay rendered when scrolled away: aria-activedescendant
  // must name a cell in the DOM, and an open editor must keep what was typed.
  const pinnedRows = [active?.row ?? -1, editingRow].filter((row) => row >= 0 && row < rows.length);
  const pinnedKey = pinnedRows.join(",");
  const rangeExtractor = useCallback(
    (visible: VirtualRange) => {
      const indexes = defaultRangeExtractor(visible);
      const extra = pinnedKey ? pinnedKey.split(",").map(Number) : [];
      return extra.some((row) => !indexes.includes(row))
        ? [...new Set([...indexes, ...extra])].sort((a, b) => a - b)
        : indexes;
    },
    [pinnedKey],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollPaddingStart: HEADER_HEIGHT,
    rangeExtractor,
  });

  const activeKey = active ? rows[active.row]?.key : undefined;
  useScrollAnchor(scroller, rows, { reorder: !!reorder, editingKey: editing?.key, activeKey });

  /** Scrolls the cell into view (keyboard moves, clicks, jumps; not when rows move under the selection). */
  function scrollToCell(pos: CellPos) {
    virtualizer.scrollToIndex(pos.row, { align: "auto" });
    const el = scroller.current;
    if (!el) return;
    const left = scrollLeftFor(pos.col, widthOf, { handleWidth, nameWidth }, el);
    if (left !== null) el.scrollLeft = left;
  }

  const select = (next: Selection | null, keys?: { anchor: string; focus: string }) => {
    onSelectionChange(next, keys);
    if (next) scrollToCell(next.focus);
  };
  const focusGrid = () => scroller.current?.focus({ preventScroll: true });

  const editor = useCellEditing({
    editing,
    setEditing,
    editingRow,
    rows,
    columns,
    edits,
    ctx,
    readOnly,
    reorder: !!reorder,
    bounds,
    select,
    focusGrid,
    onChanges,
    announce: props.announce,
  });
  const keyboard = useGridKeyboard({
    scrollerRef: scroller,
    rows,
    columns,
    edits,
    ctx,
    selection,
    readOnly,
    reorder,
    editing: !!editing,
    select,
    startEditing: editor.startEditing,
    onChanges,
    onDiscard: props.onDiscard,
    onUndo: props.onUndo,
    onRedo: props.onRedo,
    announce: props.announce,
  });
  const pointer = useGridPointer({
    scrollerRef: scroller,
    rows,
    columns,
    selection,
    reorder,
    editing,
    editingRow,
    commit: editor.commit,
    select,
    focusGrid,
    announce: props.announce,
  });
  const drop = pointer.drop;

  const activeId =
    active && !editing && active.row < rows.length && active.col < columns.length
      ? cellId(active.row, active.col)
      : undefined;
  const items = virtualizer.getVirtualItems();

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Products"
      aria-rowcount={props.ariaRowCount}
      aria-colcount={columns.length + (reorder ? 1 : 0)}
      aria-busy={props.busy}
      aria-multiselectable="true"
      aria-readonly={readOnly || undefined}
      aria-activedescendant={activeId}
      tabIndex={0}
      onKeyDown={keyboard.onKeyDown}
      onCopy={keyboard.onCopy}
      onCut={keyboard.onCut}
      onPaste={keyboard.onPaste}
      onFocus={(event) => {
        if (event.target === scroller.current && !selection && rows.length) select(collapse({ row: 0, col: 0 }));
      }}
      className="relative h-[min(70dvh,44rem)] min-h-80 overflow-auto rounded-lg [overflow-anchor:none] border border-border bg-surface text-sm outline-offset-2 select-none"
    >
      <GridHeader
        columns={columns}
        sort={props.sort}
        onSort={props.onSort}
        reorder={!!reorder}
        widthOf={widthOf}
        handleWidth={handleWidth}
        width={width}
      />
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize(), width }}>
        {items.map((item) => {
          const product = rows[item.index]!;
          const problem = problems.get(product.key);
          const rowSelected = !!range && item.index >= range.top && item.index <= range.bottom;
          return (
            <div
              key={product.key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={reorder ? rowSelected : undefined}
              data-key={product.key}
              className="absolute left-0 flex border-b border-border"
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT, width }}
            >
              {reorder ? (
                <div
                  role="gridcell"
                  aria-colindex={1}
                  className={cn(
                    "sticky left-0 z-10 flex shrink-0 cursor-grab touch-none items-center justify-center bg-surface text-fg-muted",
                    rowSelected && "bg-accent-soft",
                  )}
                  style={{ width: HANDLE_WIDTH }}
                  onPointerDown={(event) => pointer.onHandlePointerDown(event, item.index)}
                  onPointerMove={pointer.onHandlePointerMove}
                  onPointerUp={pointer.onHandlePointerUp}
                  onPointerCancel={pointer.onHandlePointerCancel}
                  aria-label={`Drag to move ${product.name}`}
                >
                  <GripVertical aria-hidden="true" className="size-4" />
                </div>
              ) : null}
              {columns.map((column, col) => {
                const pos = { row: item.index, col };
                const edit = editOf(edits, product.key, column.id);
                const isActive = !!active && active.row === item.index && active.col === col;
                const selected = !!selection && inRange(selection, pos);
                const isEditing = !!editing && editing.key === product.key && editing.column === column.id;
                const locked = !!column.readOnly?.(product);
                const text = shownText(edits, product, column, ctx);
                return (
                  <div
                    key={column.id}
                    id={cellId(item.index, col)}
                    role="gridcell"
                    aria-colindex={col + 1 + (reorder ? 1 : 0)}
                    aria-selected={selected}
                    aria-invalid={edit?.error ? true : undefined}
                    aria-readonly={locked || undefined}
                    data-column={column.id}
                    data-changed={edit && !edit.error ? "" : undefined}
                    title={edit?.error ?? (col === 0 && problem ? problem.message : undefined)}
                    onPointerDown={(event) => pointer.onCellPointerDown(event, pos)}
                    onPointerEnter={() => pointer.onCellPointerEnter(pos)}
                    onDoubleClick={() => editor.startEditing(pos, null, false)}
                    className={cn(
                      "relative flex shrink-0 items-center border-e border-border px-2",
                      column.align === "end" && "justify-end text-end tabular-nums",
                      col === 0 && "sticky z-10 font-medium",
                      // A product that did not save: a bar at its name (the row's own background is under the cells).
                      col === 0 &&
                        problem &&
                        "gap-1.5 before:absolute before:inset-y-0 before:start-0 before:w-[3px] before:bg-danger",
                      // One background and one outline each (cn does not merge classes: two would
                      // leave the winner to the stylesheet's order). The range is a tint over the
                      // cell's own background, so that changed and invalid cells still show in it.
                      edit?.error
                        ? "bg-danger-soft text-danger-soft-fg"
                        : edit
                          ? "bg-warning-soft text-warning-soft-fg"
                          : locked
                            ? "bg-surface-muted text-fg-muted"
                            : "bg-surface",
                      selected &&
                        !isActive &&
                        "shadow-[inset_0_0_0_100vmax_color-mix(in_oklab,var(--color-primary)_18%,transparent)]",
                      (isActive || edit?.error) && "outline-2 -outline-offset-2",
                      isActive ? "outline-primary" : edit?.error ? "outline-danger" : null,
                    )}
                    style={{ width: widthOf(col), height: ROW_HEIGHT - 1, left: col === 0 ? handleWidth : undefined }}
                  >
                    {isEditing ? (
                      <CellEditor
                        column={column}
                        ctx={ctx}
                        text={editing.text}
                        onText={editor.editText}
                        onCommit={editor.commit}
                        onCancel={editor.cancelEditing}
                        typed={editing.typed}
                      />
                    ) : col === 0 && problem ? (
                      <>
                        <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-danger" />
                        <span className="truncate">{text}</span>
                        <span className="sr-only">Not saved: {problem.message}</span>
                      </>
                    ) : (
                      <span className="truncate">{text}</span>
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
        {drop ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute left-0 z-30 h-0.5 bg-primary"
            style={{ top: drop.index * ROW_HEIGHT - 1, width }}
          />
        ) : null}
      </div>
    </div>
  );
}
