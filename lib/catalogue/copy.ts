import type { BulkProduct } from "../store/products/model-bulk";
import { placeRows, renameCategories, shiftRows } from "./changes";
import { CatalogueTooBig, type CatalogueSource, type CopyOptions, type CopyPhase, type CopyStats } from "./copy-types";
import { ChangeJournal } from "./journal";

/**
 * The dashboard server's copy of one store's catalogue (docs/architecture.md#the-catalogue-copy):
 * every product as the grids hold it (BulkProduct, with its stock), in the store's list order, read
 * once at first need and kept current. Plain data and timers only; how it reads the store is
 * ./source.ts's, who may read it ./access.ts's, one copy per store ./registry.ts's. Current, in three ways:
 * - a write made through this dashboard puts the store's answer in at once (`put`, `remove`);
 * - a change made elsewhere is found by revalidating in the background: with a store that says a
 *   version of its whole catalogue (our store's extension, docs/contract.md#extensions) one small read
 *   tells whether anything changed, and its list of changes since the copy's version brings just those;
 *   otherwise every page is read again, at a bounded rate;
 * - a row written here while a re-read ran is not undone by that re-read's older answer.
 */

export type { CatalogueChanges, CatalogueSource, CopyOptions, CopyPhase, CopyStats } from "./copy-types";

/** Rough bytes of a row: its JSON's length, which is also what it costs on the way to a browser. */
export const rowBytes = (row: BulkProduct) => JSON.stringify(row).length;

export class CatalogueCopy<Reader> {
  readonly #source: CatalogueSource<Reader>;
  readonly #options: Required<Omit<CopyOptions, "onEvent" | "onPage">> & Pick<CopyOptions, "onEvent" | "onPage">;
  #rows = new Map<string, BulkProduct>();
  /** The keys in the store's order; written rows keep their place, new ones come last until a re-read. */
  #order: string[] = [];
  /** Each key's place in #order, made when first asked and dropped when the order changes but by an addition. */
  #places: Map<string, number> | null = null;
  #ordered: BulkProduct[] | null = null; // rows() of this version
  #bytes = 0;
  #phase: CopyPhase = "empty";
  #version = 0;
  #storeVersion: string | null = null;
  #loading: Promise<void> | null = null;
  /** Rows put or removed here since the running re-read began: key → when. */
  #written = new Map<string, number>();
  #reader: Reader | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #usedAt = 0;
  #stats = {
    freshAt: null as number | null,
    revalidations: 0,
    changes: 0,
    rereads: 0,
    lastError: null as string | null,
  };
  #versioned = false;
  #total: number | null = null;
  #journal = new ChangeJournal();

  constructor(source: CatalogueSource<Reader>, options: CopyOptions) {
    this.#source = source;
    this.#options = { now: Date.now, ...options };
  }

  /** Grows by one with every change of the rows: a browser's window names the version it shows. */
  get version(): number {
    return this.#version;
  }

  #changed(keys: readonly string[] | null) {
    this.#journal.note(++this.#version, keys);
    this.#ordered = null;
  }

  /** The keys put or removed after `version` (./journal.ts), or null when not known. */
  changedSince(version: number): Set<string> | null {
    return this.#journal.since(version, this.#version);
  }

  get phase(): CopyPhase {
    return this.#phase;
  }

  /** The store's count when it said one (X-Total-Count), while the first reading runs. */
  get expected(): number | null {
    return this.#total;
  }

  stats(): CopyStats {
    return {
      phase: this.#phase,
      products: this.#rows.size,
      bytes: this.#bytes,
      versioned: this.#versioned,
      ...this.#stats,
    };
  }

  /** The rows in the store's order, made once a version (read-only: the copy's own array). */
  rows(): BulkProduct[] {
    if (this.#ordered) return this.#ordered;
    const out: BulkProduct[] = [];
    for (const key of this.#order) {
      const row = this.#rows.get(key);
      if (row) out.push(row);
    }
    return (this.#ordered = out);
  }

  get(key: string): BulkProduct | undefined {
    return this.#rows.get(key);
  }

  /** The row's place in the store's order (ties of a sort follow it: ./sorted.ts). */
  place(key: string): number {
    this.#places ??= new Map(this.#order.map((k, i) => [k, i]));
    return this.#places.get(key) ?? Infinity;
  }

  /**
   * Someone may read the copy (./access.ts said so) through `reader`: it is read now when it was
   * never read (or the last reading failed), and kept current while people use it. Resolves once
   * the first page is in; `loaded()` resolves when every page is.
   */
  use(reader: Reader): Promise<void> {
    this.#reader = reader;
    this.#usedAt = this.#options.now();
    if (this.#phase === "empty" || this.#phase === "failed") this.#startLoading(reader);
    this.#schedule();
    return this.#firstPage ?? Promise.resolve();
  }

  /** Settles when the reading under way ends (at once when none runs). */
  async loaded(): Promise<void> {
    await this.#loading;
  }

  #firstPage: Promise<void> | null = null;

  #startLoading(reader: Reader) {
    this.#phase = "loading";
    this.#stats.lastError = null;
    let firstPage!: () => void;
    this.#firstPage = new Promise((resolve) => (firstPage = resolve));
    const started = this.#options.now();
    this.#written.clear();
    this.#rows = new Map();
    this.#order = [];
    this.#places = null;
    this.#bytes = 0;
    this.#changed(null);
    this.#loading = (async () => {
      try {
        this.#storeVersion = await this.#source.version(reader);
        this.#versioned = this.#storeVersion !== null;
        await this.#source.readAll(reader, (rows, total) => {
          this.#total = total;
          for (const row of rows) this.#add(row);
          this.#changed(null);
          this.#options.onPage?.(rows);
          firstPage();
        });
        this.#phase = "ready";
        this.#stats.freshAt = started;
        this.#rereadMs = this.#options.now() - started;
        this.#options.onEvent?.("loaded", this.stats());
      } catch (error) {
        this.#phase = error instanceof CatalogueTooBig ? "too_big" : "failed";
        this.#stats.lastError = error instanceof Error ? error.message : String(error);
        this.#options.onEvent?.("failed", this.stats());
      } finally {
        firstPage();
        this.#loading = null;
      }
    })();
  }

  #add(row: BulkProduct) {
    const before = this.#rows.get(row.key);
    this.#bytes += rowBytes(row) - (before ? rowBytes(before) : 0);
    if (this.#bytes > this.#options.maxBytes) throw new CatalogueTooBig(this.#options.maxBytes);
    if (!before) {
      this.#order.push(row.key);
      this.#places?.set(row.key, this.#order.length - 1);
    }
    this.#rows.set(row.key, row);
  }

  /** Rows the store answered to a write made here (or read again for one): in at once. */
  put(rows: readonly BulkProduct[]) {
    if (!rows.length || this.#phase === "empty") return;
    const at = this.#options.now();
    for (const row of rows) {
      const before = this.#rows.get(row.key);
      // A write answered without stock (the bulk editor's) keeps the stock the copy had.
      const merged = row.stock || !before?.stock ? row : { ...row, stock: before.stock };
      try {
        this.#add(merged);
      } catch {
        // Past the bound by a write: kept all the same (the next reading says too_big).
        this.#rows.set(row.key, merged);
      }
      this.#written.set(row.key, at);
    }
    this.#changed(rows.map((row) => row.key));
  }

  /** Products deleted through this dashboard. */
  remove(keys: readonly string[]) {
    const at = this.#options.now();
    let changed = false;
    for (const key of keys) {
      this.#written.set(key, at);
      if (this.#drop(key)) changed = true;
    }
    if (changed) {
      this.#order = this.#order.filter((key) => this.#rows.has(key));
      this.#places = null;
      this.#changed(keys);
    }
  }

  /** Takes a row out (its key stays in #order until the order is made again); whether it was there. */
  #drop(key: string): boolean {
    const before = this.#rows.get(key);
    if (!before) return false;
    this.#bytes -= rowBytes(before);
    this.#rows.delete(key);
    return true;
  }

  /** When the row was last put or removed here (for a person's own write seen on another instance). */
  writtenAt(key: string): number | undefined {
    return this.#written.get(key);
  }

  #schedule() {
    if (this.#timer) return;
    // A store that says no version is read again whole: the pause keeps that reading to at most busyShare of the time.
    const share = this.#options.busyShare;
    const busy = this.#versioned || !Number.isFinite(this.#rereadMs) ? 0 : (this.#rereadMs * (1 - share)) / share;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        void this.revalidate().finally(() => {
          if (this.#options.now() - this.#usedAt < this.#options.idleMs) this.#schedule();
        });
      },
      Math.max(this.#options.revalidateMs, busy),
    );
    // A timer of this copy never keeps the process alive.
    this.#timer.unref?.();
  }

  /**
   * Compares the copy with the store once: the store's version when it says one (one small read),
   * otherwise every page read again. Rows written here since the re-read began keep what was
   * written. Returns whether anything changed.
   */
  revalidate(): Promise<boolean> {
    // One at a time: the timer's and a person's (refreshIfCheap) share the one under way.
    this.#revalidating ??= this.#revalidateOnce().finally(() => (this.#revalidating = null));
    return this.#revalidating;
  }

  #revalidating: Promise<boolean> | null = null;
  /** How long the last whole re-read took (ms): whether a person may wait for one. */
  #rereadMs = Infinity;

  /**
   * Revalidates now, before answering a person, when that is cheap: the store says its version (one
   * small read), or a whole re-read took under `cheapMs`. Only a revalidation begun after this call
   * counts: one begun even a moment before may have read the store before a product was made there
   * (and the person made it, then opened the grid: CI saw it miss). A search that found nothing then
   * is not a search of a copy that missed a product made elsewhere, and a grid opened shows what was
   * made before it was opened. A revalidation under way is waited for, then another one runs.
   */
  async refreshIfCheap(cheapMs = 1000): Promise<void> {
    const asked = this.#options.now();
    const fresh = () => (this.#stats.freshAt ?? -Infinity) >= asked;
    if (this.#phase !== "ready" || this.#stats.freshAt === null || fresh()) return;
    if (!this.#versioned && !(this.#rereadMs < cheapMs)) return;
    await this.#revalidating;
    if (!fresh()) await this.revalidate();
  }

  async #revalidateOnce(): Promise<boolean> {
    const reader = this.#reader;
    if (!reader || this.#phase !== "ready" || this.#loading) return false;
    this.#stats.revalidations++;
    const started = this.#options.now();
    try {
      const storeVersion = await this.#source.version(reader);
      if (storeVersion !== null && storeVersion === this.#storeVersion) {
        this.#stats.freshAt = started;
        return false;
      }
      const listed = await this.#changesSince(reader, started);
      if (listed !== null) return listed;
      const fresh: BulkProduct[] = [];
      const readStarted = this.#options.now();
      await this.#source.readAll(reader, (rows) => {
        fresh.push(...rows);
        this.#options.onPage?.(rows);
      });
      this.#stats.rereads++;
      this.#rereadMs = this.#options.now() - readStarted;
      const changed = this.#replace(fresh, readStarted);
      this.#storeVersion = storeVersion;
      this.#versioned = storeVersion !== null;
      this.#stats.freshAt = started;
      if (changed) {
        this.#stats.changes++;
        this.#options.onEvent?.("changed", this.stats());
      }
      return changed;
    } catch (error) {
      this.#stats.lastError = error instanceof Error ? error.message : String(error);
      return false;
    }
  }

  #noChanges = false; // The store said it has no list of changes (not asked again).
  /**
   * The store's changes since the copy's version (CatalogueSource.changes), put in when it lists them all:
   * the list's shifts, rows changed (in their place: ./changes.ts) and deleted, not over a row written here
   * since `started`. Whether rows changed, or null when it does not list them: every page is read again.
   */
  async #changesSince(reader: Reader, started: number): Promise<boolean | null> {
    const since = this.#storeVersion;
    if (!this.#source.changes || this.#noChanges || since === null || !/^\d+$/.test(since)) return null;
    const changes = await this.#source.changes(reader, since);
    if (changes === null) this.#noChanges = true;
    if (!changes?.complete) return null;
    const mine = (key: string) => (this.#written.get(key) ?? -Infinity) >= started;
    shiftRows(this.#rows.values(), changes.shifts, mine);
    const renamed = renameCategories(this.#rows.values(), changes.renames ?? [], mine);
    for (const row of renamed) this.#add(row);
    const placed = new Set<string>();
    const keys: string[] = renamed.map((row) => row.key);
    for (const row of changes.rows) {
      if (mine(row.key)) continue;
      if (this.#rows.get(row.key)?.order !== row.order) placed.add(row.key);
      this.#add(row);
      keys.push(row.key);
    }
    for (const key of changes.removed) if (!mine(key) && this.#drop(key)) keys.push(key);
    this.#order = placeRows(this.#order, this.#rows, placed);
    this.#places = null;
    this.#storeVersion = changes.version;
    this.#stats.freshAt = started;
    if (!keys.length) return false;
    this.#options.onPage?.(renamed.length ? [...renamed, ...changes.rows] : changes.rows);
    this.#changed(keys);
    this.#stats.changes++;
    this.#options.onEvent?.("changed", this.stats());
    return true;
  }

  /** The re-read's rows in, but not over a row written here after the re-read began. */
  #replace(fresh: readonly BulkProduct[], readStarted: number): boolean {
    const kept = (key: string) => (this.#written.get(key) ?? -Infinity) >= readStarted;
    const rows = new Map<string, BulkProduct>();
    const order: string[] = [];
    let changed = fresh.length !== this.#rows.size;
    for (const row of fresh) {
      if (kept(row.key)) {
        const mine = this.#rows.get(row.key);
        if (mine) {
          rows.set(row.key, mine);
          order.push(row.key);
        }
        continue;
      }
      const before = this.#rows.get(row.key);
      if (!changed && (!before || JSON.stringify(before) !== JSON.stringify(row))) changed = true;
      rows.set(row.key, row);
      order.push(row.key);
    }
    // Rows created here that the re-read did not see yet stay, last.
    for (const [key, at] of this.#written) {
      if (at >= readStarted && !rows.has(key) && this.#rows.has(key)) {
        rows.set(key, this.#rows.get(key)!);
        order.push(key);
      }
    }
    for (const [key, at] of this.#written) if (at < readStarted) this.#written.delete(key);
    if (!changed && order.some((key, i) => key !== this.#order[i])) changed = true;
    this.#rows = rows;
    this.#order = order;
    this.#places = null;
    this.#bytes = fresh.reduce((sum, row) => sum + rowBytes(rows.get(row.key) ?? row), 0);
    if (changed) this.#changed(null);
    return changed;
  }

  /** Stops the background revalidation (a test's end, or the process's). */
  stop() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#usedAt = 0;
  }
}
