import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { PermissionsFormLoader } from "@/components/users/form-loaders";
import { UserStatusBadge } from "@/components/users/user-status-badge";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { getUser } from "@/lib/store/users/api";

export const metadata: Metadata = { title: "Edit permissions" };

const back = { href: "/users", label: "Back to users" };

export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/users/${encodeURIComponent(id)}`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const user = await loadFromStore(here, (store) => getUser(store, id));
  if (!user.ok) {
    return (
      <>
        <PageHeader title="Edit permissions" />
        {/* A 404 says "No user with id 42. It may have been deleted.": the way out is the list. */}
        <StoreProblemNotice problem={user.problem} retryHref={here} back={back} />
      </>
    );
  }

  const { email, status } = user.data;
  return (
    <div className="max-w-2xl">
      <PageHeader
        title="Edit permissions"
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium break-all text-fg">{email}</span>
            <UserStatusBadge status={status} />
          </span>
        }
      />
      <Card>
        <PermissionsFormLoader user={user.data} isSelf={user.data.id === session.userId} />
      </Card>
    </div>
  );
}
