"use client";

import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { ProgressBar } from "../../ui/progress-bar";
import { type BatchCounts, type FileRow, uploadSummary } from "./batch";

/**
 * Where the confirmed uploads stand: one bar for the bytes of the whole
 * batch, the failures with their reasons and a retry, and, once nothing is
 * left to send, the outcome in a sentence. The live region says the same as
 * files finish.
 */
export function UploadStatus({
  counts,
  rows,
  running,
  productCount,
  arrangeProblems,
  nameOf,
  onRetryFailed,
}: {
  counts: BatchCounts;
  rows: readonly FileRow[];
  running: boolean;
  /** Products the confirmed files go to. */
  productCount: number;
  arrangeProblems: ReadonlyMap<string, string>;
  nameOf: (productKey: string) => string;
  onRetryFailed: () => void;
}) {
  const sent = counts.queued + counts.uploading + counts.done + counts.failed;
  const summary = uploadSummary(counts);
  const failed = rows.filter((r) => r.status === "failed");
  const retryable = failed.filter((r) => r.retryable).length;
  if (!sent) return <p role="status" className="sr-only" />;
  return (
    <section aria-labelledby="images-upload-heading" className="space-y-3">
      <h2 id="images-upload-heading" className="text-sm font-medium text-fg">
        {running ? "Uploading" : "Upload finished"}
      </h2>
      {running ? (
        <ProgressBar
          label="Uploading images"
          value={counts.loaded}
          max={counts.bytes}
          text={`${summary} ${counts.uploading ? `${counts.uploading} going up now.` : ""}`.trim()}
        />
      ) : (
        <Notice
          tone={counts.failed ? "warning" : "success"}
          title={`${counts.done.toLocaleString("en")} of ${sent.toLocaleString("en")} images uploaded to ${productCount.toLocaleString("en")} ${productCount === 1 ? "product" : "products"}.`}
        >
          {counts.failed
            ? `${counts.failed.toLocaleString("en")} failed: their reasons are below. Nothing else was changed for them.`
            : "Each product’s new images follow its existing ones, in the order of their names."}
        </Notice>
      )}
      {failed.length ? (
        <div className="rounded-lg border border-danger-border bg-danger-soft p-3 text-sm text-danger-soft-fg">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-medium">
              {failed.length === 1 ? "1 file failed" : `${failed.length.toLocaleString("en")} files failed`}
            </h3>
            {retryable ? (
              <Button variant="secondary" size="sm" onClick={onRetryFailed}>
                Retry failed ({retryable})
              </Button>
            ) : null}
          </div>
          <ul aria-label="Failed files" className="mt-2 max-h-60 space-y-1 overflow-y-auto">
            {failed.map((row) => (
              <li key={row.id} className="break-words">
                <span className="font-medium">{row.name}</span> ({nameOf(row.target ?? "")}): {row.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {[...arrangeProblems].map(([productKey, problem]) => (
        <Notice key={productKey} tone="warning" title={nameOf(productKey)}>
          {problem}
        </Notice>
      ))}
      {/* Says where the batch stands as files finish (not at every percent). */}
      <p role="status" className="sr-only">
        {summary}
      </p>
    </section>
  );
}
