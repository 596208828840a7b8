"use client";

import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import { cn } from "../ui/cn";
import type { ColumnDef, ColumnId } from "./columns";
import { HANDLE_WIDTH, HEADER_HEIGHT } from "./grid-layout";
import type { GridSort } from "./model/sort";

export interface GridHeaderProps {
  columns: readonly ColumnDef[];
  sort: GridSort;
  onSort: (column: ColumnId) => void;
  /** Reorder mode: a column of handles first, and no sorting. */
  reorder: boolean;
  widthOf: (col: number) => number;
  /** The handles' column width (0 outside reorder mode): the frozen name column sits after it. */
  handleWidth: number;
  /** The grid's whole width. */
  width: number;
}

/** The grid's header row: sticky, one sort button per column (aria-sort on the column header). */
export function GridHeader({ columns, sort, onSort, reorder, widthOf, handleWidth, width }: GridHeaderProps) {
  return (
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
          const sorted = sort.column === column.id ? sort.direction : null;
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
                disabled={reorder}
                onClick={() => onSort(column.id)}
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
  );
}
