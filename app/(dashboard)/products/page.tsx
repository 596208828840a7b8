import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { CategoryFilter } from "@/components/products/list/category-filter";
import { categoryNameFor, listHref, readListParams } from "@/lib/store/products/input-list";
import { ProductSearchBox } from "@/components/products/list/product-search-box";
import { ProductsManager } from "@/components/products/list/products-manager";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { type StoreClient } from "@/lib/store/client";
import { listCategoryProducts, listProductCategories, listProducts } from "@/lib/store/products/api";
import type { Product } from "@/lib/store/products/model";

export const metadata: Metadata = { title: "Products" };

const description = "What your store sells: each product's status, price and stock.";

/**
 * The name of the category a list shows (a heading names it, not its slug): from its products'
 * category names, else from the first product's categories sub-resource, which answers slugs
 * (docs/contract.md#catalogue-and-settings); null when neither tells.
 */
async function categoryName(store: StoreClient, slug: string, items: readonly Product[]): Promise<string | null> {
  const guessed = categoryNameFor(slug, items);
  if (guessed || !items[0]) return guessed;
  try {
    return (await listProductCategories(store, items[0].key)).find((c) => c.slug === slug)?.name ?? null;
  } catch {
    return null;
  }
}

const filters = (params: ReturnType<typeof readListParams>) => (
  <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-x-8">
    {/* Keyed by what they show, each its own kind of key: siblings with one key ("" and "") would not unmount. */}
    <ProductSearchBox key={`q:${params.q ?? ""}`} params={params} />
    <CategoryFilter key={`category:${params.category}`} params={params} />
  </div>
);

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
            <Link href="/products/inventory" className={buttonClasses("secondary")}>
              Inventory
            </Link>
            <Link href="/products/images" className={buttonClasses("secondary")}>
              Images by name
            </Link>
            <Link href="/products/new" className={buttonClasses()}>
              New product
            </Link>
          </>
        ) : null
      }
    />
  );

  // A search reads the whole catalogue in the browser (components/products/list/products-manager.tsx).
  if (params.q) {
    return (
      <>
        {header}
        {filters(params)}
        <ProductsManager params={params} canWrite={canWrite} />
      </>
    );
  }

  const list = await loadFromStore(here, async (store) => {
    if (!params.category) return { page: await listProducts(store, paging), category: null };
    const page = await listCategoryProducts(store, params.category, paging);
    return { page, category: await categoryName(store, params.category, page.items) };
  });

  if (!list.ok) {
    return (
      <>
        {header}
        {filters(params)}
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
  queryClient.setQueryData(queryKeys.products.list(params), list.data.page);

  // An empty catalogue has nothing to filter: its empty state says what to do.
  const filterable = params.category !== "" || params.page > 0 || list.data.page.items.length > 0;

  return (
    <>
      {header}
      {filterable ? filters(params) : null}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ProductsManager params={params} canWrite={canWrite} categoryName={list.data.category} />
      </HydrationBoundary>
    </>
  );
}
