import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { groupName, optionName } from "@/components/shipping/group-name";
import { OptionEditorLoader } from "@/components/shipping/loaders";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { shippingCurrency } from "@/lib/store/products/api-shipping";
import { getShippingGroup } from "@/lib/store/shipping/api";

export const metadata: Metadata = { title: "Edit shipping option" };

export default async function EditShippingOptionPage({
  params,
}: {
  params: Promise<{ id: string; optionId: string }>;
}) {
  const { id, optionId } = await params;
  const groupHref = `/shipping/${encodeURIComponent(id)}`;
  const here = `${groupHref}/options/${encodeURIComponent(optionId)}`;
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
        <PageHeader title="Edit option" back={back} />
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const { group, currency } = loaded.data;
  const option = group.options.find((o) => o.id === optionId);
  if (!option) {
    const back = { href: groupHref, label: `Back to ${groupName(group)}` };
    return (
      <>
        <PageHeader title="Edit option" back={back} />
        <StoreProblemNotice
          problem={{
            status: 404,
            code: "not_found",
            message: `${groupName(group)} has no option with id ${optionId}. It may have been deleted.`,
            fields: {},
          }}
          retryHref={here}
          back={back}
        />
      </>
    );
  }
  return (
    <div className="max-w-5xl">
      <PageHeader
        title={`Edit ${optionName(option)}`}
        description={`An option of ${groupName(group)}: what it charges, and where it ships.`}
        breadcrumb={[
          { href: "/shipping", label: "Shipping" },
          { href: groupHref, label: groupName(group) },
        ]}
      />
      <OptionEditorLoader groupId={group.id} groupName={groupName(group)} currency={currency} option={option} />
    </div>
  );
}
