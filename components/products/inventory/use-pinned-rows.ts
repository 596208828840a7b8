"use client";

import { useState } from "react";
import { editedKeys, type EditsState } from "@/components/grid";
import type { InventoryFilter } from "./model";

/**
 * The rows a person edited since the filter last changed (docs/bulk-editing.md#inventory): the stock
 * filters keep them in view though their new count no longer matches (a count raised above the Low
 * stock threshold), through the save too, so a row never vanishes under the hand that typed in it.
 * A new filter, or a new visit, starts again.
 */
export function usePinnedRows(filter: InventoryFilter, edits: EditsState): ReadonlySet<string> {
  // `before`: the rows already edited when this filter was set, which it does not keep on their account.
  const [pinned, setPinned] = useState<{
    filter: InventoryFilter;
    before: ReadonlySet<string>;
    keys: ReadonlySet<string>;
  }>(() => ({ filter, before: new Set(editedKeys(edits)), keys: new Set() }));
  const edited = editedKeys(edits);
  if (pinned.filter !== filter) {
    // Adjusting state while rendering (React re-renders at once, before the screen shows this one).
    const next = { filter, before: new Set(edited), keys: new Set<string>() };
    setPinned(next);
    return next.keys;
  }
  const added = edited.filter((key) => !pinned.before.has(key) && !pinned.keys.has(key));
  if (added.length > 0) {
    const keys = new Set([...pinned.keys, ...added]);
    setPinned({ ...pinned, keys });
    return keys;
  }
  return pinned.keys;
}
