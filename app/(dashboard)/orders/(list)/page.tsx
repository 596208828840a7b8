import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { NoAccess } from "@/components/no-access";
import { listHref, readListParams } from "@/lib/store/orders/input-list";
import { OrdersManager } from "@/components/orders/list/orders-manager";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { countAllOrders, listOrders, searchOrders } from "@/lib/store/orders/api";
import { type OrderCounts, orderViews } from "@/lib/store/orders/model";

export const metadata: Metadata = { title: "Orders" };

const description = "What customers bought: fulfil what is waiting, follow up on payments.";

const noCounts = Object.fromEntries(orderViews.map((view) => [view, null])) as OrderCounts;

export default async function OrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = readListParams(await searchParams);
  const here = listHref(params);
  const session = await requireSession(here);
  const section = sectionAt("/orders")!;
  // Showing only: the store decides (a store that names no permissions gets the page and answers for itself).
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;
  // Counts need view_stats: without it they are not asked for (the tabs then say so).
  const mayCount = session.permissions === null || session.permissions.includes("view_stats");

  // A day filter is a day in the person's zone, which only the browser knows: the browser reads
  // that list (lib/store/orders/input-list.ts). Everything else is read here, at once.
  const loaded = await loadFromStore(here, async (store) => {
    const [list, counts] = await Promise.all([
      params.since
        ? null
        : params.q
          ? searchOrders(store, { view: params.view, page: params.page, count: params.count, q: params.q })
          : listOrders(store, { view: params.view, page: params.page, count: params.count }),
      mayCount ? countAllOrders(store) : { counts: noCounts, refused: true },
    ]);
    return { list, counts };
  });

  const header = (
    <PageHeader
      title="Orders"
      description={description}
      actions={
        <Link href="/orders/new" className={buttonClasses()}>
          New order
        </Link>
      }
    />
  );

  if (!loaded.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice
          problem={loaded.problem}
          retryHref={here}
          back={here !== "/orders" ? { href: "/orders", label: "Show all orders" } : undefined}
        />
      </>
    );
  }

  // The server's reads seed React Query, which owns the list and the counts from here on.
  const queryClient = new QueryClient();
  if (loaded.data.list) {
    queryClient.setQueryData(
      queryKeys.orders.list({
        view: params.view,
        page: params.page,
        count: params.count,
        createdSince: null,
        q: params.q ?? "",
      }),
      loaded.data.list,
    );
  }
  queryClient.setQueryData(queryKeys.orders.counts(), loaded.data.counts);

  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        {/* The store decides on every write; unknown permissions (null) are offered the action. */}
        <OrdersManager permissions={session.permissions} mayFulfil serverCounts={loaded.data.counts} />
      </HydrationBoundary>
    </>
  );
}
