"use client";

import { Button } from "../ui/button";
import { Notice } from "../ui/notice";
import { ProgressBar } from "../ui/progress-bar";
import type { CatalogueState } from "./use-catalogue";
import { counted, plural } from "./words";

/**
 * The catalogue's loading (docs/bulk-editing.md#loading): a progress bar while pages arrive (determinate
 * when the store sent its total), and what happened when the stream failed, with "Load again".
 */
export function LoadNotices({ state, onReload }: { state: CatalogueState; onReload: () => void }) {
  const { products, total } = state;
  return (
    <>
      {state.phase === "loading" ? (
        <ProgressBar
          label="Loading products"
          value={products.length}
          max={total}
          text={
            total !== null
              ? `Loading products: ${counted(products.length)} of ${counted(total)}`
              : `Loading products: ${counted(products.length)} so far`
          }
          className="max-w-md"
        />
      ) : null}
      {state.phase === "failed" ? (
        <Notice tone="error" title="Not every product could be loaded">
          <p>
            {state.error} The grid holds {plural(products.length, "product")}; your changes are kept.
          </p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
            Load again
          </Button>
        </Notice>
      ) : null}
    </>
  );
}

/** How many rows did not save (docs/bulk-editing.md#saving); the grid marks each with the store's reason. */
export function SaveProblemsNotice({
  count,
  noun = { one: "product", many: "products" },
}: {
  count: number;
  noun?: { one: string; many: string };
}) {
  return (
    <Notice tone="error" title={`${plural(count, noun.one, noun.many)} did not save`}>
      {count === 1 ? "It is" : "They are"} marked in the grid with the store&apos;s reason, and{" "}
      {count === 1 ? "its" : "their"} changes are kept: correct them, then review and save again.
    </Notice>
  );
}
