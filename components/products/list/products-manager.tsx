"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Package from "lucide-react/icons/package";
import SearchX from "lucide-react/icons/search-x";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { deleteProductAction, setProductStatusAction } from "@/lib/actions/products";
import { unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
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
import { ListAlert, Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { PageSize } from "../../ui/page-size";
import { ProgressBar } from "../../ui/progress-bar";
import { SkeletonRows } from "../../ui/skeleton";
import { toast } from "../../ui/toast";
import { type WriteAttempt, writeFailureMessage } from "@/lib/write-failure";
import {
  listApiPath,
  listHref,
  productPageSizes,
  type ProductListParams,
  readListParams,
} from "@/lib/store/products/input-list";
import { useCatalogue } from "../bulk/use-catalogue";
import { buildSearchIndex, searchProducts, type SearchIndex } from "./catalogue-search";
import { type ListRow, listRowOf, listRowOfBulk, ProductTable } from "./product-table";
import type { BulkProduct } from "@/lib/store/products/model-bulk";

// The confirmation (Radix's dialog) is not needed to paint the list: it loads
// when the page is idle, or when a delete is asked for (docs/architecture.md#budgets).
const loadDialog = () => import("../../ui/dialog");
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** How a view of the list shows a write before the store answers, and takes it back. */
interface Optimism {
  /** Shows the new status at once; answers how to take it back. */
  setStatus: (row: ListRow, status: ProductStatus) => Promise<() => void>;
  /** Before the store answers a delete; answers how to take it back. */
  removing: (row: ListRow) => Promise<() => void>;
  /** After the store answered. */
  statusSaved: (product: Product) => void;
  removed: (row: ListRow) => void;
  settle: () => void;
}

/** A row's status change and delete (with its confirmation), for either view of the list. */
function useRowWrites(optimism: Optimism, headingRef: RefObject<HTMLHeadingElement | null>, canWrite: boolean) {
  const [problem, setProblem] = useState<string | null>(null);
  // The product asked about; kept past the dialog's closing for its closing animation and focus.
  const [confirming, setConfirming] = useState<{ row: ListRow; open: boolean } | null>(null);
  const deleting = useRef<ListRow | null>(null);

  useEffect(() => {
    if (!canWrite) return;
    const id = window.setTimeout(() => void loadDialog(), 1500);
    return () => window.clearTimeout(id);
  }, [canWrite]);

  function failed(error: Error, attempt: WriteAttempt) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    const message = writeFailureMessage(failureOf(error), attempt).text;
    setProblem(message);
    toast.error(message);
  }

  const setStatus = useMutation({
    mutationFn: async ({ row, status }: { row: ListRow; status: ProductStatus }) =>
      unwrap(await setProductStatusAction({ key: row.key, status })),
    onMutate: async ({ row, status }) => {
      setProblem(null);
      return { undo: await optimism.setStatus(row, status) };
    },
    onError: (error, { row, status }, context) => {
      context?.undo();
      failed(error, {
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

  const remove = useMutation({
    mutationFn: async (row: ListRow) => unwrap(await deleteProductAction({ key: row.key })),
    onMutate: async (row) => {
      setProblem(null);
      return { undo: await optimism.removing(row) };
    },
    onError: (error, row, context) => {
      context?.undo();
      failed(error, { failed: `delete “${row.name}”`, happened: `the deletion of “${row.name}”` });
    },
    onSuccess: (_data, row) => {
      optimism.removed(row);
      toast.success(`Deleted “${row.name}”.`);
    },
    onSettled: () => optimism.settle(),
  });

  const busyKey =
    (setStatus.isPending ? setStatus.variables?.row.key : undefined) ??
    (remove.isPending ? remove.variables?.key : undefined);

  const dialog: ReactNode = confirming ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={confirming.open}
        onOpenChange={(open) => {
          if (!open) setConfirming({ ...confirming, open: false });
        }}
        title={`Delete “${confirming.row.name}”?`}
        description="It leaves the store with its options, extras, images and videos. This cannot be undone."
        confirmLabel="Delete product"
        onConfirm={() => {
          if (confirming.open) remove.mutate(confirming.row);
          setConfirming({ ...confirming, open: false });
        }}
        // The row (and its menu button) is about to go: focus the list heading.
        focusAfterConfirm={() => headingRef.current}
        returnFocusTo={() =>
          deleting.current
            ? document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(deleting.current.key)}"] button`)
            : null
        }
      />
    </Suspense>
  ) : null;

  return {
    problem,
    busyKey,
    dialog,
    onStatus: (row: ListRow, status: ProductStatus) => setStatus.mutate({ row, status }),
    onDelete: (row: ListRow) => {
      deleting.current = row;
      setConfirming({ row, open: true });
    },
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
      removing: (row) => change((items) => items.filter((p) => p.key !== row.key)),
      statusSaved: () => {},
      removed: () => {},
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
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
        {params.category ? `Category “${categoryText}”` : "All products"}
        {page?.total != null ? ` · ${plural(page.total, "product")}` : ""}
      </h2>

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
        <EmptyState
          icon={Package}
          title="This page is empty"
          action={
            <Link href={listHref({ ...params, page: 0 })} className={buttonClasses("secondary")}>
              Go to the first page
            </Link>
          }
        >
          The list is shorter than this page: products may have been deleted since.
        </EmptyState>
      ) : params.category ? (
        <EmptyState
          icon={Package}
          title={`No products in “${categoryText}”`}
          action={
            <Link href={listHref({ ...params, page: 0, category: "" })} className={buttonClasses("secondary")}>
              Show all products
            </Link>
          }
        >
          Check the category&apos;s name, or add products to it from their pages.
        </EmptyState>
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
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Pagination
            page={params.page}
            pageSize={params.count}
            itemCount={rows.length}
            total={page.total}
            hrefFor={(p) => listHref({ ...params, page: p })}
            noun={noun}
            className="grow"
          />
          {rows.length || params.page > 0 ? (
            <PageSize
              value={params.count}
              sizes={productPageSizes}
              onChange={(count) => router.push(listHref({ ...params, page: 0, count }))}
              className="mt-4"
            />
          ) : null}
        </div>
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
      removing: async () => () => {},
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
  const count = loading
    ? `${plural(found.length, "product")} found so far`
    : `${plural(found.length, "product")} found`;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
        Search “{q}” · {count}
      </h2>
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
            {state.error} The results are from the {plural(state.products.length, "product")} loaded.
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
        <EmptyState
          icon={SearchX}
          title="This page is empty"
          action={
            <Link href={listHref({ ...params, page: 0 })} className={buttonClasses("secondary")}>
              Go to the first page
            </Link>
          }
        >
          Fewer products match than this page starts at.
        </EmptyState>
      ) : (
        <EmptyState
          icon={SearchX}
          title={`No product matches “${q}”`}
          action={
            <Link
              href={listHref({ page: 0, count: params.count, category: "" })}
              className={buttonClasses("secondary")}
            >
              Show all products
            </Link>
          }
        >
          The search looks at every product&apos;s name and SKU, whatever the case and accents. Check the spelling, or
          search for part of the name.
        </EmptyState>
      )}

      {rows.length ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Pagination
            page={params.page}
            pageSize={params.count}
            itemCount={rows.length}
            total={loading ? null : found.length}
            hrefFor={(p) => listHref({ ...params, page: p })}
            noun={noun}
            className="grow"
          />
          <PageSize
            value={params.count}
            sizes={productPageSizes}
            onChange={(size) => router.push(listHref({ ...params, page: 0, count: size }))}
            className="mt-4"
          />
        </div>
      ) : null}

      {writes.dialog}
    </section>
  );
}
