import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";

// In the (list) route group with the list's page: a loading.tsx wraps every route below its folder,
// so in orders/ this skeleton also showed on the way to a new order's page or an order's page
// whenever the router had not prefetched it (their own loading states come only with their prefetch).
export default function LoadingOrders() {
  return (
    <>
      <PageHeader title="Orders" description="What customers bought: fulfil what is waiting, follow up on payments." />
      {/* A phone chooses the view from a select, a wider screen from tabs (components/orders/list). */}
      <Skeleton className="mb-4 h-16 w-full md:hidden" />
      <div className="mb-4 flex gap-2 border-b border-border pb-2 max-md:hidden">
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
