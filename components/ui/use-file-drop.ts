"use client";

import { type DragEvent, useState } from "react";

/**
 * A drop zone for files (the product's uploader, the images by file name): `over` while files are
 * dragged over it (for its look), and the handlers to spread on it. Only drags that carry files are
 * taken; `onDrop` gets the drop, its default (opening the file) already prevented.
 */
export function useFileDrop(onDrop: (transfer: DataTransfer) => void) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver(event: DragEvent<HTMLElement>) {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      setOver(true);
    },
    onDragLeave() {
      setOver(false);
    },
    onDrop(event: DragEvent<HTMLElement>) {
      event.preventDefault();
      setOver(false);
      onDrop(event.dataTransfer);
    },
  };
  return { over, dropProps };
}
