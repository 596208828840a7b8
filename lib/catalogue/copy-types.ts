import type { BulkProduct } from "../store/products/model-bulk";

/** The catalogue copy's types (./copy.ts): what it reads, how, and what it says of itself; and its one error. */

/** How the copy reads the store; `reader` is whatever client the registry hands in (a token's). */
export interface CatalogueSource<Reader> {
  /** Every product in the store's order, handed over a page at a time; throws a sentence-bearing error on failure. */
  readAll(reader: Reader, onPage: (rows: BulkProduct[], total: number | null) => void): Promise<void>;
  /** The store's version of its whole catalogue, or null when it says none. */
  version(reader: Reader): Promise<string | null>;
  /**
   * What changed since the store's version `since` (our store's extension, ./source.ts), or null
   * from a store that does not say: then every page is read again, and this is not asked again.
   */
  changes?(reader: Reader, since: string): Promise<CatalogueChanges | null>;
}

/** The store's changes since a version: the rows changed (whole) and the keys deleted, and the version they bring. */
export interface CatalogueChanges {
  version: string;
  /** False: the store does not know them from that version (or there are too many): read every page. */
  complete: boolean;
  rows: BulkProduct[];
  removed: string[];
  /** The shifts of the list's order since, oldest first (./changes.ts shiftRows): the rows not listed move by them. */
  shifts: OrderShift[];
  /**
   * The categories renamed since, oldest first (./changes.ts renameCategories): a row's category `from`
   * reads `to`. (A group's change needs nothing here: a row names its groups by id.) Optional: a source
   * that never tells them.
   */
  renames?: CategoryRename[];
}

/** A category's name before and after a rename. */
export interface CategoryRename {
  from: string;
  to: string;
}

/** Every row whose `order` was from `from` to `to` (null: no end) moved by `by` (at most 2147483647). */
export interface OrderShift {
  from: number;
  to: number | null;
  by: number;
}

export interface CopyOptions {
  /** The most bytes (as JSON) the copy may hold: past it, the reading stops with `too_big`. */
  maxBytes: number;
  /** The pause between two revalidations (the 10 s freshness bound is this plus one re-read). */
  revalidateMs: number;
  /** A store that says no version is read again at most this share of the time (0.5: half). */
  busyShare: number;
  /** No revalidation once nobody asked for this long: an idle dashboard leaves the store alone. */
  idleMs: number;
  now?: () => number;
  /** Told when a reading ends (loaded, failed) and when a revalidation found a change: the log. */
  onEvent?: (event: "loaded" | "failed" | "changed", stats: CopyStats) => void;
  /** Told of each page a reading brings, the first one's and every re-read's (the registry prepares them for searching). */
  onPage?: (rows: readonly BulkProduct[]) => void;
}

export type CopyPhase = "empty" | "loading" | "ready" | "failed" | "too_big";

export interface CopyStats {
  phase: CopyPhase;
  products: number;
  bytes: number;
  /** When the copy last matched the store (read or revalidated), ms since the epoch; null: never. */
  freshAt: number | null;
  /** Revalidations so far: how many found a change, and the whole re-reads they took. */
  revalidations: number;
  changes: number;
  rereads: number;
  /** The last failure's sentence (the copy keeps serving what it has). */
  lastError: string | null;
  /** Whether the store says a version (a revalidation is then one small read). */
  versioned: boolean;
}

/** A reading stopped at the copy's memory bound (CopyOptions.maxBytes). */
export class CatalogueTooBig extends Error {
  constructor(maxBytes: number) {
    super(
      `The catalogue is larger than the ${Math.round(maxBytes / 2 ** 20)} MB the dashboard may hold of it (CATALOGUE_MEMORY_MB).`,
    );
  }
}
