import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingShipping() {
  return (
    <>
      <PageHeader
        title="Shipping"
        description="Shipping groups, each with options that set what an order pays for delivery."
      />
      <SkeletonRows label="Loading shipping groups…" rows={3} rowClassName="h-14" />
    </>
  );
}
