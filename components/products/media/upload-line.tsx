"use client";

import CircleAlert from "lucide-react/icons/circle-alert";
import CircleCheck from "lucide-react/icons/circle-check";
import type { ReactNode } from "react";
import { formatBytes } from "@/lib/store/products/model-media";
import { cn } from "../../ui/cn";
import { percent, type Upload } from "./upload-queue";

/** What sending one image answered: the HTTP status (0: the network failed, -1: aborted) and the body. */
export interface SentImage {
  status: number;
  body: string;
}

/**
 * One image to the product through the dashboard's upload route handler
 * (lib/image-upload.ts: the raw file as the request body, so that
 * XMLHttpRequest reports the upload's progress). The media section's
 * uploader and a new product's chosen images both send through here.
 */
export function sendImage(
  productKey: string,
  file: File,
  onProgress: (loaded: number) => void,
): { done: Promise<SentImage>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<SentImage>((resolve) => {
    xhr.open(
      "POST",
      `/api/products/${encodeURIComponent(productKey)}/images/upload?name=${encodeURIComponent(file.name)}`,
    );
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: "" });
    xhr.onabort = () => resolve({ status: -1, body: "" });
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

/**
 * An upload's line in a list: its state's icon, its name (or `label`), where
 * it stands (Waiting…, a percentage, Uploaded, Failed), the `children` as its
 * actions (Retry, Dismiss, Skip), a progress bar while it waits or goes up,
 * and, with `showError`, the reason it failed under it.
 */
export function UploadLine({
  upload,
  label,
  showError = false,
  children,
}: {
  upload: Upload;
  label?: ReactNode;
  showError?: boolean;
  children?: ReactNode;
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
      <div className="flex flex-wrap items-center gap-2">
        {upload.status === "done" ? (
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-accent" />
        ) : upload.status === "failed" ? (
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        ) : null}
        <span className="min-w-0 flex-1 truncate font-medium">{label ?? upload.name}</span>
        <span className="shrink-0 text-xs tabular-nums">
          {upload.status === "waiting"
            ? "Waiting…"
            : upload.status === "uploading"
              ? `${value}%`
              : upload.status === "done"
                ? "Uploaded"
                : "Failed"}
        </span>
        {children}
      </div>
      {upload.status === "uploading" || upload.status === "waiting" ? (
        <progress
          className="mt-2 block h-1.5 w-full accent-primary"
          max={100}
          value={value}
          aria-label={`Uploading ${upload.name}, ${formatBytes(upload.size)}`}
        />
      ) : null}
      {showError && upload.status === "failed" && upload.error ? <p className="mt-1">{upload.error}</p> : null}
    </li>
  );
}
