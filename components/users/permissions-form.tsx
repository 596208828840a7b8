"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { updatePermissionsAction } from "@/lib/actions/users";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { updatePermissionsInput } from "@/lib/store/users/input";
import { type User, userPermissions } from "@/lib/store/users/model";
import { Button, buttonClasses } from "../ui/button";
import { FormAlert, Notice } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { toast } from "../ui/toast";
import { PermissionCheckboxes } from "./permission-checkboxes";
import { permissionInWords } from "./permission-words";
import { writeFailureMessage } from "@/lib/write-failure";

const known = new Set<string>(userPermissions);
const formFields = ["permissions"] as const;

export function PermissionsForm({ user, isSelf }: { user: User; isSelf: boolean }) {
  const router = useRouter();
  const list = useOptimisticList<User>(queryKeys.users.list(), queryKeys.users.all);
  const [formError, setFormError] = useState<string | null>(null);
  // Permissions this dashboard has no checkbox for are kept as they are.
  const unknown = user.permissions.filter((p) => !known.has(p));
  const knownOnes = user.permissions.filter((p) => known.has(p));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm({
    resolver: zodResolver(updatePermissionsInput),
    defaultValues: { id: user.id, permissions: knownOnes },
  });

  // After a re-read (an outcome Store Admin could not tell), show what the store holds.
  const stored = knownOnes.join(",");
  useEffect(() => {
    reset({ id: user.id, permissions: stored ? stored.split(",") : [] });
  }, [user.id, stored, reset]);

  const onSubmit = handleSubmit(async ({ permissions }) => {
    setFormError(null);
    const next = [...permissions, ...unknown];
    // Optimistic: the cached list shows the new permissions at once; rolled back on failure.
    const context = await list.apply((items) => items.map((u) => (u.id === user.id ? { ...u, permissions: next } : u)));
    const result = await updatePermissionsAction({ id: user.id, permissions: next });
    if (!result.ok) {
      list.rollback(context);
      if (signInAgainIfNeeded(result)) return;
      if (applyFieldErrors(setError, result.fieldErrors, formFields)) return;
      const message = writeFailureMessage(result, {
        failed: `save the permissions of ${user.email}`,
        happened: `the change to the permissions of ${user.email}`,
      });
      setFormError(message.text);
      if (message.reread) {
        await list.settle();
        router.refresh();
      }
      return;
    }
    const { user: saved, followsWithinMinutes: minutes } = result.data;
    // What the refresh guarantees (lib/session-refresh.ts): the store at once; the person's open Store Admin
    // on their next page when it is served by this dashboard, and in any case once their permissions are
    // `minutes` old.
    toast.success(`Saved the permissions of ${saved.email}.`, {
      description: isSelf
        ? "The store applies them at once; Store Admin follows from your next page."
        : `The store applies them at once. In Store Admin, ${saved.email} sees them from their next page (at the latest on a page opened ${minutes === 1 ? "1 minute" : `${minutes} minutes`} from now).`,
    });
    await list.settle();
    router.push("/users");
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
        {unknown.length ? (
          <p className="text-sm text-fg-muted">Also kept as they are: {unknown.map(permissionInWords).join(", ")}.</p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link href="/users" className={buttonClasses("secondary")}>
            Cancel
          </Link>
          <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
            Save permissions
          </Button>
          <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
        </div>
      </div>
    </form>
  );
}
