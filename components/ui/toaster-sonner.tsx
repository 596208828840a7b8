"use client";

import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";

/**
 * sonner itself, loaded after the page is interactive (./toast.tsx): the
 * toasts are never needed for the first paint, so they stay out of every
 * page's first-load JavaScript (docs/architecture.md#budgets).
 */
export default function SonnerToaster({ onReady }: { onReady: (show: typeof toast) => void }) {
  useEffect(() => onReady(toast), [onReady]);
  return (
    <Sonner
      // Colours come from our variables, which follow <html data-theme>;
      // sonner's own scheme switch would only fight them.
      theme="light"
      position="bottom-right"
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: "Dismiss notification" }}
    />
  );
}
