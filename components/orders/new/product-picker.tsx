"use client";

import { useQueryClient } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { useDeferredValue, useId, useState } from "react";
import { formatMoney } from "@/lib/money";
import { useCatalogueWindow } from "@/lib/query/catalogue-window";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { type Product, productStatusLabel } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { Skeleton } from "../../ui/skeleton";

/** Matches shown at once; typing more narrows them down. */
const shownMatches = 12;

/**
 * Finds products for a new order. The search runs on the dashboard's server over its copy of the
 * whole catalogue (GET /api/catalogue, docs/architecture.md#the-catalogue-copy): by the starts of
 * the words of a product's name, slug, SKU or any option's SKU, whatever the catalogue's size; the
 * browser holds only the matches shown. The product picked is read whole from the store
 * (GET /api/products/{key}: its options, extras and groups, as the store holds them now).
 */
export function ProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query.trim());
  const [announcement, setAnnouncement] = useState("");
  const [adding, setAdding] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const found = useCatalogueWindow({ q: deferred || undefined, offset: 0, limit: shownMatches });
  const answer = found.data;
  const shown = answer?.rows ?? [];
  const reading = answer?.phase === "loading";

  async function pick(row: BulkProduct) {
    setAdding(row.key);
    setAddError(null);
    try {
      const product = await queryClient.fetchQuery({
        queryKey: queryKeys.products.one(row.key),
        queryFn: ({ signal }) => fetchJson<Product>(`/api/products/${encodeURIComponent(row.key)}`, { signal }),
        staleTime: 0,
      });
      onPick(product);
      setAnnouncement(`Added ${product.name} to the order.`);
    } catch (error) {
      setAddError(`Could not add ${row.name}. ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setAdding(null);
    }
  }

  const readText = !answer
    ? ""
    : reading
      ? `Reading the store's products: ${answer.read.toLocaleString("en")}${answer.expected !== null ? ` of ${answer.expected.toLocaleString("en")}` : ""} so far.`
      : `Searches all ${answer.read.toLocaleString("en")} products.`;

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-fg">
          Find a product
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          By name, SKU, an option&rsquo;s SKU or slug. {readText}
        </p>
        <Input
          id={`${id}-search`}
          type="search"
          className="mt-1"
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      {found.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading products…</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : found.isError && !answer ? (
        <Notice tone="error" role="alert">
          <p>Could not load the products. {found.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void found.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <div className="space-y-2">
          {shown.length ? (
            <ul
              id={`${id}-results`}
              aria-label="Products to add"
              aria-busy={found.isFetching && found.isPlaceholderData}
              className="divide-y divide-border rounded-md border border-border"
            >
              {shown.map((product) => (
                <li key={product.key} className="flex items-center justify-between gap-3 px-3 py-2">
                  <div className="min-w-0 text-sm">
                    <span className="block font-medium break-words text-fg">{product.name}</span>
                    <span className="block text-fg-muted">
                      {formatMoney(product.salePrice ?? product.price, product.currency)}
                      {product.sku ? ` · SKU ${product.sku}` : ""}
                      {product.status !== "available" ? ` · ${productStatusLabel(product.status)}` : ""}
                    </span>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Add ${product.name}`}
                    pending={adding === product.key}
                    pendingLabel="Adding…"
                    disabled={adding !== null && adding !== product.key}
                    onClick={() => void pick(product)}
                  >
                    <Plus aria-hidden="true" />
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p
              id={`${id}-results`}
              className="rounded-md border border-dashed border-border px-3 py-4 text-sm text-fg-muted"
            >
              {deferred
                ? `No product matches “${deferred}”.${reading ? " More may match once every product is read." : ""}`
                : reading
                  ? "Reading the store's products…"
                  : "The store has no products yet. Add products first, then create the order."}
            </p>
          )}
          {answer && answer.total > shown.length ? (
            <p className="text-sm text-fg-muted">
              Showing {shown.length} of {answer.total.toLocaleString("en")} matches: type more to narrow them down.
            </p>
          ) : null}
          {addError ? (
            <Notice tone="error" role="alert">
              {addError}
            </Notice>
          ) : found.isError ? (
            <Notice tone="warning" role="alert">
              Could not search the products. {found.error.message}
            </Notice>
          ) : null}
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
