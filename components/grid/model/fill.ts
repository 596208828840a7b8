import { columnDef, type ColumnId, type GridContext, type GridItem } from "../columns";
import { type CellChangeRequest, cellText, type EditsState } from "./edits";
import { rangeOf, type Selection } from "./selection";

/**
 * Filling a range (docs/bulk-editing.md#the-grid): "Fill down" (Ctrl+D) and
 * "Set value…". Read-only cells (quantity of a product with options) are
 * left out; the requests go to applyChanges as one undo step.
 */

/** Each column of the range: the top row's cell, as shown, into every row below it in the range. */
export function fillDownRequests(
  sel: Selection,
  rows: readonly GridItem[],
  cols: readonly ColumnId[],
  state: EditsState,
  ctx: GridContext,
): CellChangeRequest[] {
  const r = rangeOf(sel);
  const top = rows[r.top];
  if (!top) return [];
  const requests: CellChangeRequest[] = [];
  for (let col = r.left; col <= r.right; col++) {
    const column = cols[col];
    if (!column) continue;
    const text = cellText(state, top, column, ctx);
    for (let row = r.top + 1; row <= Math.min(r.bottom, rows.length - 1); row++) {
      const product = rows[row]!;
      if (columnDef(column).readOnly?.(product)) continue;
      requests.push({ key: product.key, column, text });
    }
  }
  return requests;
}

/** `text` into every cell of the range. */
export function setAllRequests(
  sel: Selection,
  rows: readonly GridItem[],
  cols: readonly ColumnId[],
  text: string,
): CellChangeRequest[] {
  const r = rangeOf(sel);
  const requests: CellChangeRequest[] = [];
  for (let row = r.top; row <= Math.min(r.bottom, rows.length - 1); row++) {
    const product = rows[row];
    if (!product) continue;
    for (let col = r.left; col <= Math.min(r.right, cols.length - 1); col++) {
      const column = cols[col];
      if (!column || columnDef(column).readOnly?.(product)) continue;
      requests.push({ key: product.key, column, text });
    }
  }
  return requests;
}
