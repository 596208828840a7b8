import { type CellValue, type ColumnId, type GridItem, originalValue, sameValue } from "../columns";
import { editsByKey, type EditsState } from "./edits";
import { editsInColumnOrder } from "./review";

/**
 * The conflict check before a save (docs/bulk-editing.md#saving): the edited
 * rows as the store holds them now, against what the grid loaded. Best
 * effort: the contract has no conditional write (docs/contract.md#products_multi).
 */

export interface FieldConflict {
  column: ColumnId;
  /** As the grid loaded it. */
  loaded: CellValue;
  /** As the store holds it now. */
  theirs: CellValue;
  /** The edited value. */
  mine: CellValue;
}

export interface Conflict {
  key: string;
  /** The name as loaded. */
  name: string;
  /** The store no longer has the product. */
  deleted: boolean;
  /** Its `modified` moved since it was loaded. */
  modifiedMoved: boolean;
  /** The edited columns whose stored value moved, in column order. */
  fields: FieldConflict[];
}

/**
 * The products among `keys` that changed in the store since they were
 * loaded: gone, their `modified` moved (when the store sends it, then and
 * now), or the stored value of an edited column moved. A column whose text
 * is in error is not compared (it is not saved). Keys the grid never loaded
 * are left out; the order is that of `keys`.
 */
export function findConflicts(
  loaded: ReadonlyMap<string, GridItem>,
  current: ReadonlyMap<string, GridItem>,
  keys: readonly string[],
  state: EditsState,
): Conflict[] {
  const byKey = editsByKey(state);
  const conflicts: Conflict[] = [];
  for (const key of new Set(keys)) {
    const before = loaded.get(key);
    if (!before) continue;
    const now = current.get(key);
    if (!now) {
      conflicts.push({ key, name: before.name, deleted: true, modifiedMoved: false, fields: [] });
      continue;
    }
    const modifiedMoved = before.modified !== null && now.modified !== null && before.modified !== now.modified;
    const fields: FieldConflict[] = [];
    for (const edit of editsInColumnOrder(byKey.get(key) ?? [])) {
      if (edit.error) continue;
      const was = originalValue(before, edit.column);
      const theirs = originalValue(now, edit.column);
      if (!sameValue(was, theirs)) fields.push({ column: edit.column, loaded: was, theirs, mine: edit.value });
    }
    if (modifiedMoved || fields.length)
      conflicts.push({ key, name: before.name, deleted: false, modifiedMoved, fields });
  }
  return conflicts;
}
