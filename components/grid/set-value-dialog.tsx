"use client";

import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogFooter } from "../ui/dialog";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { type ColumnDef, columnDef, type ColumnId, type GridContext } from "./columns";
import { plural } from "./words";

export interface SetValueDialogProps {
  /** The grid's columns, to choose from. */
  columns: readonly ColumnDef[];
  initialColumn: ColumnId;
  /** How many rows the selection spans. */
  rowCount: number;
  ctx: GridContext;
  onClose: () => void;
  onSet: (column: ColumnId, text: string) => void;
}

/** "Set value…": one value in a column for every selected row (docs/bulk-editing.md#the-grid). */
export function SetValueDialog({ columns, initialColumn, rowCount, ctx, onClose, onSet }: SetValueDialogProps) {
  const [column, setColumn] = useState<ColumnId>(initialColumn);
  const [text, setText] = useState("");
  const def = columnDef(column);
  const choices = def.choices?.(ctx);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Set a value"
        description={`One value for ${plural(rowCount, "selected product")}. You can undo it, and nothing is saved until you save.`}
      >
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            onSet(column, text);
          }}
        >
          <div>
            <label htmlFor="bulk-set-column" className="mb-1 block text-sm font-medium">
              Column
            </label>
            <Select
              id="bulk-set-column"
              value={column}
              onChange={(event) => {
                setColumn(event.target.value as ColumnId);
                setText("");
              }}
            >
              {columns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <label htmlFor="bulk-set-value" className="mb-1 block text-sm font-medium">
              {def.label}
            </label>
            {choices ? (
              <Select id="bulk-set-value" value={text} onChange={(event) => setText(event.target.value)}>
                <option value="">Choose…</option>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.label}>
                    {choice.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input id="bulk-set-value" value={text} onChange={(event) => setText(event.target.value)} autoFocus />
            )}
          </div>
          <DialogFooter>
            <Button variant="secondary" type="button" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Set for {plural(rowCount, "product")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
