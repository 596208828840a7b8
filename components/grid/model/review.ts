import {
  columnDef,
  type ColumnId,
  columnOrder,
  type GridContext,
  type GridItem,
  hasColumn,
  originalValue,
  sameValue,
} from "../columns";
import { type CellEdit, editsByKey, type EditsState } from "./edits";

/**
 * The review panel's list (docs/bulk-editing.md#saving): every edit as
 * row, column, before → after, in words as the grid shows them.
 */

export interface ReviewChange {
  key: string;
  name: string;
  column: ColumnId;
  /** The column's label. */
  label: string;
  /** As the grid showed it when loaded. */
  before: string;
  /** The new value as the grid shows it; a text in error as typed. */
  after: string;
  error: string | null;
  /** Worth a second look before saving (its column's warning: a price cut by more than half); absent when not. */
  warning?: string;
}

/**
 * Why a valid change deserves a second look, as its column tells (the bulk
 * editor's price: a cut to less than half, a slip of a digit that reaches
 * customers); null when it does not.
 */
export function changeWarning(column: ColumnId, before: unknown, after: unknown): string | null {
  return hasColumn(column) ? (columnDef(column).warning?.(before, after) ?? null) : null;
}

/** The edits of each row in its grid's column order. */
export function editsInColumnOrder(edits: readonly CellEdit[]): CellEdit[] {
  return [...edits].sort((a, b) => columnOrder(a.column) - columnOrder(b.column));
}

/**
 * Every edit of a loaded product, in the products' order (the map's, as
 * loaded), then the columns' order. An edit that no longer changes anything
 * is not listed, nor are edits of products not in `products`. `name` is
 * the product's name as loaded.
 */
export function reviewChanges(
  state: EditsState,
  products: ReadonlyMap<string, GridItem>,
  ctx: GridContext,
): ReviewChange[] {
  const byKey = editsByKey(state);
  const out: ReviewChange[] = [];
  if (!byKey.size) return out;
  const push = (product: GridItem, edits: readonly CellEdit[]) => {
    for (const edit of editsInColumnOrder(edits)) {
      const def = columnDef(edit.column);
      const original = originalValue(product, edit.column);
      if (!edit.error && sameValue(edit.value, original)) continue;
      const warning = edit.error ? null : changeWarning(edit.column, original, edit.value);
      out.push({
        key: product.key,
        name: product.name,
        column: edit.column,
        label: def.label,
        before: def.format(original, ctx),
        after: edit.error ? edit.text : def.format(edit.value, ctx),
        error: edit.error,
        ...(warning ? { warning } : {}),
      });
    }
  };
  for (const product of products.values()) {
    const edits = byKey.get(product.key);
    if (edits) push(product, edits);
  }
  return out;
}
