import type { Metadata } from "next";
import { CouponFormLoader } from "@/components/coupons/form-loader";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { getCoupon, storeCurrency } from "@/lib/store/coupons/api";
import { isCouponType } from "@/lib/store/coupons/model";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Edit coupon" };

export default async function EditCouponPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const couponPath = `/coupons/${encodeURIComponent(id)}`;
  const here = `${couponPath}/edit`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const loaded = await loadFromStore(here, async (store) => {
    const coupon = await getCoupon(store, id);
    // The coupon's own currency; a store that sends none on this type says it elsewhere.
    return { coupon, currency: coupon.currency ?? (await storeCurrency(store).catch(() => null)) ?? "USD" };
  });
  if (!loaded.ok) {
    const back = { href: "/coupons", label: "Back to coupons" };
    return (
      <>
        <PageHeader title="Edit coupon" back={back} />
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const { coupon, currency } = loaded.data;
  const name = coupon.name || `Coupon ${coupon.id}`;
  return (
    <div className="max-w-3xl">
      <PageHeader title="Edit coupon" description={name} back={{ href: couponPath, label: `Back to ${name}` }} />
      {isCouponType(coupon.type) ? (
        <CouponFormLoader coupon={coupon} currency={currency} />
      ) : (
        <Notice tone="warning" title="Store Admin cannot edit this coupon">
          Its type, “{coupon.type || "none"}”, is not one Store Admin knows. Change it in your store&apos;s own admin.
        </Notice>
      )}
    </div>
  );
}
