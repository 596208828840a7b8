"use client";

import { Toaster as Sonner, toast } from "sonner";

/**
 * Toasts confirm what just happened ("Saved the permissions of ann@…"); an
 * error the person must act on belongs in the page (a Notice) instead, where
 * it stays. sonner announces toasts politely (an aria-live="polite" region)
 * and pauses them while hovered or focused; Alt+T moves focus to them.
 * Their colours are the tokens' (app/globals.css), in both schemes.
 */
export function Toaster() {
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

export { toast };
