"use client";

import { type ColumnDef as TableColumn, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { defaultRangeExtractor, type Range as VirtualRange, useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { ColumnDef, ColumnId, GridContext, GridItem } from "./columns";
import { GridHeader } from "./grid-header";
import { GridRow, type RowHandlers } from "./grid-row";
import {
  cellId,
  columnWidths,
  HANDLE_WIDTH,
  HEADER_HEIGHT,
  OVERSCAN,
  ROW_HEIGHT,
  rowId,
  SCROLL_SETTLE_MS,
  rowSlots,
  rowWindow,
  scrollLeftFor,
} from "./grid-layout";
import { type CellChangeRequest, type EditsState } from "./model/edits";
import { type CellPos, collapse, rangeOf, type Selection } from "./model/selection";
import type { GridSort } from "./model/sort";
import { type Editing, useCellEditing } from "./use-cell-editing";
import { useGridKeyboard } from "./use-grid-keyboard";
import { useGridPointer } from "./use-grid-pointer";
import { useScrollAnchor } from "./use-scroll-anchor";

export interface GridProblem {
  /** Why the row did not save, in one sentence. */
  message: string;
}

export interface GridProps {
  /** The rows in display order (filtered and sorted). */
  rows: readonly GridItem[];
  /** The visible columns, the frozen name column first. */
  columns: readonly ColumnDef[];
  edits: EditsState;
  ctx: GridContext;
  /** aria-rowcount: every row when the store sent the total, else the rows loaded so far (the header row added). */
  ariaRowCount: number;
  busy: boolean;
  readOnly: boolean;
  sort: GridSort;
  onSort: (column: ColumnId) => void;
  selection: Selection | null;
  /**
   * A new selection over `rows`. `keys` names the rows at its corners when
   * `rows` are about to change under it (a row moved in reorder mode): the
   * selection is kept on rows (model/selection.ts, pinSelection).
   */
  onSelectionChange: (selection: Selection | null, keys?: { anchor: string; focus: string }) => void;
  onChanges: (requests: CellChangeRequest[], label: string) => void;
  /** Takes these cells' edits back (cells the row no longer takes: model/edits.ts, lockEdits). */
  onDiscard: (cells: { key: string; column: ColumnId }[], label: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Rows that failed to save, by key. */
  problems: ReadonlyMap<string, GridProblem>;
  /** Reorder mode: rows are dragged (or moved with Alt+arrows) instead of edited. */
  reorder: { onMove: (keys: string[], toIndex: number) => void } | null;
  /** Something for screen readers to hear (aria-live). */
  announce: (message: string) => void;
  /** The grid's accessible name ("Products", "Options"). */
  label?: string;
}

/**
 * The grid (docs/bulk-editing.md#the-grid): every loaded row in one
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
export function Grid(props: GridProps) {
  const { rows, columns, edits, ctx, selection, onSelectionChange, onChanges, readOnly, reorder, problems } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The grid's own width: on a narrow one the frozen name column gives room to the others.
  const [viewWidth, setViewWidth] = useState(0);
  // Its height: how many rows are rendered (grid-layout.ts, rowWindow).
  const [viewHeight, setViewHeight] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      setViewWidth(el.clientWidth);
      setViewHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // While the grid scrolls up or down and not sideways (scrollLeft 0), its frozen cells stay in place
  // instead of sticky (data-scrolling, grid-row.tsx): there sticky changes nothing on the screen, but
  // makes every rendered row's frozen cell a composited layer of its own, each new row a new layer on
  // every frame of a fling. Set on the element, not through React; cleared as soon as the grid is
  // scrolled sideways and once the scrolling stops.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let top = el.scrollTop;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      el.removeAttribute("data-scrolling");
    };
    const onScroll = () => {
      const vertical = el.scrollTop !== top;
      top = el.scrollTop;
      if (el.scrollLeft !== 0) return settle();
      if (!vertical) return;
      if (!el.hasAttribute("data-scrolling")) el.setAttribute("data-scrolling", "");
      clearTimeout(timer);
      timer = setTimeout(settle, SCROLL_SETTLE_MS);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      el.removeEventListener("scroll", onScroll);
      settle();
    };
  }, []);

  // TanStack Table holds the column model; rows are ours (already filtered and sorted on current values).
  const tableColumns = useMemo<TableColumn<GridItem>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.label, size: c.width })),
    [columns],
  );
  // The table object is read during this render only (never memoised across renders).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as GridItem[],
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
  const widths = useMemo(() => columnWidths(columns, viewWidth, handleWidth), [columns, viewWidth, handleWidth]);
  const nameWidth = widths[0] ?? 0;
  const widthOf = (col: number) => widths[col] ?? 0;
  const width = handleWidth + leafColumns.reduce((sum, _c, i) => sum + widthOf(i), 0);

  const active = selection?.focus ?? null;
  const range = selection ? rangeOf(selection) : null;
  const editingRow = editing ? rows.findIndex((p) => p.key === editing.key) : -1;

  // The active row and the row being edited stay rendered when scrolled away: aria-activedescendant
  // must name a cell in the DOM, and an open editor must keep what was typed.
  const pinnedRows = [active?.row ?? -1, editingRow].filter((row) => row >= 0 && row < rows.length);
  const pinnedKey = pinnedRows.join(",");
  const rangeExtractor = useCallback(
    (visible: VirtualRange) => {
      const span = rowWindow(visible, visible.count, viewHeight);
      const indexes = span
        ? Array.from({ length: span.last - span.first + 1 }, (_, i) => span.first + i)
        : defaultRangeExtractor(visible);
      const extra = pinnedKey ? pinnedKey.split(",").map(Number) : [];
      return extra.some((row) => !indexes.includes(row))
        ? [...new Set([...indexes, ...extra])].sort((a, b) => a - b)
        : indexes;
    },
    [pinnedKey, viewHeight],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
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

  // The rows' handlers: one object for the grid's life (GridRow is memoised), calling the latest hooks'.
  const latest = useRef({ pointer, editor });
  useLayoutEffect(() => {
    latest.current = { pointer, editor };
  });
  const [handlers] = useState<RowHandlers>(() => ({
    onCellPointerDown: (event, pos) => latest.current.pointer.onCellPointerDown(event, pos),
    onCellPointerEnter: (pos) => latest.current.pointer.onCellPointerEnter(pos),
    onCellDoubleClick: (pos) => latest.current.editor.startEditing(pos, null, false),
    onHandlePointerDown: (event, row) => latest.current.pointer.onHandlePointerDown(event, row),
    onHandlePointerMove: (event) => latest.current.pointer.onHandlePointerMove(event),
    onHandlePointerUp: () => latest.current.pointer.onHandlePointerUp(),
    onHandlePointerCancel: () => latest.current.pointer.onHandlePointerCancel(),
    onEditText: (text) => latest.current.editor.editText(text),
    onEditCommit: (move) => latest.current.editor.commit(move),
    onEditCancel: () => latest.current.editor.cancelEditing(),
  }));

  const activeId =
    active && !editing && active.row < rows.length && active.col < columns.length
      ? cellId(active.row, active.col)
      : undefined;
  const items = virtualizer.getVirtualItems();
  // The row elements in slot order, each reused by the rows that scroll through its slot (grid-layout.ts,
  // rowSlots); the rowgroup's aria-owns gives assistive technology the rows in their own order.
  const slotOf = rowSlots(rowWindow(virtualizer.range, rows.length, viewHeight), editing?.key);
  const rendered = items
    .map((item) => ({ item, product: rows[item.index]!, ...slotOf(item.index, rows[item.index]!.key) }))
    .sort((a, b) => a.order - b.order);

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={props.label ?? "Products"}
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
      <div
        role="rowgroup"
        aria-owns={items.map((item) => rowId(item.index)).join(" ") || undefined}
        className="relative"
        style={{ height: virtualizer.getTotalSize(), width }}
      >
        {rendered.map(({ item, product, key }) => {
          const touched = !!range && item.index >= range.top && item.index <= range.bottom;
          return (
            <GridRow
              key={key}
              product={product}
              index={item.index}
              start={item.start}
              width={width}
              columns={columns}
              widths={widths}
              edits={edits}
              ctx={ctx}
              reorder={!!reorder}
              problem={problems.get(product.key)?.message}
              selection={touched ? selection : null}
              editing={editing && editing.key === product.key ? editing : null}
              handlers={handlers}
            />
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
