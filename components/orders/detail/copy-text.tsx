"use client";

import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import { useRef, useState } from "react";
import { clipboardFailedMessage, copyText, selectText } from "../../coupons/clipboard";
import { Button } from "../../ui/button";

/**
 * A value to copy (a tracking number): the text, and an icon button that
 * copies it and says so aloud; where the browser will not copy, the text is
 * selected for Ctrl+C.
 */
export function CopyText({ text, what }: { text: string; what: string }) {
  const textRef = useRef<HTMLSpanElement>(null);
  const [copied, setCopied] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  async function copy() {
    if (await copyText(text)) {
      setCopied(true);
      setAnnouncement(`Copied ${what} ${text}.`);
      window.setTimeout(() => setCopied(false), 2000);
    } else {
      selectText(textRef.current);
      setCopied(false);
      setAnnouncement(clipboardFailedMessage(text));
    }
  }

  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <span ref={textRef} className="font-mono break-all">
        {text}
      </span>
      <Button variant="ghost" size="icon" aria-label={`Copy ${what} ${text}`} onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </Button>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </span>
  );
}
