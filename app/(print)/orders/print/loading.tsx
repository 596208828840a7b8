import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingPrint() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold text-fg">Packing slips</h1>
      <SkeletonRows label="Preparing the packing slips…" rows={3} rowClassName="h-64" />
    </>
  );
}
