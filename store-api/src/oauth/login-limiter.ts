/**
 * Failed sign-ins are limited per e-mail and per client address within a
 * window, which slows password guessing without locking anyone out for long.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly opts = { perEmail: 5, perAddress: 20, windowMs: 15 * 60 * 1000 },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until another attempt is allowed, or 0. */
  retryAfter(email: string, address: string): number {
    const now = this.now();
    let wait = 0;
    for (const [key, max] of [
      [`e:${email.toLowerCase()}`, this.opts.perEmail],
      [`a:${address}`, this.opts.perAddress],
    ] as const) {
      const f = this.failures.get(key);
      if (f && f.resetAt > now && f.count >= max) wait = Math.max(wait, Math.ceil((f.resetAt - now) / 1000));
    }
    return wait;
  }

  fail(email: string, address: string) {
    const now = this.now();
    for (const key of [`e:${email.toLowerCase()}`, `a:${address}`]) {
      const f = this.failures.get(key);
      if (!f || f.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + this.opts.windowMs });
      else f.count++;
    }
    if (this.failures.size > 50_000) {
      for (const [k, f] of this.failures) if (f.resetAt <= now) this.failures.delete(k);
    }
  }

  succeed(email: string) {
    this.failures.delete(`e:${email.toLowerCase()}`);
  }
}
