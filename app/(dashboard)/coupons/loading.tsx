import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingCoupons() {
  return (
    <>
      <PageHeader
        title="Coupons"
        description="Discounts and free shipping that customers get with a code at checkout."
      />
      <SkeletonRows label="Loading coupons…" rows={4} rowClassName="h-16" />
    </>
  );
}
