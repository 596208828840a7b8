"use client";

import { useCallback, useRef } from "react";

/*
 * Toasts keep clear of the bars stuck to the bottom of the screen
 * (docs/design.md#toasts): the product editor's Save bar, the orders'
 * selection bar. Each such bar reports its height while it is mounted; the
 * toaster's bottom offset adds the tallest (`--toast-clearance` on <html>).
 */

const heights = new Map<symbol, number>();

function publish() {
  const tallest = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty("--toast-clearance", `${Math.ceil(tallest)}px`);
}

/** A ref for a bar at the bottom of the screen: toasts rise above it while it is mounted. */
export function useToastClearance<T extends HTMLElement>(): (element: T | null) => void {
  const id = useRef(Symbol("bar"));
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) {
      heights.delete(id.current);
      publish();
      return;
    }
    observer.current = new ResizeObserver(() => {
      heights.set(id.current, element.getBoundingClientRect().height);
      publish();
    });
    observer.current.observe(element);
  }, []);
}

/** The toaster's bottom offset: its own margin above the tallest bar. */
export const toastBottomOffset = (margin: number) => `calc(${margin}px + var(--toast-clearance, 0px))`;
