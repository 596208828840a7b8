import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function Loading() {
  return (
    <>
      <PageHeader title="Mail" />
      <SkeletonRows label="Loading mail…" rows={3} rowClassName="h-40" />
    </>
  );
}
