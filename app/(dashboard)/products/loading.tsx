import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingProducts() {
  return (
    <>
      <PageHeader title="Products" description="What your store sells: each product's status, price and stock." />
      <SkeletonRows label="Loading products…" rows={6} rowClassName="h-16" />
    </>
  );
}
