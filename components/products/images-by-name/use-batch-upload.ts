"use client";

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { arrangeImagesAction } from "@/lib/actions/products-media";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import type { ProductImage } from "@/lib/store/products/model";
import { sendImage } from "../media/upload-line";
import { uploadFailure } from "../media/upload-queue";
import { type BatchEvent, batchReducer, emptyBatch, type FileRow, filesToStart, keysToArrange } from "./batch";

/** A store busy rendering (503) is asked again this many times, after the wait it names (capped). */
const busyRetries = 3;
const busyWaitCapMs = 5000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(status: number, attempt: number): number {
  return status === 503 ? Math.min(busyWaitCapMs, 1000 * 2 ** attempt) : 0;
}

export interface BatchUpload {
  rows: FileRow[];
  dispatch: (event: BatchEvent) => void;
  /** The File behind a row (for its thumbnail), while the page holds it. */
  fileOf: (id: string) => File | undefined;
  keep: (id: string, file: File) => void;
  running: boolean;
  /** Putting a product's images back in name order failed: what happened, by product key. */
  arrangeProblems: Map<string, string>;
}

/**
 * Runs the confirmed uploads of the batch (./batch.ts decides which start):
 * each file through the media section's own path (sendImage: the dashboard's
 * streaming upload route, with progress), a product's files one at a time in
 * name order. A busy store is asked again after a short wait; any other
 * refusal is the file's failure, and the rest go on. Leaving the page while
 * files go up asks first; leaving anyway stops them.
 */
export function useBatchUpload(): BatchUpload {
  const [state, dispatch] = useReducer(batchReducer, emptyBatch);
  const files = useRef(new Map<string, File>());
  const requests = useRef(new Map<string, () => void>());
  const arranged = useRef(new Set<string>());
  const [arrangeProblems, setArrangeProblems] = useState(new Map<string, string>());
  const running = state.rows.some((r) => r.status === "queued" || r.status === "uploading");

  const send = useCallback(async (row: FileRow, file: File) => {
    for (let attempt = 0; ; attempt++) {
      const request = sendImage(row.target!, file, (loaded) => dispatch({ type: "progress", id: row.id, loaded }));
      requests.current.set(row.id, request.abort);
      const { status, body } = await request.done;
      requests.current.delete(row.id);
      if (status === -1) return;
      if (status >= 200 && status < 300) {
        let imageKey: string | null = null;
        try {
          const image = JSON.parse(body) as ProductImage;
          imageKey = typeof image.key === "string" ? image.key : null;
        } catch {
          // Uploaded; only its key is unknown (it cannot be put back in order).
        }
        dispatch({ type: "done", id: row.id, imageKey });
        return;
      }
      if (status === 401 && signInAgainIfNeeded({ status: 401 })) {
        dispatch({ type: "fail", id: row.id, ...uploadFailure(status, body) });
        return;
      }
      if (status === 503 && attempt < busyRetries) {
        dispatch({ type: "progress", id: row.id, loaded: 0 });
        await wait(retryAfterMs(status, attempt));
        continue;
      }
      dispatch({ type: "fail", id: row.id, ...uploadFailure(status, body) });
      return;
    }
  }, []);

  // Start what may start: each product's next file, a few products at once.
  useEffect(() => {
    for (const id of filesToStart(state.rows)) {
      const row = state.rows.find((r) => r.id === id)!;
      const file = files.current.get(id);
      if (!file) {
        dispatch({ type: "fail", id, error: "The file is no longer here: add it again.", retryable: false });
        continue;
      }
      dispatch({ type: "start", id });
      void send({ ...row, status: "uploading" }, file);
    }
  }, [state.rows, send]);

  // A product whose images landed out of name order (a retry) is put back in it once its files are all done.
  useEffect(() => {
    const products = new Set(state.rows.flatMap((r) => (r.target && r.status === "done" ? [r.target] : [])));
    for (const productKey of products) {
      const keys = keysToArrange(state.rows, productKey);
      if (!keys || keys.length > 100) continue;
      const id = `${productKey}\0${keys.join(",")}`;
      if (arranged.current.has(id)) continue;
      arranged.current.add(id);
      void arrangeImagesAction({ productKey, keys }).then((result) => {
        if (result.ok) return;
        setArrangeProblems((old) =>
          new Map(old).set(productKey, `Its new images could not be put in name order: ${result.error}`),
        );
      });
    }
  }, [state.rows]);

  // Leaving while files go up asks first (the browser's own question).
  useEffect(() => {
    if (!running) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [running]);

  // Leaving the page stops the uploads under way.
  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const abort of open.values()) abort();
    };
  }, []);

  const fileOf = useCallback((id: string) => files.current.get(id), []);
  const keep = useCallback((id: string, file: File) => void files.current.set(id, file), []);
  const dispatchAndForget = useCallback((event: BatchEvent) => {
    if (event.type === "clear") files.current.clear();
    dispatch(event);
  }, []);

  return { rows: state.rows, dispatch: dispatchAndForget, fileOf, keep, running, arrangeProblems };
}
