import { PageHeader } from "@/components/ui/page-header";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingOrder() {
  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader title="Order" back={{ href: "/orders", label: "Back to orders" }} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SkeletonRows label="Loading the order…" rows={3} rowClassName="h-20" className="lg:col-span-2" />
        <div className="space-y-6">
          <Skeleton className="h-48 rounded-lg" />
          <Skeleton className="h-48 rounded-lg" />
        </div>
      </div>
    </div>
  );
}
