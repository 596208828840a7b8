import { eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/index.js";
import { apiRateLimit } from "../db/schema/index.js";

/**
 * Token bucket per key: `rate` requests per second on average, bursts up to
 * twice that (docs/contract.md#rate-limit: 40/s with bursts to 80 by default).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly burst: number;

  constructor(
    private readonly rate: number,
    private readonly now: () => number = () => performance.now() / 1000,
  ) {
    this.burst = rate * 2;
  }

  /** Takes one request from the key's bucket: 0 when allowed, else seconds to wait. */
  take(key: string): number {
    if (this.rate <= 0) return 0;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      if (this.buckets.size > 10_000) this.prune(now);
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate));
  }

  private prune(now: number) {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.rate >= this.burst) this.buckets.delete(key);
    }
  }
}

/**
 * The same token buckets in the database, for a store on PostgreSQL, where several instances may
 * serve one store: each request takes its token with one atomic upsert on the bucket's row
 * (row-locked, so requests at once through any instance are counted one after another), and a
 * request refused reads the bucket again to say how long to wait. The bucket refills from the
 * database's clock, the one clock every instance shares. Costs one round trip a request.
 */
export class SharedRateLimiter {
  private readonly burst: number;

  constructor(
    private readonly db: Queryable,
    private readonly rate: number,
  ) {
    this.burst = rate * 2;
  }

  /** Takes one request from the key's bucket: 0 when allowed, else seconds to wait. */
  async take(key: string): Promise<number> {
    if (this.rate <= 0) return 0;
    const t = apiRateLimit;
    // The bucket's tokens now: what it held, refilled for the time since (never backwards: a
    // request that began before the last one committed counts from the later time).
    const refilled = sql`least(${this.burst}::float8, ${t.tokens} + greatest(0, extract(epoch from now() - ${t.at})) * ${this.rate}::float8)`;
    const [taken] = await this.db
      .insert(t)
      .values({ key, tokens: this.burst - 1, at: sql`now()` })
      .onConflictDoUpdate({
        target: t.key,
        set: { tokens: sql`${refilled} - 1`, at: sql`greatest(${t.at}, now())` },
        setWhere: sql`${refilled} >= 1`,
      })
      .returning({ tokens: t.tokens });
    if (taken) return 0;
    const [bucket] = await this.db
      .select({ tokens: sql<number>`${refilled}`.mapWith(Number) })
      .from(t)
      .where(eq(t.key, key));
    return Math.max(1, Math.ceil((1 - (bucket?.tokens ?? 0)) / this.rate));
  }

  /** Deletes the rows of buckets full again (left alone for longer than a refill takes): none would refuse. */
  async purge(): Promise<void> {
    if (this.rate <= 0) return;
    const refillSeconds = Math.ceil(this.burst / this.rate) + 1;
    await this.db.delete(apiRateLimit).where(lt(apiRateLimit.at, sql`now() - ${refillSeconds} * interval '1 second'`));
  }
}
