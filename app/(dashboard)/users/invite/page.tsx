import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { InviteUserForm } from "@/components/users/invite-user-form";
import { requireSession } from "@/lib/session";

export const metadata: Metadata = { title: "Invite user" };

export default async function InviteUserPage() {
  await requireSession("/users/invite");
  return (
    <>
      <PageHeader
        title="Invite user"
        description="Give someone their own sign-in to your store's admin. New users get every permission unless you untick some."
      />
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6">
        <InviteUserForm />
      </div>
    </>
  );
}
