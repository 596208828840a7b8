import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { FixedGroupNote } from "@/components/tax/fixed-group-note";
import { taxGroupName } from "@/components/tax/group-name";
import { RulesEditorLoader } from "@/components/tax/loaders";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { getTaxGroup } from "@/lib/store/tax/api";

export const metadata: Metadata = { title: "Tax group" };

const back = { href: "/tax", label: "Back to tax" };

export default async function TaxGroupPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/tax/${encodeURIComponent(id)}`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const group = await loadFromStore(here, (store) => getTaxGroup(store, id));
  if (!group.ok) {
    return (
      <>
        <PageHeader title="Tax group" back={back} />
        <StoreProblemNotice problem={group.problem} retryHref={here} back={back} />
      </>
    );
  }

  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.tax.one(group.data.id), group.data);

  return (
    <div className="max-w-5xl">
      <PageHeader
        title={taxGroupName(group.data)}
        back={back}
        description="Its rules set the tax of the group's products, by where an order goes."
        // Where a person looks to rename or delete the group: why they cannot.
        actions={<FixedGroupNote />}
      />
      <Card
        id="tax-rules"
        title="Rules"
        description="For an address, the rule for its country and region applies, else the rule for its whole country, else no tax. A rule that taxes shipping also taxes the order's shipping (the first such rule among the order's items)."
      >
        <HydrationBoundary state={dehydrate(queryClient)}>
          <RulesEditorLoader groupId={group.data.id} groupName={taxGroupName(group.data)} />
        </HydrationBoundary>
      </Card>
    </div>
  );
}
