import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingShippingGroup() {
  return (
    <div className="max-w-5xl">
      <PageHeader title="Shipping group" back={{ href: "/shipping", label: "Back to shipping" }} />
      <SkeletonRows label="Loading the shipping group…" rows={3} rowClassName="h-20" />
    </div>
  );
}
