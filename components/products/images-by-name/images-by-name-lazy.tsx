"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { SkeletonRows } from "../../ui/skeleton";

// React's own lazy (as the command palette does: next/dynamic would add its loader to the page): the
// page's first load stays small (bench/bundle-size.mjs) and the matcher, the table and the uploads
// come once it is up. They only ever render in the browser (files, object URLs).
const ImagesByName = lazy(() => import("./images-by-name").then((m) => ({ default: m.ImagesByName })));

const subscribe = () => () => {};

/** The page's interactive part, loaded after the page (docs/design.md#images-by-file-name). */
export function ImagesByNameLazy() {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const skeleton = <SkeletonRows label="Loading the image matcher…" rows={3} />;
  return inBrowser ? (
    <Suspense fallback={skeleton}>
      <ImagesByName />
    </Suspense>
  ) : (
    skeleton
  );
}
