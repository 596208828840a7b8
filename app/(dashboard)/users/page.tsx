import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { UsersManager } from "@/components/users/users-manager";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { listUsers } from "@/lib/store/users/api";

export const metadata: Metadata = { title: "Users" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function flash(params: Awaited<SearchParams>): string | null {
  const invited = params.invited;
  const saved = params.saved;
  if (typeof invited === "string" && invited) return `Invited ${invited}.`;
  if (typeof saved === "string" && saved) return `Saved the permissions of ${saved}.`;
  return null;
}

export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const session = await requireSession("/users");
  const users = await loadFromStore("/users", listUsers);

  const header = (
    <PageHeader
      title="Users"
      description="The people who can sign in to your store's admin, and what each of them may do."
      actions={
        users.ok ? (
          <Link href="/users/invite" className={buttonClasses("primary")}>
            Invite user
          </Link>
        ) : null
      }
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
        <UsersManager currentUserId={session.userId} notice={flash(await searchParams)} />
      </HydrationBoundary>
    </>
  );
}
