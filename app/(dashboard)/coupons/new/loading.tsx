import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingNewCoupon() {
  return (
    <div className="max-w-3xl">
      <PageHeader title="Create coupon" back={{ href: "/coupons", label: "Back to coupons" }} />
      <SkeletonRows label="Loading the form…" rows={3} rowClassName="h-40" />
    </div>
  );
}
