/**
 * Bytes held at once, bounded in several buckets (the process's, one per
 * token…): the store's caps on request bodies being read (api/body-guard.ts).
 * A holding draws on a few buckets at once and grows only when every one of
 * them keeps within its limit; a bucket holding nothing takes any amount, so
 * that one body larger than a limit still goes through alone, rather than never.
 */
export interface Bucket {
  key: string;
  limit: number;
}

export class Budget {
  private readonly held = new Map<string, number>();

  /** Bytes a bucket holds now (0 when it holds nothing). */
  holding(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Every bucket's bytes (tests and metrics read it; an empty map when nothing is held). */
  snapshot(): Map<string, number> {
    return new Map(this.held);
  }

  /** A holding on these buckets, holding nothing yet. */
  open(buckets: Bucket[]): Holding {
    return new Holding(this, buckets);
  }

  /** Adds `bytes` to every bucket, unless one would go past its limit: then that bucket, and nothing changes. */
  take(buckets: Bucket[], bytes: number): Bucket | null {
    for (const bucket of buckets) {
      const held = this.holding(bucket.key);
      if (held > 0 && held + bytes > bucket.limit) return bucket;
    }
    for (const { key } of buckets) this.held.set(key, this.holding(key) + bytes);
    return null;
  }

  give(buckets: Bucket[], bytes: number): void {
    for (const { key } of buckets) {
      const left = this.holding(key) - bytes;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
  }
}

/** What one reader holds: it grows as its body arrives, and is given back once (release is idempotent). */
export class Holding {
  bytes = 0;
  private released = false;

  constructor(
    private readonly budget: Budget,
    readonly buckets: Bucket[],
  ) {}

  /** Holds `bytes` more: null when it could, else the bucket that is full. */
  grow(bytes: number): Bucket | null {
    if (this.released || bytes <= 0) return null;
    const full = this.budget.take(this.buckets, bytes);
    if (!full) this.bytes += bytes;
    return full;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.budget.give(this.buckets, this.bytes);
    this.bytes = 0;
  }
}
