"use client";

import { useEffect } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <Notice role="alert" tone="error">
        This page could not be shown. Try again; if it keeps failing, check that the store is running.
      </Notice>
      <button type="button" className={buttonClasses("secondary")} onClick={() => retry()}>
        Try again
      </button>
    </div>
  );
}
