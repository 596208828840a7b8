"use client";

import { type ColumnDef as TableColumn, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { defaultRangeExtractor, type Range as VirtualRange, useVirtualizer } from "@tanstack/react-virtual";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import GripVertical from "lucide-react/icons/grip-vertical";
import AlertTriangle from "lucide-react/icons/triangle-alert";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { cn } from "@/components/ui/cn";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { copyCells, pasteRequests } from "./model/clipboard";
import { type ColumnDef, type ColumnId, type GridContext } from "./model/columns";
import { type CellChangeRequest, currentValue, editOf, type EditsState } from "./model/edits";
import { fillDownRequests } from "./model/fill";
import { type CellPos, collapse, extendTo, inRange, moveBy, rangeOf, type Selection } from "./model/selection";
import type { GridSort } from "./model/view";

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
 */

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 40;
const HANDLE_WIDTH = 40;
/** The frozen name column takes at most this share of a narrow grid (a phone), so that other columns show beside it. */
const FROZEN_SHARE = 0.42;
const FROZEN_MIN_WIDTH = 128;

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

const cellId = (row: number, col: number) => `bulk-cell-${row}-${col}`;

/** The cell being edited, by product and column: rows may move while it is open (pages arriving in a sorted view). */
interface Editing {
  key: string;
  column: ColumnId;
  text: string;
  /** Started by typing: arrows commit and move (as in a spreadsheet); by Enter/F2/double click they move the caret. */
  typed: boolean;
}

export function BulkGrid(props: BulkGridProps) {
  const { rows, columns, edits, ctx, selection, onSelectionChange, onChanges, readOnly, reorder, problems } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const dragging = useRef(false);
  const [drop, setDrop] = useState<{ keys: string[]; index: number } | null>(null);
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
  const colIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const bounds = { rows: rows.length, cols: columns.length };
  const handleWidth = reorder ? HANDLE_WIDTH : 0;
  const nameWidth =
    viewWidth > 0
      ? Math.min(
          columns[0]?.width ?? 0,
          Math.max(FROZEN_MIN_WIDTH, Math.floor((viewWidth - handleWidth) * FROZEN_SHARE)),
        )
      : (columns[0]?.width ?? 0);
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

  // Scroll anchoring: rows arriving (pages in a sorted view) or reordered (a sort, an edit of the sorted
  // column) above what a person looks at would push it out of view, a cell being typed into with it.
  // After such a change the product they were on keeps its place on the screen: the one being edited,
  // else the active cell's, else the top one of a scrolled view (docs/bulk-editing.md). Not in reorder
  // mode, where a row is moved on purpose and the move scrolls to it. The browser's own anchoring is
  // off: the rows are positioned by the virtualiser, not in flow.
  const previousRows = useRef(rows);
  const activeKey = active ? rows[active.row]?.key : undefined;
  useLayoutEffect(() => {
    const before = previousRows.current;
    previousRows.current = rows;
    const el = scroller.current;
    if (!el || before === rows || reorder || !before.length) return;
    const top = el.scrollTop;
    const screenY = (index: number) => HEADER_HEIGHT + index * ROW_HEIGHT - top;
    const inView = (index: number) => index >= 0 && screenY(index) >= 0 && screenY(index) < el.clientHeight;
    const candidates = [editing?.key, activeKey];
    let anchor: { key: string; y: number } | null = null;
    for (const key of candidates) {
      if (!key) continue;
      const index = before.findIndex((p) => p.key === key);
      if (inView(index)) {
        anchor = { key, y: screenY(index) };
        break;
      }
    }
    if (!anchor && top > 0) {
      const index = Math.min(before.length - 1, Math.floor(top / ROW_HEIGHT));
      anchor = { key: before[index]!.key, y: screenY(index) };
    }
    if (!anchor) return;
    const key = anchor.key;
    const index = rows.findIndex((p) => p.key === key);
    if (index < 0) return;
    const target = Math.max(0, HEADER_HEIGHT + index * ROW_HEIGHT - anchor.y);
    if (Math.abs(target - top) >= 1) el.scrollTop = target;
  }, [rows, reorder, editing?.key, activeKey]);

  /** Scrolls the cell into view (keyboard moves, clicks, jumps; not when rows move under the selection). */
  function scrollToCell(pos: CellPos) {
    virtualizer.scrollToIndex(pos.row, { align: "auto" });
    const el = scroller.current;
    let left = handleWidth;
    for (let col = 0; col < pos.col; col++) left += widthOf(col);
    const colWidth = widthOf(pos.col);
    if (el && pos.col > 0) {
      if (left - nameWidth < el.scrollLeft) el.scrollLeft = Math.max(0, left - nameWidth - handleWidth);
      else if (left + colWidth > el.scrollLeft + el.clientWidth) el.scrollLeft = left + colWidth - el.clientWidth;
    }
  }

  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener("pointerup", stop);
    return () => window.removeEventListener("pointerup", stop);
  }, []);

  const select = (next: Selection | null, keys?: { anchor: string; focus: string }) => {
    onSelectionChange(next, keys);
    if (next) scrollToCell(next.focus);
  };
  const focusGrid = () => scroller.current?.focus({ preventScroll: true });

  const columnAt = (col: number) => columns[col];
  const productAt = (row: number) => rows[row];

  const readOnlyReason = (row: number, col: number): string | null => {
    if (readOnly) return "You cannot change products.";
    const product = productAt(row);
    const column = columnAt(col);
    if (!product || !column) return null;
    return column.readOnly?.(product) ?? null;
  };

  const textOf = (product: BulkProduct, column: ColumnDef) => {
    const edit = editOf(edits, product.key, column.id);
    if (edit?.error) return edit.text;
    return column.format(currentValue(edits, product, column.id), ctx);
  };

  function startEditing(pos: CellPos, text: string | null, typed: boolean) {
    if (reorder) return;
    const reason = readOnlyReason(pos.row, pos.col);
    if (reason) {
      props.announce(reason);
      return;
    }
    const product = productAt(pos.row);
    const column = columnAt(pos.col);
    if (!product || !column) return;
    setEditing({ key: product.key, column: column.id, text: text ?? textOf(product, column), typed });
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
    if (!product || editing.text !== textOf(product, column)) {
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

  function selectedRowKeys(): string[] {
    if (!range) return [];
    return rows.slice(range.top, range.bottom + 1).map((p) => p.key);
  }

  function moveRows(delta: number) {
    if (!reorder || !range) return;
    const keys = selectedRowKeys();
    const target = Math.max(0, Math.min(rows.length - keys.length, range.top + delta));
    if (target === range.top) return;
    reorder.onMove(keys, target);
    const height = range.bottom - range.top;
    select(
      { anchor: { row: target, col: 0 }, focus: { row: target + height, col: 0 } },
      { anchor: keys[0]!, focus: keys.at(-1)! },
    );
    props.announce(
      keys.length === 1
        ? `${productAt(range.top)?.name ?? "Product"} moved to position ${target + 1} of ${rows.length}.`
        : `${keys.length} products moved to positions ${target + 1} to ${target + keys.length} of ${rows.length}.`,
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || event.target !== scroller.current) return;
    if (!rows.length || !columns.length) return;
    const pos = active ?? { row: 0, col: 0 };
    const mod = event.ctrlKey || event.metaKey;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    const go = (target: CellPos, extend = event.shiftKey) => {
      event.preventDefault();
      select(extend && selection ? extendTo(selection, target) : collapse(target));
    };

    if (reorder && event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      moveRows(event.key === "ArrowUp" ? -1 : 1);
      return;
    }

    switch (event.key) {
      case "ArrowUp":
        return go(mod ? { row: 0, col: pos.col } : moveBy(pos, -1, 0, bounds));
      case "ArrowDown":
        return go(mod ? { row: rows.length - 1, col: pos.col } : moveBy(pos, 1, 0, bounds));
      case "ArrowLeft":
        return go(mod ? { row: pos.row, col: 0 } : moveBy(pos, 0, -1, bounds));
      case "ArrowRight":
        return go(mod ? { row: pos.row, col: columns.length - 1 } : moveBy(pos, 0, 1, bounds));
      case "PageUp":
        return go(moveBy(pos, -page, 0, bounds));
      case "PageDown":
        return go(moveBy(pos, page, 0, bounds));
      case "Home":
        return go(mod ? { row: 0, col: 0 } : { row: pos.row, col: 0 });
      case "End":
        return go(mod ? { row: rows.length - 1, col: columns.length - 1 } : { row: pos.row, col: columns.length - 1 });
      case "Tab": {
        // Tab moves along the row; at either end it leaves the grid, as the ARIA grid pattern wants.
        const next = moveBy(pos, 0, event.shiftKey ? -1 : 1, bounds);
        if (next.col === pos.col) return;
        event.preventDefault();
        select(collapse(next));
        return;
      }
      case "Enter":
      case "F2":
        event.preventDefault();
        if (!active) select(collapse(pos));
        startEditing(pos, null, false);
        return;
      case "Escape":
        if (selection && (range!.top !== range!.bottom || range!.left !== range!.right)) {
          event.preventDefault();
          select(collapse(pos));
        }
        return;
      case "Delete":
      case "Backspace":
        if (readOnly || reorder || !selection) return;
        event.preventDefault();
        onChanges(clearRequests(selection), "Clear cells");
        {
          const locked = lockedEditedCells(selection);
          if (locked.length) props.onDiscard(locked, "Discard changes");
        }
        return;
    }

    if (mod && !event.altKey) {
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) {
        event.preventDefault();
        props.onUndo();
      } else if ((key === "z" && event.shiftKey) || key === "y") {
        event.preventDefault();
        props.onRedo();
      } else if (key === "a") {
        event.preventDefault();
        select({ anchor: { row: 0, col: 0 }, focus: { row: rows.length - 1, col: columns.length - 1 } });
      } else if (key === "d" && selection && !readOnly && !reorder) {
        event.preventDefault();
        onChanges(fillDownRequests(selection, rows, colIds, edits, ctx), "Fill down");
      }
      return;
    }

    // A printable character starts editing with it, as in a spreadsheet.
    if (event.key.length === 1 && !event.altKey && !readOnly && !reorder) {
      event.preventDefault();
      if (!active) select(collapse(pos));
      startEditing(pos, event.key, true);
    }
  }

  function clearRequests(sel: Selection): CellChangeRequest[] {
    const r = rangeOf(sel);
    const requests: CellChangeRequest[] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      for (let col = r.left; col <= r.right; col++) {
        const product = rows[row];
        const column = columns[col];
        // Only what can be empty is cleared (sale price, groups…): a name or a price cannot.
        if (product && column && !column.readOnly?.(product) && column.parse("", ctx, product).ok) {
          requests.push({ key: product.key, column: column.id, text: "" });
        }
      }
    }
    return requests;
  }

  /** Cells of the range that hold an edit their product no longer takes (it cannot be typed over, only discarded). */
  function lockedEditedCells(sel: Selection): { key: string; column: ColumnId }[] {
    const r = rangeOf(sel);
    const cells: { key: string; column: ColumnId }[] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      for (let col = r.left; col <= r.right; col++) {
        const product = rows[row];
        const column = columns[col];
        if (product && column && column.readOnly?.(product) && editOf(edits, product.key, column.id)) {
          cells.push({ key: product.key, column: column.id });
        }
      }
    }
    return cells;
  }

  function onCopy(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !selection) return;
    event.preventDefault();
    event.clipboardData.setData("text/plain", copyCells(selection, rows, colIds, edits, ctx));
    const r = rangeOf(selection);
    props.announce(`Copied ${(r.bottom - r.top + 1) * (r.right - r.left + 1)} cells.`);
  }

  function onCut(event: ClipboardEvent<HTMLDivElement>) {
    onCopy(event);
    if (selection && !readOnly && !reorder && !editing) onChanges(clearRequests(selection), "Cut");
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !selection || readOnly || reorder) return;
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain");
    if (!text) return;
    const { requests, skipped } = pasteRequests(text, selection, rows, colIds);
    onChanges(requests, "Paste");
    props.announce(
      `Pasted ${requests.length} ${requests.length === 1 ? "cell" : "cells"}` +
        (skipped ? `; ${skipped} fell outside the grid and were left out.` : "."),
    );
  }

  function onCellPointerDown(event: ReactPointerEvent, pos: CellPos) {
    if (event.button !== 0) return;
    if (editing && (editingRow !== pos.row || columns[pos.col]?.id !== editing.column)) commit(null);
    dragging.current = true;
    select(event.shiftKey && selection ? extendTo(selection, pos) : collapse(pos));
  }

  function onCellPointerEnter(pos: CellPos) {
    if (dragging.current && selection && !reorder) select(extendTo(selection, pos));
  }

  /* ---------- reorder by dragging a row's handle ---------- */

  function rowIndexAt(clientY: number): number {
    const el = scroller.current;
    if (!el) return 0;
    const y = clientY - el.getBoundingClientRect().top + el.scrollTop - HEADER_HEIGHT;
    return Math.max(0, Math.min(rows.length, Math.round(y / ROW_HEIGHT)));
  }

  function onHandlePointerDown(event: ReactPointerEvent, row: number) {
    if (!reorder || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const inside = selection && inRange(selection, { row, col: 0 }) && range!.top !== range!.bottom;
    const keys = inside ? selectedRowKeys() : [rows[row]!.key];
    if (!inside) select(collapse({ row, col: 0 }));
    setDrop({ keys, index: row });
  }

  function onHandlePointerMove(event: ReactPointerEvent) {
    if (!drop) return;
    const el = scroller.current;
    if (el) {
      const box = el.getBoundingClientRect();
      if (event.clientY < box.top + HEADER_HEIGHT + 24) el.scrollTop -= ROW_HEIGHT / 2;
      else if (event.clientY > box.bottom - 24) el.scrollTop += ROW_HEIGHT / 2;
    }
    const index = rowIndexAt(event.clientY);
    if (index !== drop.index) setDrop({ ...drop, index });
  }

  function onHandlePointerUp() {
    if (!drop || !reorder) return;
    const { keys, index } = drop;
    setDrop(null);
    const first = rows.findIndex((p) => p.key === keys[0]);
    // The drop line sits before row `index`; the moved rows leave their old places first.
    const before = rows.slice(0, index).filter((p) => keys.includes(p.key)).length;
    const target = Math.max(0, Math.min(rows.length - keys.length, index - before));
    if (target === first) return;
    reorder.onMove(keys, target);
    select(
      { anchor: { row: target, col: 0 }, focus: { row: target + keys.length - 1, col: 0 } },
      { anchor: keys[0]!, focus: keys.at(-1)! },
    );
    props.announce(
      keys.length === 1
        ? `${rows[first]?.name ?? "Product"} moved to position ${target + 1} of ${rows.length}.`
        : `${keys.length} products moved to positions ${target + 1} to ${target + keys.length}.`,
    );
    focusGrid();
  }

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
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onCut={onCut}
      onPaste={onPaste}
      onFocus={(event) => {
        if (event.target === scroller.current && !selection && rows.length) select(collapse({ row: 0, col: 0 }));
      }}
      className="relative h-[min(70dvh,44rem)] min-h-80 overflow-auto rounded-lg [overflow-anchor:none] border border-border bg-surface text-sm outline-offset-2 select-none"
    >
      <div role="rowgroup" className="sticky top-0 z-20" style={{ width }}>
        <div role="row" aria-rowindex={1} className="flex border-b border-border bg-surface-muted">
          {reorder ? (
            <div
              role="columnheader"
              aria-colindex={1}
              className="sticky left-0 z-30 flex shrink-0 items-center justify-center bg-surface-muted"
              style={{ width: HANDLE_WIDTH, height: HEADER_HEIGHT }}
            >
              <span className="sr-only">Move</span>
            </div>
          ) : null}
          {columns.map((column, col) => {
            const sorted = props.sort.column === column.id ? props.sort.direction : null;
            return (
              <div
                key={column.id}
                role="columnheader"
                aria-colindex={col + 1 + (reorder ? 1 : 0)}
                aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                className={cn(
                  "flex shrink-0 items-center border-e border-border bg-surface-muted",
                  col === 0 && "sticky z-30",
                )}
                style={{ width: widthOf(col), height: HEADER_HEIGHT, left: col === 0 ? handleWidth : undefined }}
              >
                <button
                  type="button"
                  disabled={!!reorder}
                  onClick={() => props.onSort(column.id)}
                  className={cn(
                    "flex h-full w-full items-center gap-1 px-2 text-xs font-semibold text-fg-muted hover:text-fg disabled:hover:text-fg-muted",
                    column.align === "end" ? "justify-end text-end" : "text-start",
                  )}
                  title={reorder ? undefined : `Sort by ${column.label.toLowerCase()}`}
                >
                  {column.label}
                  {sorted === "asc" ? <ArrowUp aria-hidden="true" className="size-3" /> : null}
                  {sorted === "desc" ? <ArrowDown aria-hidden="true" className="size-3" /> : null}
                </button>
              </div>
            );
          })}
        </div>
      </div>
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
                  onPointerDown={(event) => onHandlePointerDown(event, item.index)}
                  onPointerMove={onHandlePointerMove}
                  onPointerUp={onHandlePointerUp}
                  onPointerCancel={() => setDrop(null)}
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
                const text = textOf(product, column);
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
                    onPointerDown={(event) => onCellPointerDown(event, pos)}
                    onPointerEnter={() => onCellPointerEnter(pos)}
                    onDoubleClick={() => startEditing(pos, null, false)}
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
                        onText={(value) => setEditing({ ...editing, text: value })}
                        onCommit={commit}
                        onCancel={cancelEditing}
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

interface CellEditorProps {
  column: ColumnDef;
  ctx: GridContext;
  text: string;
  typed: boolean;
  onText: (text: string) => void;
  onCommit: (move: { dRow: number; dCol: number } | null) => void;
  onCancel: () => void;
}

/** The input of the cell being edited; choice columns suggest their values (a datalist). */
function CellEditor({ column, ctx, text, typed, onText, onCommit, onCancel }: CellEditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const choices = column.choices?.(ctx);
  const listId = choices ? `bulk-choices-${column.id}` : undefined;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    const end = el.value.length;
    el.setSelectionRange(typed ? end : 0, end);
    // Once, when editing starts.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const finish = (move: { dRow: number; dCol: number } | null) => {
    if (done.current) return;
    done.current = true;
    onCommit(move);
  };

  return (
    <>
      <input
        ref={input}
        aria-label={column.label}
        value={text}
        list={listId}
        onChange={(event) => onText(event.target.value)}
        onBlur={() => finish(null)}
        onPointerDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === "Enter") {
            event.preventDefault();
            finish({ dRow: event.shiftKey ? -1 : 1, dCol: 0 });
          } else if (event.key === "Tab") {
            event.preventDefault();
            finish({ dRow: 0, dCol: event.shiftKey ? -1 : 1 });
          } else if (event.key === "Escape") {
            event.preventDefault();
            done.current = true;
            onCancel();
          } else if (typed && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
            event.preventDefault();
            finish({ dRow: event.key === "ArrowUp" ? -1 : 1, dCol: 0 });
          } else if (
            typed &&
            ((event.key === "ArrowLeft" && event.currentTarget.selectionStart === 0) ||
              (event.key === "ArrowRight" && event.currentTarget.selectionEnd === event.currentTarget.value.length))
          ) {
            event.preventDefault();
            finish({ dRow: 0, dCol: event.key === "ArrowLeft" ? -1 : 1 });
          }
        }}
        className={cn(
          "absolute inset-0 h-full w-full border-2 border-primary bg-surface px-2 text-sm text-fg outline-none",
          column.align === "end" && "text-end",
        )}
      />
      {choices ? (
        <datalist id={listId}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.label} />
          ))}
        </datalist>
      ) : null}
    </>
  );
}
