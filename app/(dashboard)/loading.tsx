import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";

/** Any dashboard page while its server part loads: a header and rows in its shape. */
export default function Loading() {
  return (
    <>
      <div className="mb-6 space-y-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <SkeletonRows label="Loading the page…" rows={3} />
    </>
  );
}
