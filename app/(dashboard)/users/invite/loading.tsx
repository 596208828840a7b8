import { PageHeader } from "@/components/ui/page-header";
import { SkeletonRows } from "@/components/ui/skeleton";

export default function LoadingInvite() {
  return (
    <div className="max-w-2xl">
      <PageHeader title="Invite user" back={{ href: "/users", label: "Back to users" }} />
      <SkeletonRows label="Loading the invite form…" rows={3} rowClassName="h-20" />
    </div>
  );
}
