import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { NewOrderFormLoader } from "@/components/orders/new/form-loader";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { storeCurrency } from "@/lib/store/coupons/api";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Create order" };

const here = "/orders/new";

/**
 * A new API order (docs/contract.md#orders): products with their options and
 * extras, the customer's addresses, a coupon. Its totals are estimated as the
 * form is filled in (components/orders/new/estimate.ts, docs/contract.md#pricing);
 * the store prices the order when it is created.
 */
export default async function NewOrderPage() {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  // For the amounts only: a store that does not say is taken to count in US dollars.
  const currency = await loadFromStore(here, (store) => storeCurrency(store));
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Create order"
        description="An order you take yourself, such as by phone or email. Its totals are estimated as you go; the store prices it when it is created."
        back={{ href: "/orders", label: "Back to orders" }}
      />
      <NewOrderFormLoader currency={(currency.ok && currency.data) || "USD"} />
    </div>
  );
}
