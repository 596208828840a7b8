import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingCoupon() {
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader title="Coupon" back={{ href: "/coupons", label: "Back to coupons" }} />
      <Skeleton className="h-28 rounded-lg" />
      <SkeletonRows label="Loading the coupon and its codes…" rows={5} rowClassName="h-12" />
    </div>
  );
}
