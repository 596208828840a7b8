"use client";

import ImageIcon from "lucide-react/icons/image";
import { useEffect, useState } from "react";

/**
 * A file's picture, from an object URL made while the row is on screen and
 * revoked when it leaves (the table shows one page of rows: never 500 at
 * once). A file that is not an image shows an icon.
 */
export function FileThumb({ file }: { file: File | undefined }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith("image/")) return;
    const made = URL.createObjectURL(file);
    // Set from the effect: the URL exists only while this row is mounted.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [file]);
  return (
    <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted">
      {url ? (
        // An object URL of the person's own file: next/image has nothing to optimise here.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={url} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <ImageIcon aria-hidden="true" className="size-5 text-fg-muted" />
      )}
    </span>
  );
}
