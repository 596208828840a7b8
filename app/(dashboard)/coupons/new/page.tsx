import type { Metadata } from "next";
import { CouponFormLoader } from "@/components/coupons/form-loader";
import { NoAccess } from "@/components/no-access";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { storeCurrency } from "@/lib/store/coupons/api";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Create coupon" };

const here = "/coupons/new";

export default async function NewCouponPage() {
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  // For the amounts only: a store that does not say is taken to count in US dollars.
  const currency = await loadFromStore(here, (store) => storeCurrency(store));
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Create coupon"
        description="A discount or free shipping, for the days you choose, with one code or many."
        back={{ href: "/coupons", label: "Back to coupons" }}
      />
      <CouponFormLoader coupon={null} currency={(currency.ok && currency.data) || "USD"} />
    </div>
  );
}
