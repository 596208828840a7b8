/**
 * Collation ranks: a text column's sort compares numbers, not strings (docs/bulk-editing.md#sorting).
 *
 * A sort of 100,000 names with the collator is 1.7 million `Intl.Collator#compare` calls, some 300 ms of
 * the browser's main thread on a click. The collator's order of a column's values is the same for every
 * sort of that column, so it is made once, ahead, in slices of a few milliseconds between the page's
 * other work (`RankTable`, made by `SlicedSort`); a sort then ranks each value (a map look-up) and sorts
 * numbers. A value the table lacks (an edit, a product renamed since) is placed among the table's by a
 * binary search with the collator, so the order is always exactly the collator's.
 */

export type Compare = (a: string, b: string) => number;

/** Values in the collator's order with their ranks: values the collator holds equal share one. */
export interface RankTable {
  readonly sorted: readonly string[];
  readonly rank: ReadonlyMap<string, number>;
}

/** The table of `sorted` (already in `compare`'s order): ranks 0, 1, 2… with equal values sharing theirs. */
export function rankTable(sorted: readonly string[], compare: Compare): RankTable {
  const rank = new Map<string, number>();
  let r = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && compare(sorted[i - 1]!, sorted[i]!) !== 0) r++;
    rank.set(sorted[i]!, r);
  }
  return { sorted, rank };
}

/** The first index of `sorted` whose value is not before `value`. */
function lowerBound(sorted: readonly string[], value: string, compare: Compare): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, value) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A rank for every one of `values` consistent with `table`'s (and `compare`): equal values get equal
 * ranks, and a value before another a lower one. Values in the table keep their rank; the others are
 * sorted among themselves and given ranks between their neighbours' in the table.
 */
export function ranksOf(
  values: Iterable<string>,
  table: RankTable | undefined,
  compare: Compare,
): (value: string) => number {
  const known = table?.rank;
  const unknown = new Set<string>();
  for (const value of values) if (!known?.has(value)) unknown.add(value);
  if (!unknown.size) return (value) => known!.get(value)!;
  const sorted = table?.sorted ?? [];
  const extra = new Map<string, number>();
  const others = [...unknown].sort(compare);
  // Each gap of the table (before its index p) holds the unknown values that fall in it, in order.
  let i = 0;
  while (i < others.length) {
    const p = lowerBound(sorted, others[i]!, compare);
    if (p < sorted.length && compare(sorted[p]!, others[i]!) === 0) {
      extra.set(others[i]!, known!.get(sorted[p]!)!);
      i++;
      continue;
    }
    // The run of unknown values in this gap: those before the table's next value.
    let end = i + 1;
    while (end < others.length && (p === sorted.length || compare(others[end]!, sorted[p]!) < 0)) end++;
    const below = p === 0 ? -1 : known!.get(sorted[p - 1]!)!;
    const steps = end - i + 1;
    let step = 1;
    for (let j = i; j < end; j++) {
      if (j > i && compare(others[j - 1]!, others[j]!) !== 0) step++;
      extra.set(others[j]!, below + step / steps);
    }
    i = end;
  }
  return (value) => known?.get(value) ?? extra.get(value)!;
}

/**
 * A merge sort that runs in slices (`run(until)` works until the clock passes `until`, read every 512
 * values placed, and says whether it is done), so that a long sort never holds the page for more than a
 * slice. Bottom-up: each pass merges runs of `width` into runs of twice that; a merge cut by the clock
 * goes on where it stopped.
 */
export class SlicedSort {
  #from: string[];
  #to: string[];
  #width = 1;
  /** The pair of runs being merged: [lo, mid) and [mid, hi), read at a and b, written at k. */
  #lo = 0;
  #a = 0;
  #b = 0;
  #k = 0;

  constructor(
    values: readonly string[],
    private readonly compare: Compare,
  ) {
    this.#from = [...values];
    this.#to = new Array<string>(values.length);
    this.#startPair(0);
  }

  /** The values in order, once `run` has said it is done. */
  get sorted(): readonly string[] {
    return this.#from;
  }

  get done(): boolean {
    return this.#width >= this.#from.length;
  }

  #startPair(lo: number) {
    this.#lo = lo;
    this.#a = lo;
    this.#b = Math.min(lo + this.#width, this.#from.length);
    this.#k = lo;
  }

  run(until: number, now: () => number = () => performance.now()): boolean {
    const n = this.#from.length;
    const compare = this.compare;
    while (!this.done) {
      const from = this.#from;
      const to = this.#to;
      const mid = Math.min(this.#lo + this.#width, n);
      const hi = Math.min(this.#lo + 2 * this.#width, n);
      let a = this.#a;
      let b = this.#b;
      let k = this.#k;
      const stop = Math.min(hi, k + 512);
      while (k < stop) {
        if (a < mid && (b >= hi || compare(from[a]!, from[b]!) <= 0)) to[k++] = from[a++]!;
        else to[k++] = from[b++]!;
      }
      this.#a = a;
      this.#b = b;
      this.#k = k;
      if (k >= hi) {
        if (hi >= n) {
          this.#from = to;
          this.#to = from;
          this.#width *= 2;
          this.#startPair(0);
        } else this.#startPair(hi);
      }
      if (now() > until) return this.done;
    }
    return true;
  }
}
