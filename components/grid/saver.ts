import type { Dispatch, SetStateAction } from "react";
import type { GridContext, GridItem } from "./columns";
import type { EditsState } from "./model/edits";

/**
 * What the review and save dialog (save-dialog.tsx) does through its grid's
 * feature: the bulk editor saves products through products_multi
 * (components/products/bulk/bulk-saver.ts), the inventory each option's
 * stock (components/products/inventory/inventory-saver.ts). The dialog keeps
 * what they share: the review, the conflict check and its choices, the
 * progress, and the rows that did not save.
 */
export interface GridSaver<R extends GridItem = GridItem> {
  /** What a row is, in the dialog's sentences. */
  noun: { one: string; many: string };
  /** The edited rows as the store holds them now, by key; a row the store no longer has is left out. */
  readCurrent: (keys: readonly string[]) => Promise<ReadonlyMap<string, R>>;
  /** Puts rows as the store holds them into the grid ("take theirs", and what a save answered). */
  take: (rows: readonly R[]) => void;
  /**
   * Saves the edits; takes what saved into the grid, with its new `modified` (from the write's answer, or
   * one read of each changed row after its writes: never more), and drops its edits; answers what did not
   * save.
   */
  save: (run: SaveRun<R>) => Promise<SaveOutcome>;
}

export interface SaveRun<R extends GridItem> {
  edits: EditsState;
  byKey: ReadonlyMap<string, R>;
  ctx: GridContext;
  setEdits: Dispatch<SetStateAction<EditsState>>;
  take: (rows: readonly R[]) => void;
  /** Rows done (saved or not) of the rows to save. */
  progress: (done: number, total: number) => void;
}

export interface SaveOutcome {
  saved: number;
  failed: { key: string; name: string; message: string }[];
}
