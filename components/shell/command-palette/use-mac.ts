"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};
const onMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Whether the keyboard's modifier is ⌘ (Apple) rather than Ctrl; false on the server's render. */
export function useMac(): boolean {
  return useSyncExternalStore(never, onMac, () => false);
}
