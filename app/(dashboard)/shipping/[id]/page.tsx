import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { ShippingGroupView } from "@/components/shipping/group-view";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { shippingCurrency } from "@/lib/store/products/api-shipping";
import { getShippingGroup } from "@/lib/store/shipping/api";

export const metadata: Metadata = { title: "Shipping group" };

const back = { href: "/shipping", label: "Back to shipping" };

export default async function ShippingGroupPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/shipping/${encodeURIComponent(id)}`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const loaded = await loadFromStore(here, async (store) => {
    const group = await getShippingGroup(store, id);
    return { group, currency: await shippingCurrency(store, group) };
  });
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title="Shipping group" back={back} />
        {/* A 404 says "No shipping group with id 42. It may have been deleted.": the way out is the list. */}
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }

  const { group, currency } = loaded.data;
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.shipping.one(group.id), group);

  return (
    <div className="max-w-5xl">
      {/* The header is the view's: the name follows a rename at once. */}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ShippingGroupView groupId={group.id} currency={currency} />
      </HydrationBoundary>
    </div>
  );
}
