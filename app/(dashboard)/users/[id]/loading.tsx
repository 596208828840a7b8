import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingUser() {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Edit permissions" back={{ href: "/users", label: "Back to users" }} />
      <SkeletonRows label="Loading the user's permissions…" rows={3} rowClassName="h-20" />
    </div>
  );
}
