import { fetchJsonError } from "../../../lib/query/fetch-json";

/**
 * The uploads of the media section as plain data: one entry per file, sent a
 * few at a time, each with its progress and, when it failed, the reason and
 * whether a retry can help. The files themselves stay outside (the
 * component keeps them by id); this is the part that can be tested alone.
 */

export type UploadStatus = "waiting" | "uploading" | "done" | "failed";

export interface Upload {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** Why it failed, in a sentence. */
  error: string | null;
  /** A retry may help (not for a file that the pre-check refused). */
  retryable: boolean;
  /** The image's key once the store took it. */
  imageKey: string | null;
}

export type UploadEvent =
  | { type: "add"; uploads: Upload[] }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; loaded: number }
  | { type: "done"; id: string; imageKey?: string | null }
  | { type: "fail"; id: string; error: string; retryable?: boolean }
  | { type: "retry"; id: string }
  | { type: "dismiss"; id: string }
  | { type: "clear-finished" };

/** Uploads at once: a few, so that one large file does not hold up the rest, nor many flood the store. */
export const parallelUploads = 3;

export function newUpload(id: string, file: { name: string; size: number }, refusal: string | null = null): Upload {
  return {
    id,
    name: file.name,
    size: file.size,
    status: refusal ? "failed" : "waiting",
    loaded: 0,
    error: refusal,
    retryable: refusal === null,
    imageKey: null,
  };
}

export function uploadsReducer(state: Upload[], event: UploadEvent): Upload[] {
  const change = (id: string, patch: (u: Upload) => Partial<Upload>) =>
    state.map((u) => (u.id === id ? { ...u, ...patch(u) } : u));
  switch (event.type) {
    case "add":
      return [...state, ...event.uploads];
    case "start":
      return change(event.id, () => ({ status: "uploading", loaded: 0, error: null }));
    case "progress":
      return change(event.id, (u) => (u.status === "uploading" ? { loaded: Math.min(event.loaded, u.size) } : {}));
    case "done":
      return change(event.id, (u) => ({
        status: "done",
        loaded: u.size,
        error: null,
        imageKey: event.imageKey ?? null,
      }));
    case "fail":
      return change(event.id, () => ({ status: "failed", error: event.error, retryable: event.retryable ?? true }));
    case "retry":
      return change(event.id, (u) =>
        u.status === "failed" && u.retryable ? { status: "waiting", loaded: 0, error: null } : {},
      );
    case "dismiss":
      return state.filter((u) => u.id !== event.id || u.status === "uploading");
    case "clear-finished":
      return state.filter((u) => u.status !== "done");
  }
}

/** The waiting uploads to start now, oldest first, so that at most `limit` run at once. */
export function uploadsToStart(state: readonly Upload[], limit = parallelUploads): string[] {
  const running = state.filter((u) => u.status === "uploading").length;
  return state
    .filter((u) => u.status === "waiting")
    .slice(0, Math.max(0, limit - running))
    .map((u) => u.id);
}

/**
 * The images uploaded since the last batch was put in order (`arranged`: the
 * ids already counted), in the order they were chosen: the list's order,
 * whatever order their uploads finished in. The store put each last as it
 * arrived (docs/contract.md#uploads); the media section moves them into this
 * order once every upload has finished.
 */
export function chosenOrder(
  state: readonly Upload[],
  arranged: ReadonlySet<string>,
): { ids: string[]; keys: string[] } {
  const done = state.filter((u) => u.status === "done" && u.imageKey && !arranged.has(u.id));
  return { ids: done.map((u) => u.id), keys: done.map((u) => u.imageKey!) };
}

/** 0–100, for the progress bar. */
export function percent(upload: Pick<Upload, "loaded" | "size" | "status">): number {
  if (upload.status === "done") return 100;
  if (!upload.size) return 0;
  return Math.min(100, Math.round((upload.loaded / upload.size) * 100));
}

/**
 * The sentence for an upload the dashboard's route handler refused: its own
 * words (the store's 413 and 415 included, lib/store/products/api-media.ts), or
 * one by status; status 0 is a connection lost on the way.
 */
export function uploadFailure(status: number, bodyText: string): { error: string; retryable: boolean } {
  if (status === 0) {
    return {
      error: "The upload was interrupted: the connection to Store Admin was lost. Retry when you are back online.",
      retryable: true,
    };
  }
  const failure = fetchJsonError(status, bodyText);
  // The same file will be refused again; a retry helps after a busy store, a lost connection, a server error.
  return { error: failure.message, retryable: status !== 413 && status !== 415 && status !== 401 && status !== 403 };
}

/** What the live region says after a file finished: "2 of 3 images uploaded. 1 failed: a.pdf." */
export function uploadSummary(state: readonly Upload[]): string {
  if (!state.length) return "";
  const done = state.filter((u) => u.status === "done").length;
  const failed = state.filter((u) => u.status === "failed");
  const busy = state.some((u) => u.status === "waiting" || u.status === "uploading");
  const noun = state.length === 1 ? "image" : "images";
  const parts = [`${done} of ${state.length} ${noun} uploaded${busy ? " so far" : ""}.`];
  if (failed.length) parts.push(`${failed.length} failed: ${failed.map((u) => u.name).join(", ")}.`);
  return parts.join(" ");
}
