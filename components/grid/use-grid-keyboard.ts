"use client";

import type { ClipboardEvent, KeyboardEvent, RefObject } from "react";
import type { ColumnDef, ColumnId, GridContext, GridItem } from "./columns";
import { clearRequests, keyCommand, lockedEditedCells } from "./grid-keys";
import { pageRows } from "./grid-layout";
import { keyboardMoveTarget, movedSelection, movedSentence, rangeKeys } from "./grid-moves";
import { copyCells, pasteRequests } from "./model/clipboard";
import type { CellChangeRequest, EditsState } from "./model/edits";
import { fillDownRequests } from "./model/fill";
import { type CellPos, collapse, rangeOf, type Selection } from "./model/selection";

export interface GridKeyboardOptions {
  /** The grid element: keys count only when it has the focus itself (not a cell's editor). */
  scrollerRef: RefObject<HTMLDivElement | null>;
  rows: readonly GridItem[];
  columns: readonly ColumnDef[];
  edits: EditsState;
  ctx: GridContext;
  selection: Selection | null;
  readOnly: boolean;
  reorder: { onMove: (keys: string[], toIndex: number) => void } | null;
  /** Whether a cell is being edited (its input has the keys then). */
  editing: boolean;
  select: (next: Selection | null, keys?: { anchor: string; focus: string }) => void;
  startEditing: (pos: CellPos, text: string | null, typed: boolean) => void;
  onChanges: (requests: CellChangeRequest[], label: string) => void;
  onDiscard: (cells: { key: string; column: ColumnId }[], label: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  announce: (message: string) => void;
}

/**
 * The grid's keyboard (docs/bulk-editing.md#the-grid): the keys of the grid element, read by
 * grid-keys.ts (keyCommand) and carried out here, and the clipboard events that Ctrl+C, Ctrl+X and Ctrl+V
 * fire on it (tab-separated ranges, model/clipboard.ts).
 */
export function useGridKeyboard(options: GridKeyboardOptions) {
  const { scrollerRef, rows, columns, edits, ctx, selection, readOnly, reorder, editing } = options;
  const { select, startEditing, onChanges, announce } = options;
  const colIds = columns.map((c) => c.id);

  /** Alt+Up or Alt+Down in reorder mode: the selected rows move one place. */
  function moveRows(delta: number) {
    if (!reorder || !selection) return;
    const range = rangeOf(selection);
    const keys = rangeKeys(rows, range);
    const target = keyboardMoveTarget(range, keys.length, rows.length, delta);
    if (target === null) return;
    reorder.onMove(keys, target);
    select(movedSelection(target, range.bottom - range.top + 1), { anchor: keys[0]!, focus: keys.at(-1)! });
    announce(
      movedSentence({
        name: rows[range.top]?.name,
        count: keys.length,
        target,
        rowCount: rows.length,
        withTotal: true,
      }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (editing || event.target !== scrollerRef.current) return;
    if (!rows.length || !columns.length) return;
    const active = selection?.focus ?? null;
    const command = keyCommand(event, {
      active,
      selection,
      bounds: { rows: rows.length, cols: columns.length },
      page: pageRows(scrollerRef.current?.clientHeight ?? 400),
      readOnly,
      reorder: !!reorder,
    });
    if (!command) return;
    event.preventDefault();
    switch (command.type) {
      case "select":
        return select(command.selection);
      case "move-rows":
        return moveRows(command.delta);
      case "edit":
        if (!active) select(collapse(command.pos));
        return startEditing(command.pos, command.text, command.typed);
      case "clear": {
        if (!selection) return;
        onChanges(clearRequests(selection, rows, columns, ctx), "Clear cells");
        const locked = lockedEditedCells(selection, rows, columns, edits);
        if (locked.length) options.onDiscard(locked, "Discard changes");
        return;
      }
      case "undo":
        return options.onUndo();
      case "redo":
        return options.onRedo();
      case "fill-down":
        if (selection) onChanges(fillDownRequests(selection, rows, colIds, edits, ctx), "Fill down");
        return;
    }
  }

  function onCopy(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !selection) return;
    event.preventDefault();
    event.clipboardData.setData("text/plain", copyCells(selection, rows, colIds, edits, ctx));
    const r = rangeOf(selection);
    announce(`Copied ${(r.bottom - r.top + 1) * (r.right - r.left + 1)} cells.`);
  }

  function onCut(event: ClipboardEvent<HTMLDivElement>) {
    onCopy(event);
    if (selection && !readOnly && !reorder && !editing) onChanges(clearRequests(selection, rows, columns, ctx), "Cut");
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    if (editing || !selection || readOnly || reorder) return;
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain");
    if (!text) return;
    const { requests, skipped } = pasteRequests(text, selection, rows, colIds);
    onChanges(requests, "Paste");
    announce(
      `Pasted ${requests.length} ${requests.length === 1 ? "cell" : "cells"}` +
        (skipped ? `; ${skipped} fell outside the grid and were left out.` : "."),
    );
  }

  return { onKeyDown, onCopy, onCut, onPaste };
}
