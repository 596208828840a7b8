import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { InviteUserDialog } from "@/components/users/invite-user-dialog";
import { UsersManager } from "@/components/users/users-manager";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { listUsers } from "@/lib/store/users/api";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const session = await requireSession("/users");
  const section = sectionAt("/users")!;
  // Showing only: the store decides (a store that names no permissions gets the page and answers for itself).
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const users = await loadFromStore("/users", listUsers);
  const header = (
    <PageHeader
      title="Users"
      description="The people who can sign in to your store's admin, and what each may do."
      actions={users.ok ? <InviteUserDialog /> : null}
    />
  );

  if (!users.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={users.problem} retryHref="/users" />
      </>
    );
  }

  // The server's fetch seeds React Query, which owns the list from here on.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.users.list(), users.data);

  return (
    <>
      {header}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <UsersManager currentUserId={session.userId} />
      </HydrationBoundary>
    </>
  );
}
