"use client";

import { type PointerEvent as ReactPointerEvent, type RefObject, useEffect, useRef, useState } from "react";
import type { ColumnDef, GridItem } from "./columns";
import { dragScrollStep, gapAt, HEADER_HEIGHT } from "./grid-layout";
import { dropTarget, movedSelection, movedSentence, rangeKeys } from "./grid-moves";
import { type CellPos, collapse, extendTo, inRange, rangeOf, type Selection } from "./model/selection";
import type { Editing } from "./use-cell-editing";

export interface GridPointerOptions {
  scrollerRef: RefObject<HTMLDivElement | null>;
  rows: readonly GridItem[];
  columns: readonly ColumnDef[];
  selection: Selection | null;
  reorder: { onMove: (keys: string[], toIndex: number) => void } | null;
  editing: Editing | null;
  /** The row of the product being edited now (-1: none). */
  editingRow: number;
  commit: (move: null) => void;
  select: (next: Selection | null, keys?: { anchor: string; focus: string }) => void;
  focusGrid: () => void;
  announce: (message: string) => void;
}

/** A drag of rows by their handles: the rows' keys, and the gap between rows they would drop into. */
export interface Drop {
  keys: string[];
  index: number;
}

/**
 * The grid's pointer (docs/bulk-editing.md#the-grid): a click selects a cell (Shift extends the
 * range), a drag over cells selects a range; in reorder mode a row's handle drags it (several when it is
 * inside a selected range of rows), scrolling near the grid's edges, and drops it between rows.
 */
export function useGridPointer(options: GridPointerOptions) {
  const { scrollerRef, rows, columns, selection, reorder, editing, editingRow, commit, select, announce } = options;
  const dragging = useRef(false);
  const [drop, setDrop] = useState<Drop | null>(null);

  useEffect(() => {
    const stop = () => (dragging.current = false);
    window.addEventListener("pointerup", stop);
    return () => window.removeEventListener("pointerup", stop);
  }, []);

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

  /** The gap between rows nearest to the pointer. */
  function gapAtPointer(clientY: number): number {
    const el = scrollerRef.current;
    if (!el) return 0;
    return gapAt(clientY - el.getBoundingClientRect().top + el.scrollTop - HEADER_HEIGHT, rows.length);
  }

  function onHandlePointerDown(event: ReactPointerEvent, row: number) {
    if (!reorder || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const range = selection ? rangeOf(selection) : null;
    const inside = selection && inRange(selection, { row, col: 0 }) && range!.top !== range!.bottom;
    const keys = inside ? rangeKeys(rows, range!) : [rows[row]!.key];
    if (!inside) select(collapse({ row, col: 0 }));
    setDrop({ keys, index: row });
  }

  function onHandlePointerMove(event: ReactPointerEvent) {
    if (!drop) return;
    const el = scrollerRef.current;
    if (el) {
      const step = dragScrollStep(event.clientY, el.getBoundingClientRect());
      if (step) el.scrollTop += step;
    }
    const index = gapAtPointer(event.clientY);
    if (index !== drop.index) setDrop({ ...drop, index });
  }

  function onHandlePointerUp() {
    if (!drop || !reorder) return;
    const { keys, index } = drop;
    setDrop(null);
    // The drop line sits before row `index`; the moved rows leave their old places first.
    const { first, target } = dropTarget(rows, keys, index);
    if (target === first) return;
    reorder.onMove(keys, target);
    select(movedSelection(target, keys.length), { anchor: keys[0]!, focus: keys.at(-1)! });
    announce(
      movedSentence({ name: rows[first]?.name, count: keys.length, target, rowCount: rows.length, withTotal: false }),
    );
    options.focusGrid();
  }

  function onHandlePointerCancel() {
    setDrop(null);
  }

  return {
    drop,
    onCellPointerDown,
    onCellPointerEnter,
    onHandlePointerDown,
    onHandlePointerMove,
    onHandlePointerUp,
    onHandlePointerCancel,
  };
}
