/**
 * Images added by URL: the store answers their future keys at once and
 * fetches them in the background (docs/contract.md#uploads). A job is done
 * when every key is among the product's images; the section stops waiting
 * after a while and says what arrived.
 */

export interface ImportJob {
  id: string;
  /** The ids the store answered: the `img_key`s the images will have. */
  ids: string[];
  /** How many addresses were sent. */
  count: number;
  startedAt: number;
  /** The wait ran out. */
  gaveUp: boolean;
}

export interface ImportProgress extends ImportJob {
  ready: number;
  state: "working" | "done" | "incomplete";
}

export function importProgress(job: ImportJob, presentKeys: ReadonlySet<string>): ImportProgress {
  const ready = job.ids.filter((id) => presentKeys.has(id)).length;
  const done = job.ids.length > 0 && ready === job.ids.length;
  return { ...job, ready, state: done ? "done" : job.gaveUp ? "incomplete" : "working" };
}

const images = (n: number) => `${n} ${n === 1 ? "image" : "images"}`;

export function importMessage(job: ImportProgress): string {
  const total = job.ids.length || job.count;
  if (job.state === "done") return `Added ${images(total)} from the addresses you gave.`;
  if (job.state === "working") {
    return `The store is fetching ${images(total)}… ${job.ready} of ${total} ready.`;
  }
  const missing = total - job.ready;
  return (
    `${job.ready} of ${total} images arrived. The store has not finished the other ${missing === 1 ? "one" : missing}: ` +
    "it may still be fetching, or it could not use the address (check that it opens an image). " +
    "Reload the page later to see what arrived."
  );
}
