"use client";

import GripVertical from "lucide-react/icons/grip-vertical";
import AlertTriangle from "lucide-react/icons/triangle-alert";
import { memo, type PointerEvent as ReactPointerEvent } from "react";
import { cn } from "../ui/cn";
import { CellEditor } from "./cell-editor";
import { type ColumnDef, type GridContext, type GridItem, originalValue } from "./columns";
import { cellId, HANDLE_WIDTH, ROW_HEIGHT, rowId } from "./grid-layout";
import { editOf, type EditsState } from "./model/edits";
import { type CellPos, rangeOf, type Selection } from "./model/selection";
import { type Editing, shownText } from "./use-cell-editing";

/** What a row does on the pointer and in its editor: one object for the grid's life (grid.tsx), so rows stay memoised. */
export interface RowHandlers {
  onCellPointerDown: (event: ReactPointerEvent, pos: CellPos) => void;
  onCellPointerEnter: (pos: CellPos) => void;
  onCellDoubleClick: (pos: CellPos) => void;
  onHandlePointerDown: (event: ReactPointerEvent, row: number) => void;
  onHandlePointerMove: (event: ReactPointerEvent) => void;
  onHandlePointerUp: () => void;
  onHandlePointerCancel: () => void;
  onEditText: (text: string) => void;
  onEditCommit: (move: { dRow: number; dCol: number } | null) => void;
  onEditCancel: () => void;
}

export interface GridRowProps {
  product: GridItem;
  index: number;
  /** The row's top in the rowgroup, px. */
  start: number;
  width: number;
  columns: readonly ColumnDef[];
  /** Each column's width, px (grid-layout.ts columnWidths: the frozen one narrower on a phone). */
  widths: readonly number[];
  edits: EditsState;
  ctx: GridContext;
  reorder: boolean;
  /** Why the product did not save; undefined when it did. */
  problem: string | undefined;
  /** The selection when it touches this row, else null: a row outside it does not render again when it changes. */
  selection: Selection | null;
  /** The edit in progress when it is in this row, else null. */
  editing: Editing | null;
  handlers: RowHandlers;
}

/** The cell of a pointer event's target, and its column (-1: not a column's cell, such as the reorder handle). */
function cellAt(target: EventTarget, columns: readonly ColumnDef[]): number {
  const cell = (target as Element).closest?.("[data-column]");
  const id = cell?.getAttribute("data-column");
  return id ? columns.findIndex((c) => c.id === id) : -1;
}

/**
 * One row of the grid. Memoised: scrolling renders the grid on every
 * frame (TanStack Virtual), and the rows already in view must not render
 * again then. Every prop is stable while scrolling: the selection and the
 * edit in progress are given only to the rows they touch, and the handlers
 * are one object for the grid's life.
 *
 * A fling brings a whole screen of new rows on every frame (each in the
 * element of one that left: grid-layout.ts, rowSlots), so a row is kept
 * cheap to create, style, lay out and paint (docs/bulk-editing.md#the-grid):
 * a cell is one element with its text (a block whose line height centres it,
 * not a flex box around a span), positioned (a layer of its own) only where
 * it must be (the frozen name, the editor's cell, a failed product's bar),
 * the pointer handlers are the row's (one set per row, not three per cell),
 * and the row's size is fixed and contained (`contain: size layout style`),
 * so that laying it out never looks outside it. (Not `contain: paint`: a clip
 * per row made the compositor's layering of the rows' frozen cells dearer.)
 */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { product, index, start, width, columns, widths, edits, ctx, reorder, problem, selection, editing } = props;
  const { handlers } = props;
  const handleWidth = reorder ? HANDLE_WIDTH : 0;
  const range = selection ? rangeOf(selection) : null;
  const active = selection?.focus ?? null;
  const rowSelected = !!range && index >= range.top && index <= range.bottom;
  return (
    <div
      role="row"
      id={rowId(index)}
      aria-rowindex={index + 2}
      aria-selected={reorder ? rowSelected : undefined}
      data-key={product.key}
      className="absolute left-0 flex border-b border-border [contain:size_layout_style]"
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT, width }}
      onPointerDown={(event) => {
        const col = cellAt(event.target, columns);
        if (col >= 0) handlers.onCellPointerDown(event, { row: index, col });
      }}
      onPointerOver={(event) => {
        const col = cellAt(event.target, columns);
        if (col >= 0) handlers.onCellPointerEnter({ row: index, col });
      }}
      onDoubleClick={(event) => {
        const col = cellAt(event.target, columns);
        if (col >= 0) handlers.onCellDoubleClick({ row: index, col });
      }}
    >
      {reorder ? (
        <div
          role="gridcell"
          aria-colindex={1}
          className={cn(
            "sticky left-0 z-10 flex shrink-0 [[data-scrolling]_&]:relative cursor-grab touch-none items-center justify-center bg-surface text-fg-muted",
            rowSelected && "bg-accent-soft",
          )}
          style={{ width: HANDLE_WIDTH }}
          onPointerDown={(event) => handlers.onHandlePointerDown(event, index)}
          onPointerMove={handlers.onHandlePointerMove}
          onPointerUp={handlers.onHandlePointerUp}
          onPointerCancel={handlers.onHandlePointerCancel}
          aria-label={`Drag to move ${product.name}`}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </div>
      ) : null}
      {columns.map((column, col) => {
        const edit = editOf(edits, product.key, column.id);
        const isActive = !!active && active.row === index && active.col === col;
        const selected = !!range && col >= range.left && col <= range.right && rowSelected;
        const isEditing = !!editing && editing.key === product.key && editing.column === column.id;
        const locked = !!column.readOnly?.(product);
        const flagged = col === 0 && !!problem;
        const text = shownText(edits, product, column, ctx, edit);
        return (
          <div
            key={column.id}
            // The active cell's id, for the grid's aria-activedescendant; no other cell needs one (a
            // reused row would otherwise rewrite a dozen ids each time it takes another product).
            id={isActive ? cellId(index, col) : undefined}
            role="gridcell"
            aria-colindex={col + 1 + (reorder ? 1 : 0)}
            aria-selected={selected}
            aria-invalid={edit?.error ? true : undefined}
            aria-readonly={locked || undefined}
            data-column={column.id}
            data-changed={edit && !edit.error ? "" : undefined}
            title={edit?.error ?? (flagged ? problem : undefined)}
            className={cn(
              "shrink-0 border-e border-border px-2",
              // The text, centred by its line height (style) and cut with an ellipsis; a failed product's
              // name lays out its warning sign beside it, and the editor's cell holds the input.
              flagged || isEditing ? "flex items-center" : "truncate",
              column.align === "end" && (isEditing ? "justify-end" : "text-end tabular-nums"),
              // Frozen: sticky, but only in place (relative) while the grid scrolls up or down unscrolled
              // sideways (data-scrolling, set by grid.tsx), where sticky changes nothing on the screen
              // and would make each row's cell a composited layer of its own, frame after frame.
              col === 0
                ? "sticky z-10 font-medium [[data-scrolling]_&]:relative"
                : (isEditing || flagged) && "relative",
              // A product that did not save: a bar at its name (the row's own background is under the cells).
              flagged && "gap-1.5 before:absolute before:inset-y-0 before:start-0 before:w-[3px] before:bg-danger",
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
            style={{
              width: widths[col],
              height: ROW_HEIGHT - 1,
              lineHeight: flagged || isEditing ? undefined : `${ROW_HEIGHT - 1}px`,
              left: col === 0 ? handleWidth : undefined,
            }}
          >
            {isEditing ? (
              <CellEditor
                column={column}
                ctx={ctx}
                text={editing.text}
                onText={handlers.onEditText}
                onCommit={handlers.onEditCommit}
                onCancel={handlers.onEditCancel}
                typed={editing.typed}
              />
            ) : flagged ? (
              <>
                <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-danger" />
                <span className="truncate">{text}</span>
                <span className="sr-only">Not saved: {problem}</span>
              </>
            ) : column.href ? (
              // Out of the tab order: the grid keeps focus (aria-activedescendant); the pointer follows it.
              <a href={column.href(product) ?? undefined} tabIndex={-1} className="underline-offset-2 hover:underline">
                {text}
              </a>
            ) : (
              <>
                {text}
                <CellMark mark={column.mark?.(edit && !edit.error ? edit.value : originalValue(product, column.id))} />
              </>
            )}
          </div>
        );
      })}
    </div>
  );
});

/**
 * A column's mark beside a value (ColumnDef.mark): a small warning chip, drawn by CSS from its
 * attribute, so that the cell's text (what copy takes, what a reader of the DOM reads) stays the value.
 * Screen readers read the generated text after the value.
 */
function CellMark({ mark }: { mark: string | null | undefined }) {
  if (!mark) return null;
  return (
    <span
      data-mark={mark}
      className="after:ms-1.5 after:rounded-sm after:bg-warning-soft after:px-1 after:py-0.5 after:text-xs after:font-medium after:text-warning-soft-fg after:content-[attr(data-mark)]"
    />
  );
}
