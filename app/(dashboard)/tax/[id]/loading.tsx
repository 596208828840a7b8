import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingTaxGroup() {
  return (
    <div className="max-w-5xl">
      <PageHeader title="Tax group" back={{ href: "/tax", label: "Back to tax" }} />
      <SkeletonRows label="Loading the tax group…" rows={3} rowClassName="h-16" />
    </div>
  );
}
