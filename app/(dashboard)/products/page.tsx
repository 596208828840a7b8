import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { CategoryFilter } from "@/components/products/list/category-filter";
import { listHref, readListParams } from "@/lib/store/products/input-list";
import { ProductsManager } from "@/components/products/list/products-manager";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { listCategoryProducts, listProducts } from "@/lib/store/products/api";

export const metadata: Metadata = { title: "Products" };

const description = "What your store sells: each product's status, price and stock.";

export default async function ProductsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = readListParams(await searchParams);
  const here = listHref(params);
  const session = await requireSession(here);
  // Reading products needs no permission (docs/contract.md#scopes-and-permissions):
  // everyone sees the list; the writes are for people who may manage products.
  // Showing only: the store decides on every write.
  const canWrite = mayUse(session.permissions, sectionAt("/products")!);

  const paging = { page: params.page, count: params.count };
  const list = await loadFromStore(here, (store) =>
    params.category ? listCategoryProducts(store, params.category, paging) : listProducts(store, paging),
  );

  const header = (
    <PageHeader
      title="Products"
      description={description}
      actions={
        canWrite ? (
          <>
            <Link href="/products/bulk" className={buttonClasses("secondary")}>
              Bulk edit
            </Link>
            <Link href="/products/new" className={buttonClasses()}>
              New product
            </Link>
          </>
        ) : null
      }
    />
  );

  if (!list.ok) {
    return (
      <>
        {header}
        <CategoryFilter key={params.category} params={params} />
        <StoreProblemNotice
          problem={list.problem}
          retryHref={here}
          back={
            params.category
              ? { href: listHref({ ...params, category: "", page: 0 }), label: "Show all products" }
              : undefined
          }
        />
      </>
    );
  }

  // The server's read seeds React Query, which owns this page of the list from here on.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.products.list(params), list.data);

  // An empty catalogue has nothing to filter: its empty state says what to do.
  const filterable = params.category !== "" || params.page > 0 || list.data.items.length > 0;

  return (
    <>
      {header}
      {filterable ? <CategoryFilter key={params.category} params={params} /> : null}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ProductsManager params={params} canWrite={canWrite} />
      </HydrationBoundary>
    </>
  );
}
