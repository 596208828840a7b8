"use client";

import House from "lucide-react/icons/house";
import RotateCw from "lucide-react/icons/rotate-cw";
import Link from "next/link";
import { useEffect } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";

/**
 * A page that failed to render, inside the shell (nav and user menu still
 * work). No stack: only the digest, which matches the server's log line.
 */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest =
    typeof error === "object" && error !== null && "digest" in error && typeof error.digest === "string"
      ? error.digest
      : null;

  return (
    <>
      <div role="alert">
        <PageHeader
          title="Something went wrong on this page"
          description="Store Admin could not show it. Try again; if it keeps failing, check that the store is running, or go Home and carry on from there."
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Link href="/" className={buttonClasses("secondary")}>
          <House aria-hidden="true" />
          Go to Home
        </Link>
        {/* retry refreshes the server's part of the page too, then renders it again. */}
        <Button onClick={() => retry()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
      {digest ? (
        <p className="mt-6 text-xs text-fg-muted">
          Reference for whoever runs Store Admin: <code className="font-mono">{digest}</code>
        </p>
      ) : null}
    </>
  );
}
