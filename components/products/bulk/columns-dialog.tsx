"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { type ColumnId, columns as allColumns } from "./model/columns";

export interface ColumnsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hidden: ReadonlySet<ColumnId>;
  onShow: (column: ColumnId, shown: boolean) => void;
}

/** "Columns": which columns the grid shows; the frozen name column always stays. */
export function ColumnsDialog({ open, onOpenChange, hidden, onShow }: ColumnsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Columns"
        description="Choose the columns the grid shows. The name always stays, at the left."
      >
        <div className="mt-4 grid grid-cols-2 gap-2">
          {allColumns
            .filter((c) => c.id !== "name")
            .map((column) => (
              <Checkbox
                key={column.id}
                id={`bulk-column-${column.id}`}
                label={column.label}
                checked={!hidden.has(column.id)}
                onChange={(event) => onShow(column.id, event.target.checked)}
              />
            ))}
        </div>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
