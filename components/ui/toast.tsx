"use client";

import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * Toasts confirm what just happened ("Saved the permissions of ann@…"); an
 * error the person must act on belongs in the page (a Notice) instead, where
 * it stays. sonner announces toasts politely (an aria-live="polite" region)
 * and pauses them while hovered or focused; Alt+T moves focus to them.
 * Their colours are the tokens' (app/globals.css), in both schemes.
 *
 * sonner (about 14 kB) loads once the page is idle, not with it: `toast()`
 * here queues what is asked before then and shows it as soon as the
 * `Toaster` is up, so nothing said is lost.
 */

type Show = typeof sonnerToast;
type Call = (show: Show) => void;

let show: Show | null = null;
const waiting: Call[] = [];
const wakeups = new Set<() => void>();

function run(call: Call) {
  if (show) call(show);
  else {
    waiting.push(call);
    // A toast asked for before the idle load: load now.
    wakeups.forEach((wake) => wake());
  }
}

function ready(loaded: Show) {
  show = loaded;
  for (const call of waiting.splice(0)) call(loaded);
}

type Message = Parameters<Show>[0];

/** The same calls as sonner's `toast`, for the ones this dashboard uses. */
export const toast = Object.assign((message: Message, data?: ExternalToast) => run((s) => s(message, data)), {
  success: (message: Message, data?: ExternalToast) => run((s) => s.success(message, data)),
  error: (message: Message, data?: ExternalToast) => run((s) => s.error(message, data)),
  info: (message: Message, data?: ExternalToast) => run((s) => s.info(message, data)),
  warning: (message: Message, data?: ExternalToast) => run((s) => s.warning(message, data)),
  dismiss: (id?: string | number) => run((s) => s.dismiss(id)),
});

const Sonner: ComponentType<{ onReady: (s: Show) => void }> = lazy(() => import("./toaster-sonner"));

/** Mounted once (components/providers.tsx): loads sonner when the browser is idle, or at the first toast. */
export function Toaster() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const wake = () => setLoad(true);
    wakeups.add(wake);
    if (waiting.length) wake();
    const idle = window.requestIdleCallback?.(wake, { timeout: 2000 }) ?? window.setTimeout(wake, 200);
    return () => {
      wakeups.delete(wake);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return load ? (
    <Suspense fallback={null}>
      <Sonner onReady={ready} />
    </Suspense>
  ) : null;
}
