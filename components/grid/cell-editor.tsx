"use client";

import { useEffect, useRef } from "react";
import { cn } from "../ui/cn";
import type { ColumnDef, GridContext } from "./columns";

export interface CellEditorProps {
  column: ColumnDef;
  ctx: GridContext;
  text: string;
  typed: boolean;
  onText: (text: string) => void;
  onCommit: (move: { dRow: number; dCol: number } | null) => void;
  onCancel: () => void;
}

/** The input of the cell being edited; choice columns suggest their values (a datalist). */
export function CellEditor({ column, ctx, text, typed, onText, onCommit, onCancel }: CellEditorProps) {
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
