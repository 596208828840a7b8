import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingUsers() {
  return (
    <>
      <PageHeader title="Users" description="The people who can sign in to your store's admin, and what each may do." />
      <SkeletonRows label="Loading users…" rows={4} rowClassName="h-14" />
    </>
  );
}
