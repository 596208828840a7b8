"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { inviteUserAction } from "@/lib/actions/users";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { inviteUserInput } from "@/lib/store/users/input";
import { type User, userPermissions } from "@/lib/store/users/model";
import { buttonClasses } from "../ui/button";
import { FormAlert } from "../ui/notice";
import { TextField } from "../ui/text-field";
import { PermissionCheckboxes } from "./permission-checkboxes";

const formFields = ["email", "password", "permissions"] as const;

export function InviteUserForm() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(inviteUserInput),
    defaultValues: { email: "", password: "", permissions: [...userPermissions] },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await inviteUserAction(values);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      if (!applyFieldErrors(setError, result.fieldErrors, formFields)) setFormError(result.error);
      return;
    }
    queryClient.setQueryData<User[]>(queryKeys.users.list(), (users) => (users ? [...users, result.data] : users));
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    router.push(`/users?invited=${encodeURIComponent(result.data.email)}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert message={formError} />
      <div className="space-y-6">
        <TextField
          id="invite-email"
          label="E-mail"
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="invite-password"
          label="Password (optional)"
          hint="Leave it empty and the store e-mails them a link to choose their own."
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <PermissionCheckboxes
          idPrefix="invite"
          register={register("permissions")}
          error={errors.permissions?.message}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link href="/users" className={buttonClasses("secondary")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClasses("primary")} disabled={isSubmitting}>
            {isSubmitting ? "Inviting…" : "Invite user"}
          </button>
        </div>
      </div>
    </form>
  );
}
