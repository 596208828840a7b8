"use client";

import { lazy } from "react";
import { AfterHydration } from "../../ui/after-hydration";
import { Skeleton } from "../../ui/skeleton";
import type { ProductEditorProps } from "./product-editor";

// The editor (react-hook-form, its schema and every section) is the heavy
// part of the page: it loads after the page, as a chunk of its own, so that
// the route's first-load JavaScript stays within budget
// (docs/architecture.md#budgets). It renders in the browser only: a form
// filled in before it is hydrated would lose what was typed.
const ProductEditor = lazy(() => import("./product-editor").then((m) => ({ default: m.ProductEditor })));

export function EditorSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((card) => (
        <div key={card} className="space-y-4 rounded-lg border border-border bg-surface p-4 sm:p-6">
          <Skeleton className="h-5 w-32" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-control" />
            <Skeleton className="h-control" />
            <Skeleton className="h-control sm:col-span-2" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ProductEditorLoader(props: ProductEditorProps) {
  return (
    <AfterHydration
      fallback={<EditorSkeleton label={props.product ? "Loading the product editor…" : "Loading the form…"} />}
    >
      <ProductEditor {...props} />
    </AfterHydration>
  );
}
