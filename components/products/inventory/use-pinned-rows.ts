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
  const [pinned, setPinned] = useState<{ filter: InventoryFilter; keys: ReadonlySet<string> }>(() => ({
    filter,
    keys: new Set(),
  }));
  const current = pinned.filter === filter ? pinned.keys : new Set<string>();
  const added = editedKeys(edits).filter((key) => !current.has(key));
  if (pinned.filter !== filter || added.length > 0) {
    // Adjusting state while rendering (React re-renders at once, before the screen shows this one).
    const keys = new Set([...current, ...added]);
    setPinned({ filter, keys });
    return keys;
  }
  return current;
}
