"use client";

import { type ComponentType, useEffect, useState } from "react";
import { altText, entryId, entryLabel, mergeMedia } from "@/lib/store/products/model-media";
import type { ProductImage, ProductVideo } from "@/lib/store/products/model";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { MediaThumb } from "./media-thumb";

export interface MediaSectionProps {
  productKey: string;
  productName: string;
  images: ProductImage[];
  videos: ProductVideo[];
  /** The user may change products (manage_products); otherwise the media are shown read-only. */
  canEdit: boolean;
}

// Uploads, reordering, the forms and the confirmation (SortableList, React
// Query's mutations, Radix's dialog) are not part of the editor's first load
// (docs/architecture.md#budgets): they load once the page is on screen, while
// the pictures are already shown.
const loadManager = () => import("./media-manager");
type Manager = ComponentType<MediaSectionProps>;

/**
 * The editor's "Images and videos" section: the product's pictures and
 * videos in their shared order, with alt text from the product's name and
 * position. With `canEdit`, uploads (drop or pick several files, each with
 * its progress), adding by URL, adding a YouTube or Vimeo video, reordering
 * (mouse, touch, keyboard) and deleting.
 */
export function MediaSection(props: MediaSectionProps) {
  const [MediaManager, setMediaManager] = useState<Manager | null>(null);
  useEffect(() => {
    if (!props.canEdit) return;
    let live = true;
    void loadManager().then((module) => {
      if (live) setMediaManager(() => module.default);
    });
    return () => {
      live = false;
    };
  }, [props.canEdit]);

  return (
    <Card
      id="product-media"
      title="Images and videos"
      description={
        props.canEdit
          ? "Images and videos show in this order on the product's page. Drag the handle, or use the keyboard, to change it."
          : "Images and videos show in this order on the product's page."
      }
    >
      {props.canEdit && MediaManager ? <MediaManager {...props} /> : <StaticMedia {...props} loading={props.canEdit} />}
    </Card>
  );
}

/** The pictures alone, read-only: the first paint, and all a user without manage_products sees. */
function StaticMedia({ productName, images, videos, canEdit, loading }: MediaSectionProps & { loading: boolean }) {
  const entries = mergeMedia({ images, videos });
  return (
    <div>
      {entries.length ? (
        <ul aria-label="Images and videos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {entries.map((entry) => (
            <li key={entryId(entry)} className="rounded-md border border-border p-2">
              <MediaThumb entry={entry} alt={altText(productName, entries, entry)} />
              <p className="mt-2 text-sm text-fg-muted capitalize">{entryLabel(entries, entry)}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">This product has no images or videos yet.</p>
      )}
      {loading ? (
        <div role="status" className="mt-4">
          <span className="sr-only">Loading the media tools…</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : null}
      {!canEdit ? (
        <p className="mt-4 text-sm text-fg-muted">
          Adding, ordering and deleting images needs the Manage products permission. Ask someone who manages users.
        </p>
      ) : null}
    </div>
  );
}
