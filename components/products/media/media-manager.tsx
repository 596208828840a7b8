"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ExternalLink from "lucide-react/icons/external-link";
import Trash2 from "lucide-react/icons/trash-2";
import { useRef, useState } from "react";
import { arrangeImagesAction, deleteMediaAction, moveMediaAction } from "@/lib/actions/products-media";
import { unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  altText,
  entryId,
  entryLabel,
  type MediaEntry,
  mergeMedia,
  orderForMove,
  type ProductMedia,
  renumber,
  splitMedia,
} from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { SortableList } from "../../ui/sortable-list";
import { toast } from "../../ui/toast";
import { type WriteAttempt, writeFailureMessage } from "@/lib/write-failure";
import { AddByUrl } from "./add-by-url";
import { AddVideo } from "./add-video";
import type { MediaSectionProps } from "./media-section";
import { MediaThumb } from "./media-thumb";
import { Uploader } from "./uploader";

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

/**
 * The interactive media section (loaded lazily by ./media-section.tsx): the
 * shared sequence of images and videos, reordered with SortableList and
 * saved by a `PUT order` on the moved item (at once on screen, put back when
 * the store refuses), deleted behind a confirmation; uploads, imports by URL
 * and videos below it. The list is React Query's, refreshed from
 * GET /api/products/[key]/media after every change.
 */
export default function MediaManager({ productKey, productName, images, videos }: MediaSectionProps) {
  const queryClient = useQueryClient();
  const mediaKey = queryKeys.productMedia.one(productKey);
  const media = useQuery({
    queryKey: mediaKey,
    queryFn: ({ signal }) =>
      fetchJson<ProductMedia>(`/api/products/${encodeURIComponent(productKey)}/media`, { signal }),
    initialData: { images, videos },
    // The product's own lists carry neither the shared order nor the videos'
    // keys (docs/contract.md#extensions, docs/contract.md#uploads): read the
    // images and videos sub-resources at once.
    initialDataUpdatedAt: 0,
  });
  const [problem, setProblem] = useState<string | null>(null);
  // The order on screen while a move is being saved.
  const [pending, setPending] = useState<MediaEntry[] | null>(null);
  const [toDelete, setToDelete] = useState<MediaEntry | null>(null);
  // The item of the confirmation, kept past its closing: focus goes back to its delete button.
  const deleting = useRef<MediaEntry | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const entries = pending ?? mergeMedia(media.data);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKey });

  function failed(error: Error, attempt: WriteAttempt) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    const message = writeFailureMessage(failureOf(error), attempt);
    setProblem(message.text);
  }

  const move = useMutation({
    mutationFn: async ({ entry, to }: { entry: MediaEntry; to: number; next: MediaEntry[]; label: string }) =>
      unwrap(await moveMediaAction({ productKey, kind: entry.kind, key: entry.key, order: orderForMove(to) })),
    onMutate: ({ next }) => {
      setProblem(null);
      setPending(renumber(next));
    },
    onError: (error, { label }) => {
      // Put back: the list shows what the store holds (re-read on settle).
      setPending(null);
      failed(error, { failed: `move ${label}`, happened: `the move of ${label}` });
    },
    onSuccess: (_data, { next }) => {
      queryClient.setQueryData<ProductMedia>(mediaKey, splitMedia(renumber(next)));
      setPending(null);
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: async ({ entry }: { entry: MediaEntry; label: string }) =>
      unwrap(await deleteMediaAction({ productKey, kind: entry.kind, key: entry.key })),
    onMutate: ({ entry }) => {
      setProblem(null);
      const before = queryClient.getQueryData<ProductMedia>(mediaKey);
      queryClient.setQueryData<ProductMedia>(
        mediaKey,
        splitMedia(renumber(entries.filter((e) => entryId(e) !== entryId(entry)))),
      );
      return { before };
    },
    onError: (error, { label }, context) => {
      if (context?.before) queryClient.setQueryData(mediaKey, context.before);
      failed(error, { failed: `delete ${label}`, happened: `the deletion of ${label}` });
    },
    onSuccess: (_data, { label }) => toast.success(`Deleted ${label}.`),
    onSettled: refresh,
  });

  // Uploads finish in any order and the store puts each last as it arrives: once
  // they all have, the batch is moved into the order its files were chosen.
  const arrange = useMutation({
    mutationFn: async (keys: string[]) => unwrap(await arrangeImagesAction({ productKey, keys })),
    onMutate: () => setProblem(null),
    onError: (error) =>
      failed(error, {
        failed: "put the uploaded images in the order you chose",
        happened: "the reordering of the uploaded images",
      }),
    onSettled: refresh,
  });

  // Until the first read, keys and order are the product's (see above): no moves or deletes yet.
  const busy = move.isPending || remove.isPending || arrange.isPending || !media.isFetched;
  const loadError = media.error instanceof Error ? media.error.message : null;
  const deleteLabel = toDelete ? entryLabel(entries, toDelete) : "";

  return (
    <div className="space-y-6">
      {/* Always mounted, so that a message put in it is announced. */}
      <div role="alert">
        {problem ? <Notice tone="error">{problem}</Notice> : null}
        {loadError ? <Notice tone="warning">Could not refresh the images and videos. {loadError}</Notice> : null}
      </div>

      <div ref={listRef} tabIndex={-1} aria-busy={busy || media.isFetching || undefined}>
        {entries.length ? (
          <SortableList
            label="Images and videos"
            items={entries}
            getKey={entryId}
            getLabel={(entry) => entryLabel(entries, entry)}
            disabled={busy}
            onReorder={(next, { to }) => {
              const entry = next[to];
              if (entry) move.mutate({ entry, to, next, label: entryLabel(entries, entry) });
            }}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            itemClassName="rounded-md border border-border bg-surface p-2"
            renderItem={(entry, { handle }) => {
              const label = entryLabel(entries, entry);
              return (
                <div data-media-key={entry.key} data-media-kind={entry.kind}>
                  <MediaThumb entry={entry} alt={altText(productName, entries, entry)} />
                  {/* 40×40 px buttons (`size-control` makes no CSS), wrapping on a narrow tile rather than squeezing them (WCAG 2.5.8). */}
                  <div className="mt-2 flex flex-wrap items-center gap-1">
                    <span className="flex shrink-0 [&>button]:h-control [&>button]:w-control">{handle}</span>
                    {/* Whole, on a line of its own above the buttons: a narrow tile cut it to "Ima…". */}
                    <span
                      data-media-caption=""
                      className="order-first basis-full text-sm break-words text-fg-muted capitalize"
                    >
                      {label}
                    </span>
                    {entry.kind === "video" && entry.url ? (
                      <a
                        href={entry.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Open ${label} on its site (new tab)`}
                        className="inline-flex h-control w-control shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-hover [&_svg]:size-4"
                      >
                        <ExternalLink aria-hidden="true" />
                      </a>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${label}`}
                      data-delete-media={entryId(entry)}
                      disabled={busy}
                      onClick={() => {
                        deleting.current = entry;
                        setToDelete(entry);
                      }}
                      className="h-control w-control shrink-0 text-fg-muted hover:text-danger"
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              );
            }}
          />
        ) : (
          <p className="text-sm text-fg-muted">This product has no images or videos yet. Add some below.</p>
        )}
      </div>

      <Uploader
        productKey={productKey}
        onUploaded={(image) => {
          // Last in the sequence, as the store puts it; the re-read confirms it.
          queryClient.setQueryData<ProductMedia>(mediaKey, (current) =>
            current && !current.images.some((i) => i.key === image.key)
              ? { ...current, images: [...current.images, image] }
              : current,
          );
        }}
        onSettled={(chosenKeys) => {
          if (chosenKeys.length > 1) arrange.mutate(chosenKeys);
          else void refresh();
        }}
      />
      <p role="status" className="text-sm text-fg-muted empty:hidden">
        {arrange.isPending ? "Putting the new images in the order you chose them…" : null}
      </p>

      <div className="grid gap-6 md:grid-cols-2">
        <AddByUrl productKey={productKey} mediaKey={mediaKey} imageKeys={media.data.images.map((i) => i.key)} />
        <AddVideo productKey={productKey} onAdded={refresh} />
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${deleteLabel}?`}
        description={`It is removed from ${productName || "the product"} for good. The others keep their order.`}
        confirmLabel={toDelete?.kind === "video" ? "Delete video" : "Delete image"}
        returnFocusTo={() =>
          deleting.current
            ? document.querySelector<HTMLElement>(`[data-delete-media="${CSS.escape(entryId(deleting.current))}"]`)
            : null
        }
        focusAfterConfirm={() => listRef.current}
        onConfirm={() => {
          if (toDelete) remove.mutate({ entry: toDelete, label: entryLabel(entries, toDelete) });
          setToDelete(null);
        }}
      />
    </div>
  );
}
