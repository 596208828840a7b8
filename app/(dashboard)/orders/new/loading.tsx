import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingNewOrder() {
  return (
    <div className="max-w-4xl">
      <PageHeader title="Create order" back={{ href: "/orders", label: "Back to orders" }} />
      <SkeletonRows label="Loading the form…" rows={3} rowClassName="h-40" />
    </div>
  );
}
