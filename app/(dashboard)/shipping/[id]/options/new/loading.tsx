import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingNewShippingOption() {
  return (
    <div className="max-w-5xl">
      <PageHeader title="New option" />
      <SkeletonRows label="Loading the form…" rows={4} rowClassName="h-32" />
    </div>
  );
}
