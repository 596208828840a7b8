import type { GridItem } from "./columns";
import { type ColumnId, columnById, columnIndex, type GridContext, originalValue, sameValue } from "./columns";
import { type CellEdit, editsByKey, type EditsState } from "./edits";

/**
 * The review panel's list (docs/bulk-editing.md#saving): every edit as
 * product, column, before → after, in words as the grid shows them.
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
  /** Worth a second look before saving (a price cut by more than half); absent when not. */
  warning?: string;
}

/**
 * Why a valid change deserves a second look: a price cut to less than half
 * of what it was (a slip of a digit, 25.00 typed as 2.50, reaches customers).
 */
export function changeWarning(column: ColumnId, before: unknown, after: unknown): string | null {
  if (
    column === "price" &&
    typeof before === "number" &&
    typeof after === "number" &&
    before > 0 &&
    after * 2 < before
  ) {
    return `Cut by ${Math.round((1 - after / before) * 100)} %: check that it is meant.`;
  }
  return null;
}

/** The edits of each product in column order. */
export function editsInColumnOrder(edits: readonly CellEdit[]): CellEdit[] {
  return [...edits].sort((a, b) => columnIndex[a.column] - columnIndex[b.column]);
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
      const def = columnById[edit.column];
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
