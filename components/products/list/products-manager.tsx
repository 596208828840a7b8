"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Package from "lucide-react/icons/package";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { deleteProductAction, setProductStatusAction } from "@/lib/actions/products";
import { unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  type Product,
  type ProductPage,
  type ProductStatus,
  productStatuses,
  productStatusLabel,
  productStatusLabels,
} from "@/lib/store/products/model";
import { buttonClasses } from "../../ui/button";
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  RowActions,
} from "../../ui/dropdown-menu";
import { EmptyState } from "../../ui/empty-state";
import { ListAlert } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { PageSize } from "../../ui/page-size";
import { SkeletonRows } from "../../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { toast } from "../../ui/toast";
import { type WriteAttempt, writeFailureMessage } from "@/lib/write-failure";
import { listApiPath, listHref, productPageSizes, type ProductListParams } from "@/lib/store/products/input-list";
import { ProductPrice, ProductStatusBadge, ProductStock, ProductThumbnail } from "./product-cells";

// The confirmation (Radix's dialog) is not needed to paint the list: it loads
// when the page is idle, or when a delete is asked for (docs/architecture.md#budgets).
const loadDialog = () => import("../../ui/dialog");
const ConfirmDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmDialog })));

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

const productHref = (product: Product) => `/products/${encodeURIComponent(product.key)}`;

/**
 * The product list: one page of the catalogue (or of a category), as a table
 * that folds into cards on phones, with each product's status and delete in
 * its row menu for people who may manage products.
 */
export function ProductsManager({ params, canWrite }: { params: ProductListParams; canWrite: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // The product asked about; kept past the dialog's closing for its closing animation and focus.
  const [confirming, setConfirming] = useState<{ product: Product; open: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleting = useRef<Product | null>(null);
  const listKey = queryKeys.products.list(params);

  useEffect(() => {
    if (!canWrite) return;
    const id = window.setTimeout(() => void loadDialog(), 1500);
    return () => window.clearTimeout(id);
  }, [canWrite]);

  // First render from the page (HydrationBoundary); refreshes through GET /api/products.
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<ProductPage>(listApiPath(params), { signal }),
  });

  /** Optimistic changes to this page of the list: change at once, roll back on failure, re-read when settled. */
  const optimistic = {
    async apply(change: (items: Product[]) => Product[]) {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<ProductPage>(listKey);
      if (previous) queryClient.setQueryData<ProductPage>(listKey, { ...previous, items: change(previous.items) });
      return { previous };
    },
    rollback(context: { previous: ProductPage | undefined } | undefined) {
      if (context?.previous) queryClient.setQueryData<ProductPage>(listKey, context.previous);
    },
    settle: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  };

  function failed(error: Error, attempt: WriteAttempt) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    const message = writeFailureMessage(failureOf(error), attempt).text;
    setProblem(message);
    toast.error(message);
  }

  const setStatus = useMutation({
    mutationFn: async ({ product, status }: { product: Product; status: ProductStatus }) =>
      unwrap(await setProductStatusAction({ key: product.key, status })),
    onMutate: ({ product, status }) => {
      setProblem(null);
      return optimistic.apply((items) => items.map((p) => (p.key === product.key ? { ...p, status } : p)));
    },
    onError: (error, { product, status }, context) => {
      optimistic.rollback(context);
      failed(error, {
        failed: `mark “${product.name}” ${productStatusLabels[status].toLowerCase()}`,
        happened: `the status change of “${product.name}”`,
      });
    },
    onSuccess: (product) =>
      toast.success(`“${product.name}” is now ${productStatusLabel(product.status).toLowerCase()}.`),
    onSettled: () => optimistic.settle(),
  });

  const remove = useMutation({
    mutationFn: async (product: Product) => unwrap(await deleteProductAction({ key: product.key })),
    onMutate: (product) => {
      setProblem(null);
      return optimistic.apply((items) => items.filter((p) => p.key !== product.key));
    },
    onError: (error, product, context) => {
      optimistic.rollback(context);
      failed(error, { failed: `delete “${product.name}”`, happened: `the deletion of “${product.name}”` });
    },
    onSuccess: (_data, product) => toast.success(`Deleted “${product.name}”.`),
    onSettled: () => optimistic.settle(),
  });

  const busyKey =
    (setStatus.isPending ? setStatus.variables?.product.key : undefined) ??
    (remove.isPending ? remove.variables?.key : undefined);

  const page = list.data;
  const rows = page?.items ?? [];
  const loadError = list.error instanceof Error ? list.error.message : null;
  const noun = params.category ? `products in “${params.category}”` : "products";

  function actionsTrigger(product: Product): HTMLElement | null {
    return document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(product.key)}"] button`);
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
        {params.category ? `Category “${params.category}”` : "All products"}
        {page?.total != null ? ` · ${page.total} ${page.total === 1 ? "product" : "products"}` : ""}
      </h2>

      <ListAlert problem={problem} loadError={loadError} />

      {list.isPending ? (
        <SkeletonRows label="Loading products…" rows={5} rowClassName="h-16" />
      ) : rows.length ? (
        <Table
          aria-label={params.category ? `Products in ${params.category}` : "Products"}
          stackOnMobile
          aria-busy={list.isFetching || undefined}
        >
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">Image</span>
              </TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Status</TableHead>
              <TableHead numeric>Price</TableHead>
              <TableHead numeric>Stock</TableHead>
              <TableHead>SKU</TableHead>
              {canWrite ? (
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((product) => {
              const busy = busyKey === product.key;
              return (
                <TableRow key={product.key} aria-busy={busy || undefined} data-product={product.key}>
                  <TableCell className="py-2 md:w-0 max-md:float-start max-md:me-3">
                    <ProductThumbnail product={product} />
                  </TableCell>
                  <TableCell className="font-medium break-words max-md:min-h-12 max-md:text-base">
                    <Link href={productHref(product)} className="text-accent underline-offset-2 hover:underline">
                      {product.name}
                    </Link>
                  </TableCell>
                  <TableCell label="Status" className="max-md:clear-both">
                    <ProductStatusBadge status={product.status} />
                  </TableCell>
                  <TableCell label="Price" numeric className="max-md:text-start">
                    <ProductPrice product={product} />
                  </TableCell>
                  <TableCell label="Stock" numeric className="max-md:text-start">
                    <ProductStock quantity={product.quantity} />
                  </TableCell>
                  <TableCell label="SKU" className="font-mono text-xs break-all">
                    {product.sku || (
                      <span className="text-fg-muted">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">None</span>
                      </span>
                    )}
                  </TableCell>
                  {canWrite ? (
                    <TableCell className="w-0 text-end max-md:text-start" data-row-actions={product.key}>
                      <RowActions name={product.name}>
                        <DropdownMenuItem icon={<Pencil />} onSelect={() => router.push(productHref(product))}>
                          Edit
                        </DropdownMenuItem>
                        <DropdownMenuSeparator />
                        <DropdownMenuLabel id={`status-${product.key}`}>Status</DropdownMenuLabel>
                        <DropdownMenuRadioGroup
                          aria-labelledby={`status-${product.key}`}
                          value={product.status}
                          onValueChange={(status) => {
                            if (status !== product.status && !busy) {
                              setStatus.mutate({ product, status: status as ProductStatus });
                            }
                          }}
                        >
                          {productStatuses.map((status) => (
                            <DropdownMenuRadioItem key={status} value={status} disabled={busy}>
                              {productStatusLabels[status]}
                            </DropdownMenuRadioItem>
                          ))}
                        </DropdownMenuRadioGroup>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          icon={<Trash2 />}
                          tone="danger"
                          disabled={busy}
                          onSelect={() => {
                            deleting.current = product;
                            setConfirming({ product, open: true });
                          }}
                        >
                          Delete
                        </DropdownMenuItem>
                      </RowActions>
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
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
          title={`No products in “${params.category}”`}
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

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming.open}
            onOpenChange={(open) => {
              if (!open) setConfirming({ ...confirming, open: false });
            }}
            title={`Delete “${confirming.product.name}”?`}
            description="It leaves the store with its options, extras, images and videos. This cannot be undone."
            confirmLabel="Delete product"
            onConfirm={() => {
              if (confirming.open) remove.mutate(confirming.product);
              setConfirming({ ...confirming, open: false });
            }}
            // The row (and its menu button) is about to go: focus the list heading.
            focusAfterConfirm={() => headingRef.current}
            returnFocusTo={() => (deleting.current ? actionsTrigger(deleting.current) : null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
