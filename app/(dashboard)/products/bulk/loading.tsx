import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingBulkEdit() {
  return (
    <>
      <PageHeader
        title="Bulk edit"
        description="Every product in one grid: change hundreds at once, review, then save."
      />
      <SkeletonRows label="Loading the grid…" rows={8} rowClassName="h-9" />
    </>
  );
}
