"use client";

import FolderOpen from "lucide-react/icons/folder-open";
import Upload from "lucide-react/icons/upload";
import { useRef, useState } from "react";
import { imageAccept } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { cn } from "../../ui/cn";
import { useFileDrop } from "../../ui/use-file-drop";

/** A file and where it was inside a dropped or chosen folder (`shots/APP-TEE-2.jpg`), when it was. */
export interface PickedFile {
  file: File;
  path: string;
}

/** A folder's hidden files (.DS_Store and the like) are not what the person meant to send. */
const hidden = (name: string) => name.startsWith(".") || name === "Thumbs.db" || name === "desktop.ini";

function fileOf(entry: FileSystemFileEntry): Promise<File | null> {
  return new Promise((resolve) => entry.file(resolve, () => resolve(null)));
}

/** Every entry of a folder: readEntries answers a batch at a time, until an empty one. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) => reader.readEntries(resolve, () => resolve([])));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    if (hidden(entry.name)) return;
    const file = await fileOf(entry as FileSystemFileEntry);
    if (file) into.push({ file, path: entry.fullPath.replace(/^\//, "") });
  } else if (entry.isDirectory && !hidden(entry.name)) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

/** What a drop holds: its files, and the files of its folders (webkitGetAsEntry), however deep. */
async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  // The entries must be taken while the drop event runs; reading them may wait.
  const entries = Array.from(data.items)
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (!entries.length || entries.some((e) => e === null)) {
    return Array.from(data.files).map((file) => ({ file, path: file.name }));
  }
  const picked: PickedFile[] = [];
  for (const entry of entries) await walk(entry!, picked);
  return picked;
}

const fromInput = (list: FileList | null, folder: boolean): PickedFile[] =>
  Array.from(list ?? [])
    .filter((file) => !folder || !hidden(file.name))
    .map((file) => ({ file, path: file.webkitRelativePath || file.name }));

/**
 * Where files come in: dropped (files or whole folders), or chosen with
 * "Choose images" (several files) or "Choose a folder" (a folder input); both
 * buttons are reached with Tab.
 */
export function DropZone({ onFiles, compact = false }: { onFiles: (files: PickedFile[]) => void; compact?: boolean }) {
  const [reading, setReading] = useState(false);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);

  const { over, dropProps } = useFileDrop((transfer) => {
    setReading(true);
    void droppedFiles(transfer)
      .then(onFiles)
      .finally(() => setReading(false));
  });

  return (
    <div
      data-testid="images-drop-zone"
      {...dropProps}
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed text-center",
        compact ? "p-4" : "p-8",
        over ? "border-accent bg-accent-soft" : "border-border-strong",
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-fg-muted" />
      <p className="text-sm text-fg">{reading ? "Reading the folder…" : "Drop images or folders here, or"}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => files.current?.click()}>
          <Upload aria-hidden="true" />
          Choose images
        </Button>
        <Button variant="secondary" onClick={() => folder.current?.click()}>
          <FolderOpen aria-hidden="true" />
          Choose a folder
        </Button>
      </div>
      <p id="images-by-name-hint" className="text-xs text-fg-muted">
        Name each file after a product’s SKU, an option’s SKU or its slug: APP-TEE-2.jpg, crew-tee_front.png. JPEG, PNG,
        WebP, GIF or AVIF, up to 20 MB each.
      </p>
      <input
        ref={files}
        type="file"
        multiple
        accept={imageAccept}
        aria-label="Images to match"
        aria-describedby="images-by-name-hint"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          onFiles(fromInput(event.currentTarget.files, false));
          event.currentTarget.value = "";
        }}
      />
      <input
        ref={(input) => {
          folder.current = input;
          // Not in React's attributes: a folder input (every browser the dashboard supports has it).
          input?.setAttribute("webkitdirectory", "");
        }}
        type="file"
        multiple
        aria-label="Folder of images to match"
        aria-describedby="images-by-name-hint"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          onFiles(fromInput(event.currentTarget.files, true));
          event.currentTarget.value = "";
        }}
      />
    </div>
  );
}
