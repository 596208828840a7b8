"use client";

import RotateCcw from "lucide-react/icons/rotate-ccw";
import Upload from "lucide-react/icons/upload";
import X from "lucide-react/icons/x";
import { useEffect, useReducer, useRef } from "react";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { imageAccept, precheckImage } from "@/lib/store/products/model-media";
import type { ProductImage } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { useFileDrop } from "../../ui/use-file-drop";
import {
  chosenOrder,
  newUpload,
  type Upload as UploadEntry,
  uploadFailure,
  uploadSummary,
  uploadsReducer,
  uploadsToStart,
} from "./upload-queue";
import { sendImage, UploadLine } from "./upload-line";

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
  const requests = useRef(new Map<string, () => void>());
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
    const request = sendImage(productKey, file, (loaded) => dispatch({ type: "progress", id, loaded }));
    requests.current.set(id, request.abort);
    void request.done.then(({ status, body }) => {
      requests.current.delete(id);
      if (status === -1) return;
      if (status >= 200 && status < 300) {
        let imageKey: string | null = null;
        try {
          const image = JSON.parse(body) as ProductImage;
          imageKey = typeof image.key === "string" ? image.key : null;
          callbacks.current.onUploaded(image);
        } catch {
          // The image is there; the re-read at the end shows it.
        }
        files.current.delete(id);
        dispatch({ type: "done", id, imageKey });
        return;
      }
      if (status === 401 && signInAgainIfNeeded({ status: 401 })) return;
      dispatch({ type: "fail", id, ...uploadFailure(status, body) });
    });
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
      for (const abort of open.values()) abort();
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

  const { over, dropProps } = useFileDrop((transfer) => add(transfer.files));

  return (
    <div>
      <div
        data-testid="media-drop-zone"
        {...dropProps}
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
              <UploadLine key={upload.id} upload={upload} showError>
                {upload.status === "failed" && upload.retryable ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Retry ${upload.name}`}
                    onClick={() => dispatch({ type: "retry", id: upload.id })}
                  >
                    <RotateCcw aria-hidden="true" />
                  </Button>
                ) : null}
                {upload.status !== "uploading" ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Dismiss ${upload.name}`}
                    onClick={() => {
                      files.current.delete(upload.id);
                      dispatch({ type: "dismiss", id: upload.id });
                    }}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </UploadLine>
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
