import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { CouponsManager } from "@/components/coupons/coupons-manager";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { listCoupons } from "@/lib/store/coupons/api";
import { unixNow } from "@/lib/store/coupons/model";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Coupons" };

const couponsDescription = "Discounts and free shipping that customers get with a code at checkout.";

export default async function CouponsPage() {
  const session = await requireSession("/coupons");
  const section = sectionAt("/coupons")!;
  // Showing only: the store decides (a store that names no permissions gets the page and answers for itself).
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  // `now` is when the list was read: the server's render and the browser's agree on what is active.
  const coupons = await loadFromStore("/coupons", async (store) => ({
    list: await listCoupons(store),
    now: unixNow(),
  }));
  const header = (
    <PageHeader
      title="Coupons"
      description={couponsDescription}
      actions={
        coupons.ok ? (
          <Link href="/coupons/new" className={buttonClasses()}>
            Create coupon
          </Link>
        ) : null
      }
    />
  );

  if (!coupons.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={coupons.problem} retryHref="/coupons" />
      </>
    );
  }

  // The server's read seeds React Query, which owns the list from here on.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.coupons.list(), coupons.data.list);

  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CouponsManager now={coupons.data.now} />
      </HydrationBoundary>
    </>
  );
}
