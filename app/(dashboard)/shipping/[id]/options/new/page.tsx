import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { groupName } from "@/components/shipping/group-name";
import { OptionEditorLoader } from "@/components/shipping/loaders";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { shippingCurrency } from "@/lib/store/products/api-shipping";
import { getShippingGroup } from "@/lib/store/shipping/api";

export const metadata: Metadata = { title: "New shipping option" };

export default async function NewShippingOptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const groupHref = `/shipping/${encodeURIComponent(id)}`;
  const here = `${groupHref}/options/new`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const loaded = await loadFromStore(here, async (store) => {
    const group = await getShippingGroup(store, id);
    return { group, currency: await shippingCurrency(store, group) };
  });
  if (!loaded.ok) {
    const back = { href: "/shipping", label: "Back to shipping" };
    return (
      <>
        <PageHeader title="New option" back={back} />
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const { group, currency } = loaded.data;
  return (
    <div className="max-w-5xl">
      <PageHeader
        title="New option"
        description={`An option of ${groupName(group)}: what it charges, and where it ships.`}
        breadcrumb={[
          { href: "/shipping", label: "Shipping" },
          { href: groupHref, label: groupName(group) },
        ]}
      />
      <OptionEditorLoader groupId={group.id} groupName={groupName(group)} currency={currency} option={null} />
    </div>
  );
}
