"use client";

import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toastBottomOffset } from "./toast-clearance";

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
      // Above a bar stuck to the bottom (Save, a selection's actions): ./toast-clearance.ts.
      offset={{ bottom: toastBottomOffset(24) }}
      mobileOffset={{ bottom: toastBottomOffset(16) }}
      containerAriaLabel="Notifications"
      // Above the page, below menus and dialogs (z-50): a toast never hides the
      // menu item or button a person just opened (sonner's own is the very top).
      style={{ zIndex: 45 }}
      toastOptions={{ closeButtonAriaLabel: "Dismiss notification" }}
    />
  );
}
