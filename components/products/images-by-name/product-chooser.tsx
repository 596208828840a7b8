"use client";

import { useMemo, useState } from "react";
import { bestMatches, foldedTexts, queryWords } from "@/lib/command-palette/search";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { Button } from "../../ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../ui/dialog";
import { Input } from "../../ui/input";
import { buttonClasses } from "../../ui/button";

const shown = 10;
const texts = foldedTexts<BulkProduct>((p) => [p.name, p.sku, p.slug, p.nameShort]);

/**
 * The hand's fix of one file's match: search the catalogue by name, SKU or
 * slug (the command palette's matching, lib/command-palette/search.ts) and
 * choose a product; or skip the file.
 */
export function ProductChooser({
  fileName,
  products,
  onChoose,
  onSkip,
  onClose,
}: {
  /** The file being fixed; null: closed. */
  fileName: string | null;
  products: readonly BulkProduct[];
  onChoose: (product: BulkProduct) => void;
  onSkip: () => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const words = useMemo(() => queryWords(query), [query]);
  const results = useMemo(() => bestMatches(products, words, texts, shown), [products, words]);
  return (
    <Dialog
      open={fileName !== null}
      onOpenChange={(open) => {
        if (!open) {
          setQuery("");
          onClose();
        }
      }}
    >
      <DialogContent
        title={`Choose the product of ${fileName ?? ""}`}
        description="Search by name, SKU or slug. The file will go to the product you choose."
      >
        <Input
          type="search"
          aria-label="Search products"
          placeholder="Name, SKU or slug"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoFocus
        />
        <ul aria-label="Products found" className="mt-3 max-h-72 space-y-1 overflow-y-auto">
          {results.map((product) => (
            <li key={product.key}>
              <button
                type="button"
                className="flex w-full min-w-0 flex-col rounded-md px-3 py-2 text-start text-sm -outline-offset-3 hover:bg-surface-hover"
                onClick={() => {
                  setQuery("");
                  onChoose(product);
                }}
              >
                <span className="truncate font-medium text-fg">{product.name}</span>
                <span className="truncate text-xs text-fg-muted">
                  {product.sku ? `SKU ${product.sku} · ` : ""}
                  {product.slug}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <p role="status" className="mt-2 text-xs text-fg-muted">
          {words.length
            ? results.length
              ? `${results.length === shown ? `The first ${shown}` : results.length} ${results.length === 1 ? "product" : "products"} found.`
              : "No product found: check the spelling, or search for part of the name."
            : "Type to search the products."}
        </p>
        <DialogFooter>
          <DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>
          <Button
            variant="secondary"
            onClick={() => {
              setQuery("");
              onSkip();
            }}
          >
            Skip this file
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
