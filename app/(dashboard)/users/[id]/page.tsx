import type { Metadata } from "next";
import Link from "next/link";
import { StoreProblemNotice } from "@/components/store-problem";
import { PageHeader } from "@/components/ui/page-header";
import { PermissionsForm } from "@/components/users/permissions-form";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { getUser } from "@/lib/store/users/api";

export const metadata: Metadata = { title: "Edit permissions" };

export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/users/${encodeURIComponent(id)}`;
  const session = await requireSession(here);
  const user = await loadFromStore(here, (store) => getUser(store, id));

  if (!user.ok) {
    return (
      <>
        <PageHeader title="Edit permissions" />
        <StoreProblemNotice problem={user.problem} retryHref={here} />
        <p className="mt-4 text-sm">
          <Link href="/users" className="font-medium text-accent underline">
            Back to users
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Edit permissions" description={<span className="break-all">{user.data.email}</span>} />
      <div className="rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6">
        <PermissionsForm user={user.data} isSelf={user.data.id === session.userId} />
      </div>
    </>
  );
}
