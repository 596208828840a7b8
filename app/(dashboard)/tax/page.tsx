import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { CreateGroupDialog } from "@/components/groups/name-dialog";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { TaxGroupsManager } from "@/components/tax/groups-manager";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { listTaxGroups } from "@/lib/store/tax/api";

export const metadata: Metadata = { title: "Tax" };

const taxDescription = "Tax groups, each with the rates its products are taxed at, by where an order goes.";

export default async function TaxPage() {
  const session = await requireSession("/tax");
  const section = sectionAt("/tax")!;
  // Showing only: the store decides (a store that names no permissions gets the page and answers for itself).
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const groups = await loadFromStore("/tax", listTaxGroups);
  const header = (
    <PageHeader
      title="Tax"
      description={taxDescription}
      actions={groups.ok ? <CreateGroupDialog kind="tax" /> : null}
    />
  );

  if (!groups.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={groups.problem} retryHref="/tax" />
      </>
    );
  }

  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.tax.list(), groups.data);

  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <TaxGroupsManager />
      </HydrationBoundary>
    </>
  );
}
