import type { ImageImport } from "../../../lib/store/products/model-media";

/**
 * Images added by URL: the store answers their future keys at once and
 * fetches them in the background (docs/contract.md#uploads). Each address is
 * ready when its key is among the product's images, failed when the store's
 * report (its callback) gives a reason for its key, and otherwise fetching
 * until the store's own time limit has passed, then named as not arrived.
 * Pure, so that it can be tested alone; the component reads the imports and
 * the images and shows this.
 */

/**
 * The store gives a download 30 s for the whole exchange (docs/contract.md#uploads);
 * past that and a margin for its queue and the render, an image that is not
 * there is named as not arrived.
 */
export const arrivalLimitMs = 45_000;
/**
 * How long the section keeps looking after that: the store tries an image
 * three times (and its report five), so a late image or report still comes.
 */
export const watchLimitMs = 5 * 60_000;

export type AddressState = "ready" | "fetching" | "failed" | "missing";

export interface AddressProgress {
  source: string;
  /** The img_key the store promised for it, when it answered one per address. */
  key: string | null;
  state: AddressState;
  /** The store's reason, for a failed one. */
  reason: string | null;
}

export interface ImportProgress {
  id: string;
  addresses: AddressProgress[];
  ready: number;
  state: "working" | "done" | "failed";
  /** Worth reading again: something may still change. */
  watching: boolean;
  callback: boolean;
}

export function importProgress(job: ImageImport, presentKeys: ReadonlySet<string>, elapsedMs: number): ImportProgress {
  const late = elapsedMs >= arrivalLimitMs;
  const addresses = job.sources.map((source, index): AddressProgress => {
    const key = job.ids.length === job.sources.length ? (job.ids[index] ?? null) : null;
    if (key && presentKeys.has(key)) return { source, key, state: "ready", reason: null };
    const reason = key ? job.report?.errors[key] : undefined;
    if (reason !== undefined) return { source, key, state: "failed", reason };
    // Reported as done (not among the errors): the next read of the images shows it.
    if (key && job.report) return { source, key, state: "ready", reason: null };
    return { source, key, state: late ? "missing" : "fetching", reason: null };
  });
  // A store that answered fewer or more keys than addresses: count what arrived.
  const ready = addresses.every((a) => a.key !== null)
    ? addresses.filter((a) => a.state === "ready").length
    : job.ids.filter((id) => presentKeys.has(id)).length;
  const allThere = ready >= job.sources.length && job.sources.length > 0;
  const shown = allThere ? addresses.map((a) => ({ ...a, state: "ready" as const, reason: null })) : addresses;
  const fetching = shown.some((a) => a.state === "fetching");
  const missing = shown.some((a) => a.state === "missing");
  return {
    id: job.id,
    addresses: shown,
    ready,
    state: allThere ? "done" : fetching ? "working" : "failed",
    watching: fetching || (missing && elapsedMs < watchLimitMs),
    callback: job.callback,
  };
}

/**
 * The failed imports that a new one sends again: each whose addresses that did
 * not arrive are all among those just sent. Its box gives way to the new one's
 * (a retry shows once, not beside its first try); one with an address that was
 * not sent again stays, as it still tells of that address.
 */
export function retriedBy(sent: readonly string[], shown: readonly ImportProgress[]): string[] {
  const again = new Set(sent);
  return shown
    .filter((job) => job.state === "failed")
    .filter((job) => job.addresses.every((address) => address.state === "ready" || again.has(address.source)))
    .map((job) => job.id);
}

const images = (n: number) => `${n} ${n === 1 ? "image" : "images"}`;

/** The import in one sentence. */
export function importMessage(job: ImportProgress): string {
  const total = job.addresses.length;
  if (job.state === "done") return `Added ${images(total)} from the addresses you gave.`;
  if (job.state === "working") return `The store is fetching ${images(total)}… ${job.ready} of ${total} ready.`;
  const notAdded = total - job.ready;
  return `${notAdded} of ${images(total)} could not be added${job.ready ? `; ${job.ready} arrived` : ""}.`;
}

/** One address's line under it. */
export function addressMessage(address: AddressProgress, job: ImportProgress): string {
  switch (address.state) {
    case "ready":
      return "Added.";
    case "fetching":
      return "Fetching…";
    case "failed":
      return `The store could not add it: ${address.reason}`;
    case "missing": {
      const limit = `${arrivalLimitMs / 1000} s`;
      if (job.watching && job.callback) {
        return `Not here after ${limit}. The store may still be trying; its reason shows here if it gives up.`;
      }
      if (job.watching) return `Not here after ${limit}: the store may still be trying, or it could not use it.`;
      return "It did not arrive: the store could not fetch it or could not use it. Check that the address opens an image.";
    }
  }
}
