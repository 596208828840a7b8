import { compareNames, type NameMatch } from "../../../lib/image-names";

/**
 * The files of "Images by file name" (docs/design.md#images-by-file-name) as
 * plain data: what each file is, which product it goes to (matched by its
 * name, or chosen by hand), and, once the person confirmed, where its upload
 * stands. The files themselves stay outside (the component keeps them by
 * id); the matching is lib/image-names.ts. This is the part tested alone.
 *
 * The upload order: a product's files go one at a time in name order, so
 * that the store, which puts each image last as it arrives
 * (docs/contract.md#uploads), keeps them in that order after the product's
 * existing media; a few products at a time.
 */

export type FileStatus = "ready" | "queued" | "uploading" | "done" | "failed";

export interface FileRow {
  id: string;
  /** The file's name; `path` is where it was in a dropped folder, when it was. */
  name: string;
  path: string;
  size: number;
  /** Why the dashboard will not send it (not an image the store takes, too large): never uploaded. */
  refusal: string | null;
  /** A product chosen by hand (over the name's match). */
  chosen: string | null;
  skipped: boolean;
  /** The product it goes to, fixed when the person confirmed. */
  target: string | null;
  status: FileStatus;
  loaded: number;
  error: string | null;
  retryable: boolean;
  imageKey: string | null;
  /** When it landed (a running count): uploads that landed out of name order are put back in it. */
  landed: number;
}

export interface Batch {
  rows: FileRow[];
  landings: number;
}

export type BatchEvent =
  | { type: "add"; rows: FileRow[] }
  | { type: "choose"; id: string; productKey: string }
  | { type: "skip"; id: string; skipped: boolean }
  | { type: "confirm"; targets: ReadonlyMap<string, string> }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; loaded: number }
  | { type: "done"; id: string; imageKey: string | null }
  | { type: "fail"; id: string; error: string; retryable: boolean }
  | { type: "retry"; ids: readonly string[] }
  | { type: "clear" };

export const emptyBatch: Batch = { rows: [], landings: 0 };

/** Products whose files upload at once (each product's own go one at a time). */
export const parallelProducts = 3;

export function newRow(
  id: string,
  file: { name: string; size: number; path?: string },
  refusal: string | null,
): FileRow {
  return {
    id,
    name: file.name,
    path: file.path || file.name,
    size: file.size,
    refusal,
    chosen: null,
    skipped: false,
    target: null,
    status: "ready",
    loaded: 0,
    error: null,
    retryable: false,
    imageKey: null,
    landed: 0,
  };
}

const sameFile = (a: FileRow, b: FileRow) => a.path === b.path && a.size === b.size;

export function batchReducer(state: Batch, event: BatchEvent): Batch {
  const change = (id: string, patch: (row: FileRow) => Partial<FileRow>) => ({
    ...state,
    rows: state.rows.map((row) => (row.id === id ? { ...row, ...patch(row) } : row)),
  });
  switch (event.type) {
    case "add": {
      // The same file dropped twice counts once; rows stay in name order.
      const fresh = event.rows.filter((row) => !state.rows.some((old) => sameFile(old, row)));
      const seen = new Set<string>();
      const unique = fresh.filter(
        (row) => !seen.has(`${row.path}\0${row.size}`) && seen.add(`${row.path}\0${row.size}`),
      );
      return { ...state, rows: [...state.rows, ...unique].sort(byName) };
    }
    case "choose":
      return change(event.id, (row) => (row.status === "ready" ? { chosen: event.productKey, skipped: false } : {}));
    case "skip":
      return change(event.id, (row) => (row.status === "ready" ? { skipped: event.skipped } : {}));
    case "confirm":
      return {
        ...state,
        rows: state.rows.map((row) => {
          const target = row.status === "ready" ? event.targets.get(row.id) : undefined;
          return target ? { ...row, target, status: "queued" } : row;
        }),
      };
    case "start":
      return change(event.id, () => ({ status: "uploading", loaded: 0, error: null }));
    case "progress":
      return change(event.id, (row) =>
        row.status === "uploading" ? { loaded: Math.min(event.loaded, row.size) } : {},
      );
    case "done": {
      const landings = state.landings + 1;
      return {
        ...change(event.id, (row) => ({
          status: "done",
          loaded: row.size,
          imageKey: event.imageKey,
          landed: landings,
        })),
        landings,
      };
    }
    case "fail":
      return change(event.id, () => ({ status: "failed", error: event.error, retryable: event.retryable }));
    case "retry": {
      const ids = new Set(event.ids);
      return {
        ...state,
        rows: state.rows.map((row) =>
          ids.has(row.id) && row.status === "failed" && row.retryable
            ? { ...row, status: "queued", error: null, loaded: 0 }
            : row,
        ),
      };
    }
    case "clear":
      return emptyBatch;
  }
}

function byName(a: FileRow, b: FileRow): number {
  return compareNames(a.name, b.name) || compareNames(a.path, b.path);
}

/** The product a file would go to now: none when refused or skipped; the hand's choice over the name's match. */
export function plannedTarget(row: FileRow, match: NameMatch | undefined): string | null {
  if (row.target) return row.target;
  if (row.refusal || row.skipped) return null;
  return row.chosen ?? (match?.kind === "match" ? match.productKey : null);
}

/** What "Upload" would send: file id → product key, for the files still ready. */
export function uploadTargets(
  rows: readonly FileRow[],
  matches: ReadonlyMap<string, NameMatch>,
): { targets: Map<string, string>; products: number } {
  const targets = new Map<string, string>();
  for (const row of rows) {
    if (row.status !== "ready") continue;
    const target = plannedTarget(row, matches.get(row.id));
    if (target) targets.set(row.id, target);
  }
  return { targets, products: new Set(targets.values()).size };
}

/**
 * The queued files to start now: each product's first queued file in name
 * order, while that product has none under way, for at most `limit`
 * products at once.
 */
export function filesToStart(rows: readonly FileRow[], limit = parallelProducts): string[] {
  const busy = new Set(rows.filter((r) => r.status === "uploading").map((r) => r.target));
  const start: string[] = [];
  for (const row of rows) {
    if (busy.size >= limit) break;
    if (row.status !== "queued" || busy.has(row.target)) continue;
    busy.add(row.target);
    start.push(row.id);
  }
  return start;
}

/**
 * A product whose files have all finished, and whose images landed out of
 * name order (a retried file lands after the others): its image keys in name
 * order, to put back in it (arrangeImagesAction). Null when there is nothing
 * to do (still under way, or in order).
 */
export function keysToArrange(rows: readonly FileRow[], productKey: string): string[] | null {
  const own = rows.filter((r) => r.target === productKey);
  if (own.some((r) => r.status === "queued" || r.status === "uploading")) return null;
  const done = own.filter((r) => r.status === "done" && r.imageKey);
  const inOrder = done.every((r, i) => i === 0 || r.landed > done[i - 1]!.landed);
  return inOrder || done.length < 2 ? null : done.map((r) => r.imageKey!);
}

export interface BatchCounts {
  files: number;
  matched: number;
  missed: number;
  refused: number;
  skipped: number;
  queued: number;
  uploading: number;
  done: number;
  failed: number;
  /** Bytes sent of the files confirmed, and their whole. */
  loaded: number;
  bytes: number;
}

export function batchCounts(rows: readonly FileRow[], matches: ReadonlyMap<string, NameMatch>): BatchCounts {
  const counts: BatchCounts = {
    files: rows.length,
    matched: 0,
    missed: 0,
    refused: 0,
    skipped: 0,
    queued: 0,
    uploading: 0,
    done: 0,
    failed: 0,
    loaded: 0,
    bytes: 0,
  };
  for (const row of rows) {
    if (row.status !== "ready") {
      counts[row.status]++;
      counts.loaded += row.loaded;
      counts.bytes += row.size;
    } else if (row.refusal) counts.refused++;
    else if (row.skipped) counts.skipped++;
    else if (plannedTarget(row, matches.get(row.id))) counts.matched++;
    else counts.missed++;
  }
  return counts;
}

/** Where the upload stands, for the live region and the summary: "120 of 487 images uploaded. 2 failed." */
export function uploadSummary(counts: BatchCounts): string {
  const sent = counts.queued + counts.uploading + counts.done + counts.failed;
  if (!sent) return "";
  const busy = counts.queued + counts.uploading > 0;
  const parts = [
    `${counts.done.toLocaleString("en")} of ${sent.toLocaleString("en")} ${sent === 1 ? "image" : "images"} uploaded${busy ? " so far" : ""}.`,
  ];
  if (counts.failed) parts.push(`${counts.failed.toLocaleString("en")} failed.`);
  return parts.join(" ");
}
