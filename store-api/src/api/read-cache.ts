/**
 * Answers of the catalogue's reads kept in memory, so that the busiest read
 * (`GET /api/v1/products`, pages a storefront and the dashboard ask for again
 * and again) costs a token check and a copy, not a dozen queries and a
 * serialisation (docs/architecture.md#the-read-cache).
 *
 * Correctness rests on one rule: an answer is kept only if no write ran while
 * it was computed, and served only while no write is running. Every write to
 * the API (any method but GET, HEAD and OPTIONS), and every background job that
 * changes the catalogue, brackets itself with `beginWrite()`/`endWrite()`; each
 * bump of the generation forgets every answer kept before it. A read that
 * started before a write committed therefore never outlives it, and nothing is
 * served from memory while a write may still commit.
 *
 * That covers the writes of this process. When several store processes share
 * one PostgreSQL, each write also bumps the database's generation
 * (api/cache-generation.ts) before it answers, and a request reads it once
 * before it looks here: `seen`. An answer is kept under the `seen` of the read
 * that computed it and served only to a request that saw the same one. With
 * the embedded PGlite (one process), `seen` is always 0.
 */
export interface CachedAnswer {
  /** The answer's JSON, encoded once (a string would be encoded again on every send). */
  body: Buffer | string;
  /** Headers that belong to the answer (X-Total-Count). */
  headers: Record<string, string>;
}

interface Entry<V> {
  value: V;
  generation: number;
  /** The database's generation the read that computed it saw (0 with one process). */
  seen: number;
  storedAt: number;
  /** What `weigh` said of the value (bytes, for answers). */
  weight: number;
}

/** A bound on the memory kept, beside the number of answers: a page of 100 orders is over a megabyte. */
export interface WeightLimit<V> {
  max: number;
  weigh(value: V): number;
}

/** The weight of an answer: its body's bytes. */
export const answerBytes = (answer: CachedAnswer): number =>
  typeof answer.body === "string" ? Buffer.byteLength(answer.body) : answer.body.length;

/** Where a read started: hand it from `ticket()` to `set()`. */
export interface Ticket {
  generation: number;
  /** How many writes had started: one that starts before the answer is kept may change it. */
  writeStarts: number;
  seen: number;
}

/**
 * The cache of any value read from the database that writes may change (the
 * catalogue's answers; the access tokens, src/api/token-cache.ts).
 */
export class ReadCache<V = CachedAnswer> {
  /** Bumped by every write that may have changed something: answers kept under an older one are dead. */
  #generation = 0;
  #writes = 0;
  #writeStarts = 0;
  readonly #entries = new Map<string, Entry<V>>();
  #weight = 0;
  /** The newest database generation a request has seen: answers kept under older ones are dead. */
  #latestSeen = 0;
  readonly #limit: WeightLimit<V> | undefined;
  /** Reads answered from memory, and reads it could not answer, since the start (the metrics read them). */
  hits = 0;
  misses = 0;

  constructor(
    readonly enabled: boolean,
    /** How many answers are kept at most (the least recently used go first). */
    readonly capacity = 256,
    /** How long an answer is kept at most, writes or not (a bound on a write made behind every store process's back). */
    readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
    /** How much may be kept at most, by weight (bytes); the least recently used go first. */
    limit?: WeightLimit<V>,
  ) {
    this.#limit = limit;
  }

  /** A write starts: nothing is served or kept until it ends. */
  beginWrite(): void {
    this.#writes++;
    this.#writeStarts++;
  }

  /**
   * A write ended (committed or not). When it may have changed something,
   * every answer kept before it is forgotten; one that changed nothing (a
   * request refused before it wrote) leaves them: they are still true.
   */
  endWrite(changed = true): void {
    this.#writes = Math.max(0, this.#writes - 1);
    if (!changed) return;
    this.#generation++;
    this.#entries.clear();
    this.#weight = 0;
  }

  /** Runs a write outside a request (a background job) between beginWrite and endWrite. */
  async write<T>(fn: () => Promise<T>): Promise<T> {
    this.beginWrite();
    try {
      return await fn();
    } finally {
      this.endWrite();
    }
  }

  /** The answer kept for the key, if it is still true for a request that saw the database's generation `seen`. */
  get(key: string, seen = 0): V | undefined {
    if (!this.enabled) return undefined;
    if (this.#writes > 0) {
      this.misses++;
      return undefined;
    }
    this.#observe(seen);
    const entry = this.#entries.get(key);
    if (!entry || entry.generation !== this.#generation || entry.seen !== seen) {
      this.misses++;
      return undefined;
    }
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.delete(key);
      this.misses++;
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.hits++;
    return entry.value;
  }

  /** Forgets one answer (a caller found it no longer true, e.g. an expired token). */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#weight -= entry.weight;
    this.#entries.delete(key);
  }

  /**
   * Where a read starts, by a request that saw the database's generation `seen`
   * (read before the read itself): hand it back to `set`; null when a write of
   * this process may be running (nothing will be kept).
   */
  ticket(seen = 0): Ticket | null {
    if (!this.enabled || this.#writes > 0) return null;
    this.#observe(seen);
    return { generation: this.#generation, writeStarts: this.#writeStarts, seen };
  }

  /** Keeps an answer computed since `ticket()`, unless a write of this process started in between. */
  set(key: string, ticket: Ticket | null, value: V): void {
    if (
      ticket === null ||
      ticket.generation !== this.#generation ||
      ticket.writeStarts !== this.#writeStarts ||
      this.#writes > 0
    )
      return;
    // Another process wrote since: no request will see this generation again.
    if (ticket.seen < this.#latestSeen) return;
    const weight = this.#limit ? this.#limit.weigh(value) : 0;
    this.delete(key);
    // An answer heavier than the whole allowance is not kept at all (it would push out everything else).
    if (this.#limit && weight > this.#limit.max) return;
    this.#entries.set(key, { value, generation: ticket.generation, seen: ticket.seen, storedAt: this.now(), weight });
    this.#weight += weight;
    while (this.#entries.size > this.capacity || (this.#limit && this.#weight > this.#limit.max)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  /** A request saw a newer database generation: every answer kept under an older one can go (they are never served again). */
  #observe(seen: number): void {
    if (seen <= this.#latestSeen) return;
    this.#latestSeen = seen;
    this.#entries.clear();
    this.#weight = 0;
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.#entries.size;
  }

  /** Their total weight (tests). */
  get weight(): number {
    return this.#weight;
  }
}
