import type { Dispatch, SetStateAction } from "react";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import type { GridContext, GridItem } from "./model/columns";
import type { EditsState } from "./model/edits";
import { readCatalogueOnce } from "./use-catalogue";

/**
 * What the review and save dialog (save-dialog.tsx) does through its grid:
 * the bulk grid saves products through products_multi (bulk-saver.ts), the
 * inventory page each option's stock (components/products/inventory/stock-saver.ts).
 * The dialog keeps what they share: the review, the conflict check and its
 * choices, the progress, and the rows that did not save.
 */
export interface GridSaver<R extends GridItem = GridItem> {
  /** What a row is, in the dialog's sentences. */
  noun: { one: string; many: string };
  /** The edited rows as the store holds them now, by key; a row the store no longer has is left out. */
  readCurrent: (keys: readonly string[]) => Promise<ReadonlyMap<string, R>>;
  /** Puts rows as the store holds them into the grid ("take theirs", and what a save answered). */
  take: (rows: readonly R[]) => void;
  /** Saves the edits; takes what saved into the grid and drops its edits; answers what did not save. */
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

/** Re-reading this many products one by one is quicker than reading the catalogue again. */
const REREAD_ONE_BY_ONE = 50;

/**
 * Products as the store holds them now (the conflict check): one by one
 * through GET /api/products/bulk/current up to 50, else the whole catalogue
 * again. `stock`: with their options' and extras' stock (the inventory's).
 */
export async function readProductsNow(
  keys: readonly string[],
  { stock = false }: { stock?: boolean } = {},
): Promise<Map<string, BulkProduct>> {
  const unique = [...new Set(keys)];
  if (unique.length > REREAD_ONE_BY_ONE) {
    const url = stock ? "/api/products/bulk?with=stock" : undefined;
    return new Map((await readCatalogueOnce(url)).map((p) => [p.key, p]));
  }
  const response = await fetch(
    `/api/products/bulk/current?keys=${unique.map(encodeURIComponent).join(",")}${stock ? "&with=stock" : ""}`,
  );
  const body = (await response.json().catch(() => null)) as { products?: BulkProduct[]; error?: string } | null;
  if (!response.ok || !body?.products) {
    throw new Error(body?.error ?? `The store could not be read (HTTP ${response.status}).`);
  }
  return new Map(body.products.map((p) => [p.key, p]));
}
