import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingInventory() {
  return (
    <>
      <PageHeader
        title="Inventory"
        description="The stock of every option and extra: filter what runs low, change counts, review, then save."
      />
      <SkeletonRows label="Loading the inventory…" rows={8} rowClassName="h-9" />
    </>
  );
}
