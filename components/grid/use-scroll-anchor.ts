"use client";

import { type RefObject, useLayoutEffect, useRef } from "react";
import { anchoredScrollTop } from "./grid-layout";

/**
 * Scroll anchoring (docs/bulk-editing.md#the-grid): rows arriving (pages in a sorted view) or reordered (a
 * sort, an edit of the sorted column) above what a person looks at would push it out of view, a cell being
 * typed into with it. After such a change the product they were on keeps its place on the screen: the one
 * being edited, else the active cell's, else the top one of a scrolled view (grid-layout.ts,
 * anchoredScrollTop). Not in reorder mode, where a row is moved on purpose and the move scrolls to it. The
 * browser's own anchoring is off: the rows are positioned by the virtualiser, not in flow.
 */
export function useScrollAnchor(
  scrollerRef: RefObject<HTMLDivElement | null>,
  rows: readonly { key: string }[],
  view: { reorder: boolean; editingKey: string | undefined; activeKey: string | undefined },
) {
  const { reorder, editingKey, activeKey } = view;
  const previousRows = useRef(rows);
  useLayoutEffect(() => {
    const before = previousRows.current;
    previousRows.current = rows;
    const el = scrollerRef.current;
    if (!el || before === rows || reorder || !before.length) return;
    const target = anchoredScrollTop(before, rows, { scrollTop: el.scrollTop, clientHeight: el.clientHeight }, [
      editingKey,
      activeKey,
    ]);
    if (target !== null) el.scrollTop = target;
  }, [scrollerRef, rows, reorder, editingKey, activeKey]);
}
