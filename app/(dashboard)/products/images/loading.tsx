import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingImagesByName() {
  return (
    <>
      <PageHeader
        title="Images by file name"
        description="Drop product photos named after a SKU, an option’s SKU or a slug: check the matches, then upload them all."
      />
      <SkeletonRows label="Loading the image matcher…" rows={3} />
    </>
  );
}
