"use client";

import { usePathname, useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** How long after a navigation its page's content is watched for a re-read's cookie. */
const navigationWatchMs = 15_000;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export interface PermissionsWatchProps {
  /** The fingerprint of the permissions the shell was rendered with (lib/session-token.ts). */
  version: string;
  /** When those permissions were read (epoch ms; null: never since sign-in). */
  readAt: number | null;
  /** The readable cookie the server writes the fingerprint to after each re-read. */
  cookieName: string;
}

/**
 * Keeps the shell in step with the user's permissions. The server reads them
 * again when due (proxy.ts) and renders each page with them; but the shell is
 * the layout's, which a navigation between pages does not render again. So
 * after each navigation, and when the tab comes back into view, this compares
 * the fingerprint of the last re-read (a cookie) with the one the shell was
 * rendered with, and asks for a fresh render of everything when they differ
 * (looking again as the page's content arrives):
 * the sidebar, Home and the notice of what changed follow.
 *
 * A 403 from the store marks the permissions for a re-read (lib/session.ts),
 * which the next request does; the page in front of the person is not
 * swapped under them (a form they are filling in stays).
 */
export function PermissionsWatch({ version, readAt, cookieName }: PermissionsWatchProps) {
  const router = useRouter();
  const pathname = usePathname();
  // The fingerprint a refresh was already asked for: never twice for the same one.
  const asked = useRef<string | null>(null);
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    function check() {
      // "<time of the read>:<fingerprint>": only a later read counts (not one left by an earlier session).
      const current = readCookie(cookieName);
      const [at, fingerprint] = current?.split(":") ?? [];
      if (!current || Number(at) <= (readAt ?? 0) || fingerprint === version || asked.current === current) return;
      asked.current = current;
      router.refresh();
    }
    // A navigation changes the path at once (showing the page's loading state), the cookie only when
    // the server's answer arrives: so for a while after one, look again as the page's content comes
    // (once a frame). Only then: a page the person stays on is not swapped under them.
    const navigated = shownPath.current !== null && shownPath.current !== pathname;
    shownPath.current = pathname;
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    });
    const main = document.getElementById("main");
    if (navigated && main) observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), navigationWatchMs);
    check();
    const onVisible = () => {
      if (document.visibilityState === "visible") check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
      cancelAnimationFrame(frame);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [pathname, version, readAt, cookieName, router]);

  return null;
}
