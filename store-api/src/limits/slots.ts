/**
 * At most `maxRunning` tasks at once, and at most `maxWaiting` waiting behind
 * them, first come first served: the process's caps on work that holds one of
 * libuv's threads for long (password hashing, auth/secrets.ts; image renders,
 * media/render-slots.ts). A caller either waits its turn whatever the queue
 * (`refuse` null), or is refused with its own error once the queue is full.
 */
export class Slots {
  running = 0;
  /** The most tasks that ran at once since the last resetPeak (tests and metrics read it). */
  peak = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    public maxRunning: number,
    public maxWaiting: number,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  resetPeak(): void {
    this.peak = this.running;
  }

  async run<T>(task: () => Promise<T>, refuse: (() => Error) | null): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (refuse && this.waiting.length >= this.maxWaiting) throw refuse();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` never exceeds the cap and nobody overtakes.
      if (next) next();
      else this.running--;
    }
  }
}
