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
