/**
 * At most `perKey` holders of one key at once, in this process: the image
 * jobs take a slot of an origin for each exchange with it (media/fetch.ts),
 * so that one slow or hung host holds a few workers, never all of them. A job
 * that finds its key's slots taken is deferred (runner.ts, `Deferred`) and
 * hastened when one frees.
 */
export class KeyedSlots {
  private readonly held = new Map<string, number>();
  private readonly listeners = new Set<(key: string) => void>();

  constructor(readonly perKey: number) {}

  /** A slot of `key`, as its release (idempotent), or null when all are taken. */
  tryAcquire(key: string): (() => void) | null {
    const count = this.held.get(key) ?? 0;
    if (count >= this.perKey) return null;
    this.held.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
      for (const listener of this.listeners) listener(key);
    };
  }

  isFull(key: string): boolean {
    return (this.held.get(key) ?? 0) >= this.perKey;
  }

  /** Called with the key after each release. */
  onRelease(listener: (key: string) => void): void {
    this.listeners.add(listener);
  }
}
