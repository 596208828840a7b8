import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingOrders() {
  return (
    <>
      <PageHeader title="Orders" description="What customers bought: fulfil what is waiting, follow up on payments." />
      <div className="mb-4 flex gap-2 border-b border-border pb-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-20" />
        ))}
      </div>
      <div className="mb-5 flex flex-wrap gap-4">
        <Skeleton className="h-16 w-56" />
        <Skeleton className="h-16 w-44" />
      </div>
      <SkeletonRows label="Loading orders…" rows={6} rowClassName="h-14" />
    </>
  );
}
