import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { CreateGroupDialog } from "@/components/groups/name-dialog";
import { ShippingGroupsManager } from "@/components/shipping/groups-manager";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { listShippingGroups } from "@/lib/store/shipping/api";

export const metadata: Metadata = { title: "Shipping" };

const shippingDescription = "Shipping groups, each with options that set what an order pays for delivery.";

export default async function ShippingPage() {
  const session = await requireSession("/shipping");
  const section = sectionAt("/shipping")!;
  // Showing only: the store decides (a store that names no permissions gets the page and answers for itself).
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const groups = await loadFromStore("/shipping", listShippingGroups);
  const header = (
    <PageHeader
      title="Shipping"
      description={shippingDescription}
      actions={groups.ok ? <CreateGroupDialog kind="shipping" /> : null}
    />
  );

  if (!groups.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={groups.problem} retryHref="/shipping" />
      </>
    );
  }

  // The server's read seeds React Query, which owns the list from here on.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.shipping.list(), groups.data);

  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ShippingGroupsManager />
      </HydrationBoundary>
    </>
  );
}
