"use client";

import { useEffect } from "react";

/**
 * Removes query parameters from the address bar once the page has read them
 * (the sign-in page's `error`): a message is shown once, and a reload, a
 * bookmark or a shared link does not bring it back.
 */
export function ForgetQuery({ names }: { names: string[] }) {
  const key = names.join("&");
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const name of key.split("&")) url.searchParams.delete(name);
    // Next.js keeps its router in step with replaceState (its search params follow).
    window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  }, [key]);
  return null;
}
