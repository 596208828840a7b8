import { ApiError } from "../api/errors.js";
import { RENDER_DEFAULTS, type RenderSettings } from "../config.js";
import { Slots } from "../limits/slots.js";

/**
 * How many images render at once in this process, and how many wait
 * (docs/contract.md#uploads). Rendering is sharp's work on libuv's thread
 * pool, which file reads (`/media/…`), DNS lookups and password hashing share:
 * without a cap, six large uploads at once held every thread of the pool and
 * `GET /media/…` waited seconds. A render holds a slot from its first decode
 * to its last encode, and runs at most two sharp operations at a time, so
 * renders never take more than `2 × concurrency` of the pool's threads.
 *
 * One set of slots per process (the pool is the process's): every app built in
 * it shares them, and the last one built sets their size.
 */

/** sharp operations a render runs at once (its five encodes share these). */
export const OPERATIONS_PER_RENDER = 2;

/** Seconds an upload refused for a full queue is told to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

/** 503: the store is busy with renders; the request changed nothing and may be sent again. */
export class RendersBusyError extends ApiError {
  constructor() {
    super(
      503,
      "temporarily_unavailable",
      `The store is busy turning other images into their sizes; send this one again in ${RETRY_AFTER_SECONDS} s.`,
      undefined,
      { "retry-after": String(RETRY_AFTER_SECONDS) },
    );
  }
}

/** What a caller does when every slot is taken and the queue is full: refuse (a request), or wait anyway (a job). */
export type WhenBusy = "refuse" | "wait";

const busy = () => new RendersBusyError();

/** The process's render slots, sized by the store's configuration (`renders`). */
class RenderSlots extends Slots {
  constructor() {
    super(RENDER_DEFAULTS.concurrency, RENDER_DEFAULTS.queue);
  }

  configure(settings: RenderSettings): void {
    this.maxRunning = Math.max(1, settings.concurrency);
    this.maxWaiting = Math.max(0, settings.queue);
  }

  get active(): number {
    return this.running;
  }

  render<T>(task: () => Promise<T>, whenBusy: WhenBusy): Promise<T> {
    return this.run(task, whenBusy === "refuse" ? busy : null);
  }
}

export const renderSlots = new RenderSlots();

/** Runs `task` over `items`, at most `limit` at a time; settles like Promise.allSettled, in the items' order. */
export async function settleEach<I, T>(
  items: readonly I[],
  limit: number,
  task: (item: I) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: "fulfilled", value: await task(items[i]!) };
      } catch (reason) {
        results[i] = { status: "rejected", reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
