"use client";

import ImagePlus from "lucide-react/icons/image-plus";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import X from "lucide-react/icons/x";
import { useEffect, useReducer, useRef, useState } from "react";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { imageAccept, precheckImage } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { sendImage, UploadLine } from "../media/upload-line";
import { newUpload, uploadFailure, uploadSummary, uploadsReducer } from "../media/upload-queue";
import { nextInOrder } from "./upload-order";
import { useUnsavedGuard } from "./use-unsaved-guard";

/** An image chosen for a product that does not exist yet: the file and its preview (an object URL). */
export interface ChosenImage {
  id: string;
  file: File;
  preview: string;
}

let nextId = 0;

/**
 * "Images" while creating a product: pictures chosen now, shown with their
 * previews in the order they will have, removable; they are uploaded once the
 * product exists (<UploadChosenImages>). Nothing is sent before Create.
 */
export function ChooseImages({
  chosen,
  onChange,
}: {
  chosen: readonly ChosenImage[];
  onChange: (next: ChosenImage[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  // The previews are the page's to free: when removed (below) and when the page goes.
  const latest = useRef(chosen);
  useEffect(() => {
    latest.current = chosen;
  });
  useEffect(() => () => latest.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);

  function add(list: FileList | null) {
    if (!list?.length) return;
    const added: ChosenImage[] = [];
    const refusals: string[] = [];
    for (const file of Array.from(list)) {
      const refusal = precheckImage(file);
      if (refusal) refusals.push(`${file.name}: ${refusal}`);
      else added.push({ id: `chosen-${++nextId}`, file, preview: URL.createObjectURL(file) });
    }
    setRefused(refusals);
    if (added.length) onChange([...chosen, ...added]);
  }

  function remove(image: ChosenImage) {
    URL.revokeObjectURL(image.preview);
    const index = chosen.indexOf(image);
    const next = chosen.filter((c) => c !== image);
    onChange(next);
    // Focus stays in the list: the next image's remove button, or the chooser.
    const neighbour = next[index] ?? next[index - 1];
    requestAnimationFrame(() =>
      (neighbour
        ? document.getElementById(`${neighbour.id}-remove`)
        : document.getElementById("chosen-images-choose")
      )?.focus(),
    );
  }

  return (
    <Card
      id="product-media"
      title="Images"
      description="Chosen now, uploaded in this order once the product is created. Videos can be added after that."
    >
      {chosen.length ? (
        <ol aria-label="Chosen images" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {chosen.map((image, index) => (
            <li key={image.id} data-chosen={image.file.name} className="rounded-md border border-border p-2">
              {/* eslint-disable-next-line @next/next/no-img-element -- a local file's preview (an object URL). */}
              <img
                src={image.preview}
                alt={`Image ${index + 1}: ${image.file.name}`}
                className="aspect-square w-full rounded-md bg-surface-muted object-cover"
              />
              <div className="mt-2 flex items-center gap-1">
                <span className="min-w-0 flex-1 truncate text-sm text-fg-muted" title={image.file.name}>
                  {index + 1}. {image.file.name}
                </span>
                <Button
                  id={`${image.id}-remove`}
                  variant="ghost"
                  size="icon"
                  className="h-control w-control shrink-0"
                  aria-label={`Remove ${image.file.name}`}
                  onClick={() => remove(image)}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button id="chosen-images-choose" variant="secondary" onClick={() => input.current?.click()}>
          <ImagePlus aria-hidden="true" />
          {chosen.length ? "Choose more images" : "Choose images"}
        </Button>
        <p id="chosen-images-hint" className="text-xs text-fg-muted">
          JPEG, PNG, WebP, GIF or AVIF, up to 20 MB each.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={imageAccept}
          aria-label="Images for the new product"
          aria-describedby="chosen-images-hint"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>
      <div role="alert" className="mt-3 empty:hidden">
        {refused.length ? (
          <Notice tone="error" title={refused.length > 1 ? "These files were not added" : "This file was not added"}>
            <ul>
              {refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Notice>
        ) : null}
      </div>
    </Card>
  );
}

/**
 * After the product's first save: the chosen images go up one at a time, in
 * the chosen order (the store adds each at the end), each with its progress.
 * A failure stops there, named, with Retry (when it can help) and Skip: the
 * images after it wait, so the order holds and nothing is lost. When every
 * image is up (or skipped), `onFinished`.
 */
export function UploadChosenImages({
  productKey,
  productName,
  chosen,
  onFinished,
}: {
  productKey: string;
  productName: string;
  chosen: readonly ChosenImage[];
  onFinished: (uploaded: number) => void;
}) {
  const [uploads, dispatch] = useReducer(uploadsReducer, chosen, (list) =>
    list.map((image) => newUpload(image.id, image.file)),
  );
  const files = useRef(new Map(chosen.map((image) => [image.id, image.file])));
  const running = useRef<{ id: string; abort: () => void } | null>(null);
  const mounted = useRef(true);
  const finished = useRef(false);
  const onFinishedRef = useRef(onFinished);
  useEffect(() => {
    onFinishedRef.current = onFinished;
  });

  const left = uploads.filter((u) => u.status !== "done").length;
  useUnsavedGuard(left > 0);

  useEffect(() => {
    if (running.current) return;
    if (!uploads.length || uploads.every((u) => u.status === "done")) {
      if (!finished.current) {
        finished.current = true;
        onFinishedRef.current(uploads.length);
      }
      return;
    }
    const next = nextInOrder(uploads);
    const file = next ? files.current.get(next.id) : undefined;
    if (!next || !file) return;
    const id = next.id;
    dispatch({ type: "start", id });
    const request = sendImage(productKey, file, (loaded) => dispatch({ type: "progress", id, loaded }));
    running.current = { id, abort: request.abort };
    void request.done.then(({ status, body }) => {
      running.current = null;
      if (status === -1) {
        // Stopped by leaving the page; when the page is still here (React's development remount), again.
        if (mounted.current) {
          dispatch({ type: "fail", id, error: "Stopped." });
          dispatch({ type: "retry", id });
        }
        return;
      }
      if (status >= 200 && status < 300) {
        dispatch({ type: "done", id });
        return;
      }
      if (status === 401 && signInAgainIfNeeded({ status: 401 })) return;
      dispatch({ type: "fail", id, ...uploadFailure(status, body) });
    });
  }, [uploads, productKey]);

  // Leaving the page stops the upload under way.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort();
    };
  }, []);

  const failed = uploads.find((u) => u.status === "failed");
  return (
    <Card
      id="product-media"
      title={`Uploading the images of ${productName}`}
      description="The product is created. Its images go up one at a time, in the order you chose; stay on this page until they are done."
    >
      {failed ? (
        <Notice tone="error" title={`${failed.name} was not uploaded`} className="mb-4">
          {failed.error} {left > 1 ? "The images after it wait, so that the order holds." : ""}
        </Notice>
      ) : null}
      <ol aria-label="Uploads" className="space-y-2">
        {uploads.map((upload, index) => (
          <UploadLine key={upload.id} upload={upload} label={`${index + 1}. ${upload.name}`}>
            {upload.status === "failed" ? (
              <span className="flex shrink-0 gap-2">
                {upload.retryable ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Retry ${upload.name}`}
                    onClick={() => dispatch({ type: "retry", id: upload.id })}
                  >
                    <RotateCcw aria-hidden="true" />
                    Retry
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Skip ${upload.name}`}
                  onClick={() => {
                    files.current.delete(upload.id);
                    dispatch({ type: "dismiss", id: upload.id });
                  }}
                >
                  Skip
                </Button>
              </span>
            ) : null}
          </UploadLine>
        ))}
      </ol>
      <p role="status" className="sr-only">
        {uploadSummary(uploads)}
      </p>
    </Card>
  );
}
