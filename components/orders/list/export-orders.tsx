"use client";

import Download from "lucide-react/icons/download";
import { useEffect, useRef, useState } from "react";
import { fetchJsonError } from "@/lib/query/fetch-json";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { csvRecordCounter, ordersCsvFileName } from "@/lib/store/orders/model-export";
import { type OrderView, orderViewLabels } from "@/lib/store/orders/model";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { exportApiPath, localToday } from "@/lib/store/orders/input-list";

type ExportState =
  | { step: "idle" }
  | { step: "running"; rows: number; bytes: number; total: number | null }
  | { step: "done"; rows: number; fileName: string }
  | { step: "cancelled"; rows: number }
  | { step: "failed"; message: string };

const counted = (n: number) => n.toLocaleString("en");

/**
 * "Export CSV": the whole tab (every page, the date filter too) as a file;
 * with a customer search, its matches only, as the list shows them.
 * The server streams it (app/api/orders/export/route.ts); the browser counts
 * the rows as they arrive against the total it knows (the store's
 * X-Total-Count, else the tab's count; indeterminate without either), then
 * saves the file. Cancel stops the reading; nothing is saved then.
 */
export function ExportOrders({
  view,
  since,
  q,
  createdSince,
  expected,
}: {
  view: OrderView;
  /** The day filter as the URL has it, for the file name. */
  since: string;
  /** The customer search ("": none). */
  q: string;
  /** null: every date; undefined: not known yet (the browser is still working out the day). */
  createdSince: number | null | undefined;
  /** How many rows to expect, when known. */
  expected: number | null;
}) {
  const [state, setState] = useState<ExportState>({ step: "idle" });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    if (createdSince === undefined) return;
    const abort = new AbortController();
    controller.current = abort;
    setState({ step: "running", rows: 0, bytes: 0, total: expected });
    let rows = 0;
    try {
      const response = await fetch(exportApiPath({ view, createdSince, q }), {
        headers: { Accept: "text/csv" },
        cache: "no-store",
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        const failure = fetchJsonError(response.status, await response.text());
        if (signInAgainIfNeeded(failure)) return;
        setState({ step: "failed", message: `Could not export the orders. ${failure.message}` });
        return;
      }
      const header = response.headers.get("X-Total-Count");
      const total = header !== null && /^\d+$/.test(header) ? Number(header) : expected;
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const counter = csvRecordCounter();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        // The header line is the first record.
        rows = Math.max(0, counter.push(decoder.decode(value, { stream: true })) - 1);
        setState({ step: "running", rows, bytes, total });
      }
      const fileName = ordersCsvFileName(view, localToday(), since);
      const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ step: "done", rows, fileName });
    } catch {
      if (abort.signal.aborted) setState({ step: "cancelled", rows });
      else
        setState({
          step: "failed",
          message: `The export stopped after ${counted(rows)} ${rows === 1 ? "order" : "orders"}: the connection to the store was lost. Nothing was saved; try again.`,
        });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const running = state.step === "running";
  const tab = orderViewLabels[view].toLowerCase();

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => void run()}
          disabled={running || createdSince === undefined}
          aria-describedby="orders-export-hint"
        >
          <Download aria-hidden="true" />
          Export CSV
        </Button>
        {running ? (
          <Button variant="ghost" onClick={() => controller.current?.abort()}>
            Cancel export
          </Button>
        ) : null}
      </div>
      <p id="orders-export-hint" className="sr-only">
        {`Downloads every ${view === "all" ? "order" : `${tab} order`}${q ? ` of “${q}”` : ""}${since ? " since the chosen day" : ""} as a CSV file.`}
      </p>
      {running ? <ExportProgress rows={state.rows} bytes={state.bytes} total={state.total} /> : null}
      <div role="status">
        {state.step === "done" ? (
          <p className="text-sm text-fg-muted">
            Exported {counted(state.rows)} {state.rows === 1 ? "order" : "orders"}
            {q ? ` of “${q}”` : ""} to {state.fileName}.
          </p>
        ) : state.step === "cancelled" ? (
          <p className="text-sm text-fg-muted">Export cancelled. Nothing was saved.</p>
        ) : null}
      </div>
      <div role="alert">{state.step === "failed" ? <Notice tone="error">{state.message}</Notice> : null}</div>
    </div>
  );
}

function ExportProgress({ rows, bytes, total }: { rows: number; bytes: number; total: number | null }) {
  const known = total !== null && total > 0;
  const label = known
    ? `Exporting orders: ${counted(Math.min(rows, total))} of ${counted(total)}`
    : `Exporting orders: ${counted(rows)} so far`;
  return (
    <div className="w-full max-w-xs">
      <div
        role="progressbar"
        aria-label="Exporting orders"
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? Math.min(rows, total) : undefined}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-surface-hover"
      >
        <div
          className={
            known ? "h-full rounded-full bg-primary" : "h-full w-1/3 rounded-full bg-primary motion-safe:animate-pulse"
          }
          style={known ? { width: `${Math.min(100, (rows / total) * 100)}%` } : undefined}
        />
      </div>
      <p className="mt-1 text-xs text-fg-muted tabular-nums">
        {label} · {(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} kB
      </p>
    </div>
  );
}
