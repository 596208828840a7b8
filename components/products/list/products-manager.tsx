"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Package from "lucide-react/icons/package";
import SearchX from "lucide-react/icons/search-x";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { deleteProductAction, setProductStatusAction } from "@/lib/actions/products";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { toBulkProduct } from "@/lib/store/products/model-bulk";
import {
  type Product,
  type ProductPage,
  type ProductStatus,
  productStatusLabel,
  productStatusLabels,
} from "@/lib/store/products/model";
import { Button, buttonClasses } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { countOf, ListHeading, ListPages, NoMatch, PageEmpty } from "../../ui/list-page";
import { ListAlert, Notice } from "../../ui/notice";
import { ProgressBar } from "../../ui/progress-bar";
import { SkeletonRows } from "../../ui/skeleton";
import { toast } from "../../ui/toast";
import { type RemoveOptimism, useOptimisticRemove } from "../../ui/use-optimistic-remove";
import {
  listApiPath,
  listHref,
  productPageSizes,
  type ProductListParams,
  readListParams,
} from "@/lib/store/products/input-list";
import { useCatalogue } from "@/components/grid";
import { buildSearchIndex, searchProducts, type SearchIndex } from "./catalogue-search";
import { type ListRow, listRowOf, listRowOfBulk, ProductTable } from "./product-table";
import type { BulkProduct } from "@/lib/store/products/model-bulk";

// The confirmation (Radix's dialog) is not needed to paint the list: it loads
// when the page is idle, or when a delete is asked for (docs/architecture.md#budgets).
const loadDialog = () => import("../../ui/dialog");
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

/** How a view of the list shows a write before the store answers, and takes it back. */
interface Optimism extends RemoveOptimism<ListRow> {
  /** Shows the new status at once; answers how to take it back. */
  setStatus: (row: ListRow, status: ProductStatus) => Promise<() => void>;
  /** After the store answered. */
  statusSaved: (product: Product) => void;
}

/** A row's status change and delete (with its confirmation), for either view of the list. */
function useRowWrites(optimism: Optimism, headingRef: RefObject<HTMLHeadingElement | null>, canWrite: boolean) {
  const removal = useOptimisticRemove<ListRow>({
    keyOf: (row) => row.key,
    remove: (row) => deleteProductAction({ key: row.key }),
    list: optimism,
    attempt: (row) => ({ failed: `delete “${row.name}”`, happened: `the deletion of “${row.name}”` }),
    done: (row) => `Deleted “${row.name}”.`,
    heading: headingRef,
    toastFailures: true,
  });

  useEffect(() => {
    if (!canWrite) return;
    const id = window.setTimeout(() => void loadDialog(), 1500);
    return () => window.clearTimeout(id);
  }, [canWrite]);

  const setStatus = useMutation({
    mutationFn: async ({ row, status }: { row: ListRow; status: ProductStatus }) =>
      unwrap(await setProductStatusAction({ key: row.key, status })),
    onMutate: async ({ row, status }) => {
      removal.clearProblem();
      return { undo: await optimism.setStatus(row, status) };
    },
    onError: (error, { row, status }, context) => {
      context?.undo();
      removal.failed(error, {
        failed: `mark “${row.name}” ${productStatusLabels[status].toLowerCase()}`,
        happened: `the status change of “${row.name}”`,
      });
    },
    onSuccess: (product) => {
      optimism.statusSaved(product);
      toast.success(`“${product.name}” is now ${productStatusLabel(product.status).toLowerCase()}.`);
    },
    onSettled: () => optimism.settle(),
  });

  const busyKey = (setStatus.isPending ? setStatus.variables?.row.key : undefined) ?? removal.busyKey;

  const dialog: ReactNode = removal.asked ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        {...removal.confirm}
        title={`Delete “${removal.asked.name}”?`}
        description="It leaves the store with its options, extras, images and videos. This cannot be undone."
        confirmLabel="Delete product"
      />
    </Suspense>
  ) : null;

  return {
    problem: removal.problem,
    busyKey,
    dialog,
    onStatus: (row: ListRow, status: ProductStatus) => setStatus.mutate({ row, status }),
    onDelete: removal.ask,
  };
}

/**
 * The product list: one page of the catalogue (or of a category), as a table
 * that folds into cards on phones, with each product's status and delete in
 * its row menu for people who may manage products. With a search (`?q=`),
 * the whole catalogue is loaded in the browser and searched by name or SKU
 * (catalogue-search.ts): the API has no search parameter.
 */
export function ProductsManager({
  params,
  canWrite,
  categoryName = null,
}: {
  params: ProductListParams;
  canWrite: boolean;
  /** The filtered category's name, when its products tell it; its slug otherwise. */
  categoryName?: string | null;
}) {
  return params.q ? (
    <ProductSearchResults key="search" canWrite={canWrite} />
  ) : (
    <ProductListPage params={params} canWrite={canWrite} categoryName={categoryName} />
  );
}

function ProductListPage({
  params,
  canWrite,
  categoryName,
}: {
  params: ProductListParams;
  canWrite: boolean;
  categoryName: string | null;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listKey = queryKeys.products.list(params);

  // First render from the page (HydrationBoundary); refreshes through GET /api/products.
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<ProductPage>(listApiPath(params), { signal }),
  });

  /** Changes this page of the list at once, answering how to take the change back. */
  async function change(update: (items: Product[]) => Product[]): Promise<() => void> {
    await queryClient.cancelQueries({ queryKey: listKey });
    const previous = queryClient.getQueryData<ProductPage>(listKey);
    if (previous) queryClient.setQueryData<ProductPage>(listKey, { ...previous, items: update(previous.items) });
    return () => {
      if (previous) queryClient.setQueryData<ProductPage>(listKey, previous);
    };
  }
  const writes = useRowWrites(
    {
      setStatus: (row, status) => change((items) => items.map((p) => (p.key === row.key ? { ...p, status } : p))),
      take: (row) => change((items) => items.filter((p) => p.key !== row.key)),
      statusSaved: () => {},
      settle: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    },
    headingRef,
    canWrite,
  );

  const page = list.data;
  const rows = useMemo(() => (page?.items ?? []).map(listRowOf), [page]);
  const loadError = list.error instanceof Error ? list.error.message : null;
  const categoryText = categoryName ?? params.category;
  const noun = params.category ? `products in “${categoryText}”` : "products";

  return (
    <section aria-labelledby={headingId}>
      <ListHeading id={headingId} ref={headingRef}>
        {params.category ? `Category “${categoryText}”` : "All products"}
        {page?.total != null ? ` · ${countOf(page.total, "product")}` : ""}
      </ListHeading>

      <ListAlert problem={writes.problem} loadError={loadError} />

      {list.isPending ? (
        <SkeletonRows label="Loading products…" rows={5} rowClassName="h-16" />
      ) : rows.length ? (
        <ProductTable
          rows={rows}
          label={params.category ? `Products in ${categoryText}` : "Products"}
          canWrite={canWrite}
          busy={list.isFetching}
          busyKey={writes.busyKey}
          onStatus={writes.onStatus}
          onDelete={writes.onDelete}
        />
      ) : params.page > 0 ? (
        <PageEmpty icon={Package} firstPage={{ href: listHref({ ...params, page: 0 }) }}>
          The list is shorter than this page: products may have been deleted since.
        </PageEmpty>
      ) : params.category ? (
        <NoMatch
          icon={Package}
          title={`No products in “${categoryText}”`}
          clear={{ label: "Show all products", href: listHref({ ...params, page: 0, category: "" }) }}
        >
          Check the category&apos;s name, or add products to it from their pages.
        </NoMatch>
      ) : (
        <EmptyState
          icon={Package}
          title="No products yet"
          action={
            canWrite ? (
              <Link href="/products/new" className={buttonClasses()}>
                Add your first product
              </Link>
            ) : null
          }
        >
          Products are what your customers buy: give each a name, a price and pictures.
        </EmptyState>
      )}

      {page ? (
        <ListPages
          page={params.page}
          pageSize={params.count}
          itemCount={rows.length}
          total={page.total}
          hrefFor={(p) => listHref({ ...params, page: p })}
          noun={noun}
          sizes={productPageSizes}
          onPageSizeChange={(count) => router.push(listHref({ ...params, page: 0, count }))}
        />
      ) : null}

      {writes.dialog}
    </section>
  );
}

/**
 * A search's results: the catalogue loaded with the bulk grid's loader (with
 * its progress), searched as it arrives, a page of the results at a time in
 * the list's own rows.
 */
function ProductSearchResults({ canWrite }: { canWrite: boolean }) {
  const router = useRouter();
  // The URL as it is now: the search box moves from one search to the next without the server
  // (history.pushState, product-search-box.tsx), and Next keeps useSearchParams in step.
  const searchParams = useSearchParams();
  const params = readListParams(Object.fromEntries(searchParams));
  const q = params.q ?? "";
  const queryClient = useQueryClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const catalogue = useCatalogue();
  const { state } = catalogue;

  // Extended page by page as the catalogue arrives (only the new products are folded): the state of the
  // previous render, adjusted during render as React advises for values derived from a changing prop.
  const [index, setIndex] = useState<SearchIndex<BulkProduct>>(() => buildSearchIndex(state.products));
  if (index.products !== state.products) setIndex(buildSearchIndex(state.products, index));
  const found = useMemo(() => searchProducts(index, q), [index, q]);

  const byKey = useMemo(() => new Map(state.products.map((p) => [p.key, p])), [state.products]);
  const writes = useRowWrites(
    {
      setStatus: async (row, status) => {
        const before = byKey.get(row.key);
        if (!before) return () => {};
        catalogue.replace([{ ...before, status }]);
        return () => catalogue.replace([before]);
      },
      take: async () => () => {},
      statusSaved: (product) => catalogue.replace([toBulkProduct(product)]),
      removed: (row) => catalogue.remove([row.key]),
      // The list's pages hold these products too.
      settle: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    },
    headingRef,
    canWrite,
  );

  const loading = state.phase === "loading";
  const start = params.page * params.count;
  const rows = useMemo(() => found.slice(start, start + params.count).map(listRowOfBulk), [found, start, params.count]);
  const noun = `products found for “${q}”`;
  const count = `${countOf(found.length, "product")} found${loading ? " so far" : ""}`;

  return (
    <section aria-labelledby={headingId}>
      <ListHeading id={headingId} ref={headingRef}>
        Search “{q}” · {count}
      </ListHeading>
      {/* Said once the whole catalogue is searched, not at every page that arrives. */}
      <p role="status" className="sr-only">
        {loading ? "" : count}
      </p>

      {loading ? (
        <ProgressBar
          label="Loading products to search"
          value={state.products.length}
          max={state.total}
          text={
            state.total !== null
              ? `Searching your products: ${state.products.length.toLocaleString("en")} of ${state.total.toLocaleString("en")} loaded`
              : `Searching your products: ${state.products.length.toLocaleString("en")} loaded so far`
          }
          className="mb-4 max-w-md"
        />
      ) : null}
      {state.phase === "failed" ? (
        <Notice tone="error" className="mb-4" title="Not every product could be searched">
          <p>
            {state.error} The results are from the {countOf(state.products.length, "product")} loaded.
          </p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={catalogue.reload}>
            Load again
          </Button>
        </Notice>
      ) : null}

      <ListAlert problem={writes.problem} />

      {rows.length ? (
        <ProductTable
          rows={rows}
          label={`Products found for ${q}`}
          canWrite={canWrite}
          busy={loading}
          busyKey={writes.busyKey}
          onStatus={writes.onStatus}
          onDelete={writes.onDelete}
        />
      ) : loading ? (
        <SkeletonRows label="Loading products to search…" rows={3} rowClassName="h-16" />
      ) : found.length && params.page > 0 ? (
        <PageEmpty icon={SearchX} firstPage={{ href: listHref({ ...params, page: 0 }) }}>
          Fewer products match than this page starts at.
        </PageEmpty>
      ) : (
        <NoMatch
          icon={SearchX}
          title={`No product matches “${q}”`}
          clear={{ label: "Show all products", href: listHref({ page: 0, count: params.count, category: "" }) }}
        >
          The search looks at every product&apos;s name and SKU, whatever the case and accents. Check the spelling, or
          search for part of the name.
        </NoMatch>
      )}

      {rows.length ? (
        <ListPages
          page={params.page}
          pageSize={params.count}
          itemCount={rows.length}
          total={loading ? null : found.length}
          hrefFor={(p) => listHref({ ...params, page: p })}
          noun={noun}
          sizes={productPageSizes}
          onPageSizeChange={(size) => router.push(listHref({ ...params, page: 0, count: size }))}
        />
      ) : null}

      {writes.dialog}
    </section>
  );
}
