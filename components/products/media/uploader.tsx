"use client";

import CircleAlert from "lucide-react/icons/circle-alert";
import CircleCheck from "lucide-react/icons/circle-check";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Upload from "lucide-react/icons/upload";
import X from "lucide-react/icons/x";
import { type DragEvent, useEffect, useReducer, useRef, useState } from "react";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { formatBytes, imageAccept, precheckImage } from "@/lib/store/products/model-media";
import type { ProductImage } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import {
  chosenOrder,
  newUpload,
  percent,
  type Upload as UploadEntry,
  uploadFailure,
  uploadSummary,
  uploadsReducer,
  uploadsToStart,
} from "./upload-queue";

let nextId = 0;

/**
 * Drop several image files (or pick them) to upload them, each with its own
 * progress. Every file is its own request to the dashboard's route handler
 * (XMLHttpRequest, for its upload progress), a few at a time; a file the
 * store refuses shows why, with a retry where one can help, and the others
 * go on.
 */
export function Uploader({
  productKey,
  onUploaded,
  onSettled,
}: {
  productKey: string;
  onUploaded: (image: ProductImage) => void;
  /**
   * Every upload under way has finished, well or not: with the keys of the
   * images uploaded since the last time, in the order their files were chosen.
   */
  onSettled: (chosenKeys: string[]) => void;
}) {
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const files = useRef(new Map<string, File>());
  const requests = useRef(new Map<string, XMLHttpRequest>());
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const callbacks = useRef({ onUploaded, onSettled });
  useEffect(() => {
    callbacks.current = { onUploaded, onSettled };
  });

  const running = uploads.some((u) => u.status === "waiting" || u.status === "uploading");
  const wasRunning = useRef(false);
  // Uploads already handed to onSettled (put in order with their batch).
  const arranged = useRef(new Set<string>());

  function send(id: string, file: File) {
    const xhr = new XMLHttpRequest();
    requests.current.set(id, xhr);
    const path = `/api/products/${encodeURIComponent(productKey)}/images/upload?name=${encodeURIComponent(file.name)}`;
    xhr.open("POST", path);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => dispatch({ type: "progress", id, loaded: event.loaded });
    xhr.onload = () => {
      requests.current.delete(id);
      if (xhr.status >= 200 && xhr.status < 300) {
        let imageKey: string | null = null;
        try {
          const image = JSON.parse(xhr.responseText) as ProductImage;
          imageKey = typeof image.key === "string" ? image.key : null;
          callbacks.current.onUploaded(image);
        } catch {
          // The image is there; the re-read at the end shows it.
        }
        files.current.delete(id);
        dispatch({ type: "done", id, imageKey });
        return;
      }
      if (xhr.status === 401 && signInAgainIfNeeded({ status: 401 })) return;
      dispatch({ type: "fail", id, ...uploadFailure(xhr.status, xhr.responseText) });
    };
    xhr.onerror = () => {
      requests.current.delete(id);
      dispatch({ type: "fail", id, ...uploadFailure(0, "") });
    };
    xhr.onabort = () => requests.current.delete(id);
    xhr.send(file);
  }

  // Start what may start: at most a few at once.
  useEffect(() => {
    for (const id of uploadsToStart(uploads)) {
      const file = files.current.get(id);
      if (!file) continue;
      dispatch({ type: "start", id });
      send(id, file);
    }
    if (wasRunning.current && !running) {
      const batch = chosenOrder(uploads, arranged.current);
      for (const uploadId of batch.ids) arranged.current.add(uploadId);
      callbacks.current.onSettled(batch.keys);
    }
    wasRunning.current = running;
    // send() only reads refs and dispatches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploads, running]);

  // Leaving the page stops the uploads under way.
  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const xhr of open.values()) xhr.abort();
    };
  }, []);

  function add(list: FileList | null) {
    if (!list?.length) return;
    const added: UploadEntry[] = [];
    for (const file of Array.from(list)) {
      const id = `upload-${++nextId}`;
      const refusal = precheckImage(file);
      if (!refusal) files.current.set(id, file);
      added.push(newUpload(id, file, refusal));
    }
    dispatch({ type: "add", uploads: added });
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  }

  return (
    <div>
      <div
        data-testid="media-drop-zone"
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes("Files")) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center",
          over ? "border-accent bg-accent-soft" : "border-border-strong",
        )}
      >
        <Upload aria-hidden="true" className="size-6 text-fg-muted" />
        <p className="text-sm text-fg">Drop images here to upload them, or</p>
        <Button variant="secondary" onClick={() => input.current?.click()}>
          Choose images
        </Button>
        <p id="media-upload-hint" className="text-xs text-fg-muted">
          JPEG, PNG, WebP, GIF or AVIF, up to 20 MB each. Several at once are fine.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={imageAccept}
          aria-label="Images to upload"
          aria-describedby="media-upload-hint"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>

      {uploads.length ? (
        <div className="mt-4">
          <div className="mb-2 flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-fg">Uploads</h3>
            {uploads.some((u) => u.status === "done") ? (
              <Button variant="ghost" size="sm" onClick={() => dispatch({ type: "clear-finished" })}>
                Clear finished
              </Button>
            ) : null}
          </div>
          <ul aria-label="Uploads" className="space-y-2">
            {uploads.map((upload) => (
              <UploadRow
                key={upload.id}
                upload={upload}
                onRetry={() => dispatch({ type: "retry", id: upload.id })}
                onDismiss={() => {
                  files.current.delete(upload.id);
                  dispatch({ type: "dismiss", id: upload.id });
                }}
              />
            ))}
          </ul>
        </div>
      ) : null}
      {/* Says where the batch stands each time a file finishes (not at every percent). */}
      <p role="status" className="sr-only">
        {uploadSummary(uploads)}
      </p>
    </div>
  );
}

function UploadRow({
  upload,
  onRetry,
  onDismiss,
}: {
  upload: UploadEntry;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const value = percent(upload);
  return (
    <li
      data-upload={upload.name}
      data-status={upload.status}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        upload.status === "failed" ? "border-danger-border bg-danger-soft text-danger-soft-fg" : "border-border",
      )}
    >
      <div className="flex items-center gap-2">
        {upload.status === "done" ? (
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-accent" />
        ) : upload.status === "failed" ? (
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        ) : null}
        <span className="min-w-0 flex-1 truncate font-medium">{upload.name}</span>
        <span className="shrink-0 text-xs tabular-nums">
          {upload.status === "waiting"
            ? "Waiting…"
            : upload.status === "uploading"
              ? `${value}%`
              : upload.status === "done"
                ? "Uploaded"
                : "Failed"}
        </span>
        {upload.status === "failed" && upload.retryable ? (
          <Button variant="ghost" size="icon" aria-label={`Retry ${upload.name}`} onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
          </Button>
        ) : null}
        {upload.status !== "uploading" ? (
          <Button variant="ghost" size="icon" aria-label={`Dismiss ${upload.name}`} onClick={onDismiss}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {upload.status === "uploading" || upload.status === "waiting" ? (
        <progress
          className="mt-2 block h-1.5 w-full accent-primary"
          max={100}
          value={value}
          aria-label={`Uploading ${upload.name}, ${formatBytes(upload.size)}`}
        />
      ) : null}
      {upload.status === "failed" && upload.error ? <p className="mt-1">{upload.error}</p> : null}
    </li>
  );
}
