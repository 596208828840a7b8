import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { InviteUserFormLoader } from "@/components/users/form-loaders";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";

export const metadata: Metadata = { title: "Invite user" };

/** The invite form on a page of its own: a direct link, or a new tab from the Users page's dialog. */
export default async function InviteUserPage() {
  const session = await requireSession("/users/invite");
  const section = sectionAt("/users/invite")!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;
  return (
    <div className="max-w-2xl">
      <PageHeader
        title="Invite user"
        description="Give someone their own sign-in to your store's admin."
        back={{ href: "/users", label: "Back to users" }}
      />
      <Card>
        <InviteUserFormLoader />
      </Card>
    </div>
  );
}
