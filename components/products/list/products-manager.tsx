"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Package from "lucide-react/icons/package";
import SearchX from "lucide-react/icons/search-x";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useId, useMemo, useRef } from "react";
import { deleteProductAction, setProductStatusAction } from "@/lib/actions/products";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
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
import { type ListRow, listRowOf, listRowOfBulk, ProductTable } from "./product-table";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import type { CatalogueWindow } from "@/lib/catalogue/model";
import { useCatalogueWindow } from "@/lib/query/catalogue-window";

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
 * the dashboard's server searches its copy of the catalogue (the API has no
 * search parameter) and the list shows a page of the results.
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
 * A search's results: the dashboard server searches its copy of the catalogue
 * (GET /api/catalogue, docs/architecture.md#the-catalogue-copy) by name, slug,
 * SKU or an option's SKU, and answers one page of the results; while the copy
 * is first read, the results grow with a progress bar.
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
  const start = params.page * params.count;
  const windowQuery = { q, offset: start, limit: params.count };
  const found = useCatalogueWindow(windowQuery);
  const windowKey = queryKeys.products.catalogue(windowQuery);

  /** Changes the shown window at once, answering how to take the change back. */
  async function change(update: (rows: BulkProduct[]) => BulkProduct[]): Promise<() => void> {
    await queryClient.cancelQueries({ queryKey: windowKey });
    const previous = queryClient.getQueryData<CatalogueWindow>(windowKey);
    if (previous) queryClient.setQueryData<CatalogueWindow>(windowKey, { ...previous, rows: update(previous.rows) });
    return () => {
      if (previous) queryClient.setQueryData<CatalogueWindow>(windowKey, previous);
    };
  }
  const writes = useRowWrites(
    {
      setStatus: (row, status) => change((rows) => rows.map((p) => (p.key === row.key ? { ...p, status } : p))),
      take: (row) => change((rows) => rows.filter((p) => p.key !== row.key)),
      statusSaved: () => {},
      // The server's copy took the write (lib/catalogue/writes.ts); the list's pages hold these products too.
      settle: () => void queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    },
    headingRef,
    canWrite,
  );

  const data = found.data;
  const state = {
    phase: found.error ? "failed" : !data || data.phase === "loading" ? "loading" : "done",
    total: data?.expected ?? null,
    error: found.error instanceof Error ? found.error.message : "",
  };
  const loading = state.phase === "loading";
  // The server's copy is being read for the first time (not merely this answer on its way).
  const reading = data?.phase === "loading";
  const rows = (data?.rows ?? []).map(listRowOfBulk);
  const matches = data?.total ?? 0;
  const noun = `products found for “${q}”`;
  const count = `${countOf(matches, "product")} found${loading ? " so far" : ""}`;

  return (
    <section aria-labelledby={headingId}>
      <ListHeading id={headingId} ref={headingRef}>
        Search “{q}” · {count}
      </ListHeading>
      {/* Said once the whole catalogue is searched, not at every page that arrives. */}
      <p role="status" className="sr-only">
        {loading ? "" : count}
      </p>

      {reading ? (
        <ProgressBar
          label="Loading products to search"
          value={data?.read ?? 0}
          max={state.total}
          text={
            state.total !== null
              ? `Reading the store's products for the first time: ${(data?.read ?? 0).toLocaleString("en")} of ${state.total.toLocaleString("en")}`
              : `Reading the store's products for the first time: ${(data?.read ?? 0).toLocaleString("en")} so far`
          }
          className="mb-4 max-w-md"
        />
      ) : null}
      {state.phase === "failed" ? (
        <Notice tone="error" className="mb-4" title="Not every product could be searched">
          <p>{state.error}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void found.refetch()}>
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
      ) : matches && params.page > 0 ? (
        <PageEmpty icon={SearchX} firstPage={{ href: listHref({ ...params, page: 0 }) }}>
          Fewer products match than this page starts at.
        </PageEmpty>
      ) : (
        <NoMatch
          icon={SearchX}
          title={`No product matches “${q}”`}
          clear={{ label: "Show all products", href: listHref({ page: 0, count: params.count, category: "" }) }}
        >
          The search looks at every product&apos;s name, slug, SKU and option SKUs, whatever the case and accents. Check
          the spelling, or search for the start of a word.
        </NoMatch>
      )}

      {rows.length ? (
        <ListPages
          page={params.page}
          pageSize={params.count}
          itemCount={rows.length}
          total={loading ? null : matches}
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
