import { queryWords } from "../search-words";
import type { BulkProduct } from "../store/products/model-bulk";
import type { CatalogueCopy } from "./copy";
import { rowTexts } from "./query";

/**
 * An index of the words the copy's rows are found by (docs/architecture.md#the-catalogue-copy): each
 * word of a row's name, slug and SKUs (./query.ts rowTexts) → the keys of the rows that have it, and
 * the distinct words in order, so that the rows a query word starts a word of are a binary search and
 * a few lists away instead of a scan of every row (at 100,000 products the scan and its ranking cost a
 * first search 200–460 ms, bench/RESULTS.md). What it answers is a superset: queryCatalogue still
 * checks each candidate, so a list may keep the key of a row that has lost the word since (a changed
 * row's new words are added, its old ones stay until the index is made again).
 *
 * Kept per copy and version as ./sorted.ts keeps the sorted orders: after a write of a few products
 * their words are added; a reading or a re-read that changed rows makes it again, in slices of the
 * event loop when `buildLater` is asked (./registry.ts, once a reading ends).
 */

/** Past this many changed rows, or this share of stale entries, the index is made again. */
const mostAdded = 2000;
const mostStale = 0.1;
/** Rows indexed per turn of the event loop when built in the background. */
const slice = 2000;

class WordIndex {
  readonly #postings = new Map<string, string | string[]>();
  /** The distinct words in order; new words are put in their place. */
  readonly #words: string[] = [];
  #sorted = false;
  /** Rows added again after a change (their old words stay listed). */
  stale = 0;

  constructor(public version: number) {}

  add(row: BulkProduct) {
    for (const text of rowTexts(row)) {
      for (const word of text.split(" ")) {
        if (!word) continue;
        const keys = this.#postings.get(word);
        if (keys === undefined) {
          // Most words (an SKU's number) belong to one row: the key alone, a list from the second.
          this.#postings.set(word, row.key);
          if (this.#sorted) this.#words.splice(lowerBound(this.#words, word), 0, word);
          else this.#words.push(word);
        } else if (typeof keys === "string") {
          if (keys !== row.key) this.#postings.set(word, [keys, row.key]);
        } else if (keys[keys.length - 1] !== row.key) keys.push(row.key);
      }
    }
  }

  /** Puts the words in order (once: words added later are put in their place). */
  seal() {
    if (this.#sorted) return;
    this.#words.sort();
    this.#sorted = true;
  }

  /** The keys of rows with a word starting with `prefix`, or null when more than `most` are listed. */
  keysStarting(prefix: string, most: number): string[] | null {
    this.seal();
    const out: string[] = [];
    for (let i = lowerBound(this.#words, prefix); i < this.#words.length; i++) {
      const word = this.#words[i]!;
      if (!word.startsWith(prefix)) break;
      const keys = this.#postings.get(word)!;
      if (typeof keys === "string") {
        if (out.length >= most) return null;
        out.push(keys);
        continue;
      }
      if (out.length + keys.length > most) return null;
      for (const key of keys) out.push(key);
    }
    return out;
  }
}

/** The first place in sorted `words` whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

const kept = new WeakMap<object, WordIndex>();
/** Copies whose index is being made, with what waits for it. */
const building = new WeakMap<object, (() => void)[]>();

/**
 * The copy's index at its version: the words of the rows changed since added, or null while it is
 * (made again) in the background: a person's request never waits for a whole index (a second at
 * 100,000 products), it scans the rows as before.
 */
function indexFor<R>(copy: CatalogueCopy<R>): WordIndex | null {
  const before = kept.get(copy);
  if (before?.version === copy.version) return before;
  const changed = before ? copy.changedSince(before.version) : null;
  if (
    before &&
    changed &&
    changed.size <= mostAdded &&
    before.stale + changed.size <= copy.stats().products * mostStale
  ) {
    for (const key of changed) {
      const row = copy.get(key);
      if (row) before.add(row);
    }
    before.stale += changed.size;
    before.version = copy.version;
    return before;
  }
  buildLater(copy);
  return null;
}

/**
 * The rows that may match every word of `q`, in the store's order: those with a word that the
 * query's most selective word starts (each checked again by queryCatalogue). Null when the index
 * cannot narrow the search (no word; every word starts words of over half the rows; a copy
 * still being read, whose version changes with every page; an index being made): then every row is
 * scanned.
 */
export function candidateRows<R>(copy: CatalogueCopy<R>, q: string | undefined): BulkProduct[] | null {
  const words = queryWords(q ?? "");
  if (!words.length || copy.phase !== "ready") return null;
  const index = indexFor(copy);
  if (!index) return null;
  const most = Math.max(100, copy.stats().products / 2);
  let best: string[] | null = null;
  for (const word of words) {
    const keys = index.keysStarting(word, best ? Math.min(best.length, most) : most);
    if (keys && (!best || keys.length < best.length)) best = keys;
  }
  if (!best) return null;
  const keys = new Set(best);
  // Many rows: picked out of the copy's order in one pass, rather than sorted by place (n log n lookups).
  if (keys.size * 8 > copy.stats().products) return copy.rows().filter((row) => keys.has(row.key));
  const rows: BulkProduct[] = [];
  for (const key of keys) {
    const row = copy.get(key);
    if (row) rows.push(row);
  }
  return rows.sort((a, b) => copy.place(a.key) - copy.place(b.key));
}

/**
 * Brings the copy's index to its version, then calls `then`: at once when a few rows changed since it
 * was made (their words are added), else by making it again in the background (buildLater).
 */
export function indexLater<R>(copy: CatalogueCopy<R>, then?: () => void): void {
  if (indexFor(copy)) return then?.();
  buildLater(copy, then);
}

/**
 * Makes the copy's index in the background, a slice of rows a turn of the event loop, so that the
 * first search after a reading finds it made. Rows changed meanwhile are added at the first search.
 */
export function buildLater<R>(copy: CatalogueCopy<R>, then?: () => void): void {
  const waiting = building.get(copy);
  if (waiting) return void (then && waiting.push(then));
  if (kept.get(copy)?.version === copy.version) return then?.();
  const callbacks = then ? [then] : [];
  building.set(copy, callbacks);
  const index = new WordIndex(copy.version);
  const rows = copy.rows();
  let at = 0;
  const step = () => {
    for (const end = Math.min(rows.length, at + slice); at < end; at++) index.add(rows[at]!);
    setImmediate(at < rows.length ? step : finish);
  };
  const finish = () => {
    index.seal();
    building.delete(copy);
    const current = kept.get(copy);
    if (!current || current.version < index.version) kept.set(copy, index);
    for (const callback of callbacks) callback();
  };
  setImmediate(step);
}
