"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { formatMoney } from "@/lib/money";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { queryWords, startsWords, wordText } from "@/lib/search-words";
import { type Product, type ProductPage, displayPrice, productStatusLabel } from "@/lib/store/products/model";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { Skeleton } from "../../ui/skeleton";

/** Products per read: the largest page the products route takes (lib/store/products/input-list.ts). */
const pageSize = 100;
/** Matches shown at once; typing more narrows them down. */
const shownMatches = 12;

/** Words of a product a person may search by: its name, short name, SKU and categories (lib/search-words.ts). */
function searchText(product: Product): string[] {
  return [wordText([product.name, product.nameShort, product.sku, ...product.categories].join(" "))];
}

/**
 * Finds products for a new order. The catalogue comes through GET
 * /api/products (React Query), a hundred at a time; the search runs over
 * what is loaded as the person types, and "Load more products" reads the
 * next page, so a big catalogue is never read whole up front.
 */
export function ProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [announcement, setAnnouncement] = useState("");

  const catalogue = useInfiniteQuery({
    queryKey: queryKeys.products.picker(),
    queryFn: ({ pageParam, signal }) =>
      fetchJson<ProductPage>(`/api/products?page=${pageParam}&count=${pageSize}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.items.length, 0);
      if (last.total !== null) return loaded < last.total ? last.page + 1 : undefined;
      return last.items.length < last.count ? undefined : last.page + 1;
    },
    staleTime: 30_000,
  });

  const products = useMemo(() => {
    const seen = new Set<string>();
    return (catalogue.data?.pages ?? []).flatMap((page) =>
      page.items.filter((p) => (seen.has(p.key) ? false : (seen.add(p.key), true))),
    );
  }, [catalogue.data]);
  const texts = useMemo(() => products.map(searchText), [products]);

  const words = queryWords(deferred);
  const matches = words.length ? products.filter((_, i) => startsWords(texts[i]!, words)) : products;
  const shown = matches.slice(0, shownMatches);
  const total = catalogue.data?.pages.at(-1)?.total ?? null;
  const more = catalogue.hasNextPage;

  function pick(product: Product) {
    onPick(product);
    setAnnouncement(`Added ${product.name} to the order.`);
  }

  const loadedText = `${products.length.toLocaleString("en")}${total !== null ? ` of ${total.toLocaleString("en")}` : ""} products loaded`;

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-fg">
          Find a product
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          By name, SKU or category. {catalogue.isSuccess ? `Searches the ${loadedText}.` : ""}
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

      {catalogue.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading products…</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : catalogue.isError && !products.length ? (
        <Notice tone="error" role="alert">
          <p>Could not load the products. {catalogue.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void catalogue.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <div className="space-y-2">
          {shown.length ? (
            <ul
              id={`${id}-results`}
              aria-label="Products to add"
              className="divide-y divide-border rounded-md border border-border"
            >
              {shown.map((product) => {
                const price = displayPrice(product);
                return (
                  <li key={product.key} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0 text-sm">
                      <span className="block font-medium break-words text-fg">{product.name}</span>
                      <span className="block text-fg-muted">
                        {formatMoney(price.current, product.currency)}
                        {product.sku ? ` · SKU ${product.sku}` : ""}
                        {product.status !== "available" ? ` · ${productStatusLabel(product.status)}` : ""}
                      </span>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Add ${product.name}`}
                      onClick={() => pick(product)}
                    >
                      <Plus aria-hidden="true" />
                      Add
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p
              id={`${id}-results`}
              className="rounded-md border border-dashed border-border px-3 py-4 text-sm text-fg-muted"
            >
              {products.length
                ? `No loaded product matches “${deferred.trim()}”.${more ? " Load more products to search further." : ""}`
                : "The store has no products yet. Add products first, then create the order."}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
            <span>
              {matches.length > shown.length
                ? `Showing ${shown.length} of ${matches.length.toLocaleString("en")} matches: type more to narrow them down.`
                : ""}
            </span>
            {!more && words.length && !matches.length ? (
              // A product added since the catalogue was read: read it again.
              <Button
                variant="secondary"
                size="sm"
                pending={catalogue.isRefetching}
                pendingLabel="Reloading products…"
                onClick={() => void catalogue.refetch()}
              >
                Reload products
              </Button>
            ) : null}
            {more ? (
              <Button
                variant="secondary"
                size="sm"
                pending={catalogue.isFetchingNextPage}
                pendingLabel="Loading products…"
                onClick={() => void catalogue.fetchNextPage()}
              >
                Load more products
              </Button>
            ) : null}
          </div>
          {catalogue.isError && products.length ? (
            <Notice tone="warning" role="alert">
              Could not load more products. {catalogue.error.message}
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
