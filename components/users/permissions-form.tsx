"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { updatePermissionsAction } from "@/lib/actions/users";
import { queryKeys } from "@/lib/query-keys";
import { updatePermissionsInput } from "@/lib/store/user-input";
import { type User, userPermissions } from "@/lib/store/user-model";
import { buttonClasses } from "../ui/button";
import { Notice, FormAlert } from "../ui/notice";
import { useActionFailure } from "../use-action-failure";
import { PermissionCheckboxes } from "./permission-checkboxes";

const known = new Set<string>(userPermissions);
const listKey = queryKeys.users.list();

export function PermissionsForm({ user, isSelf }: { user: User; isSelf: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const handleFailure = useActionFailure();
  const [formError, setFormError] = useState<string | null>(null);
  // Permissions this dashboard has no checkbox for are kept as they are.
  const unknown = user.permissions.filter((p) => !known.has(p));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(updatePermissionsInput),
    defaultValues: { id: user.id, permissions: user.permissions.filter((p) => known.has(p)) },
  });

  const onSubmit = handleSubmit(async ({ permissions }) => {
    setFormError(null);
    const next = [...permissions, ...unknown];
    // Optimistic: the list shows the new permissions at once; rolled back below on failure.
    const previous = queryClient.getQueryData<User[]>(listKey);
    if (previous) {
      queryClient.setQueryData<User[]>(
        listKey,
        previous.map((u) => (u.id === user.id ? { ...u, permissions: next } : u)),
      );
    }
    const result = await updatePermissionsAction({ id: user.id, permissions: next });
    if (!result.ok) {
      if (previous) queryClient.setQueryData(listKey, previous);
      if (handleFailure(result)) return;
      setFormError(`Could not save. ${result.error} The permissions were not changed.`);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    router.push(`/users?saved=${encodeURIComponent(result.data.email)}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={formError} />
      <div className="space-y-6">
        {isSelf ? (
          <Notice tone="warning">
            These are your own permissions. Without Manage users you can no longer open this page.
          </Notice>
        ) : null}
        <PermissionCheckboxes idPrefix="edit" register={register("permissions")} error={errors.permissions?.message} />
        {unknown.length ? <p className="text-sm text-gray-700">Also kept as they are: {unknown.join(", ")}.</p> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link href="/users" className={buttonClasses("secondary")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClasses("primary")} disabled={isSubmitting}>
            {isSubmitting ? "Saving…" : "Save permissions"}
          </button>
        </div>
      </div>
    </form>
  );
}
