import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingTax() {
  return (
    <>
      <PageHeader
        title="Tax"
        description="Tax groups, each with the rates its products are taxed at, by where an order goes."
      />
      <SkeletonRows label="Loading tax groups…" rows={3} rowClassName="h-14" />
    </>
  );
}
