"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { inviteUserAction } from "@/lib/actions/users";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { inviteUserInput } from "@/lib/store/users/input";
import type { User } from "@/lib/store/users/model";
import { Button, buttonClasses } from "../ui/button";
import { FormAlert } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { TextField } from "../ui/text-field";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { PermissionCheckboxes } from "./permission-checkboxes";

const formFields = ["email", "password", "permissions"] as const;

/**
 * Invite someone: their email, what they may do (nothing ticked to start
 * with: access is given on purpose), and by default an invitation email with
 * a link to set their own password. The same form serves the dialog on the
 * Users page and the narrow /users/invite page.
 */
export function InviteUserForm({
  onInvited,
  cancel,
  focusEmail = false,
}: {
  /** Put the keyboard in the Email field when the form appears (it opens a dialog). */
  focusEmail?: boolean;
  /** After the store has the user (the toast is already shown): close the dialog. Default: back to the list. */
  onInvited?: (user: User) => void;
  /** The way out: the dialog's Close. Default: a link back to the list. */
  cancel?: ReactNode;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [withPassword, setWithPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors, isSubmitting, submitCount },
  } = useForm({
    resolver: zodResolver(inviteUserInput),
    defaultValues: { email: "", password: "", permissions: [] },
  });
  useEffect(() => {
    if (focusEmail) setFocus("email");
  }, [focusEmail, setFocus]);
  // Focus follows the switch between an invitation and a password.
  const toggled = useRef(false);
  const showPasswordButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!toggled.current) return;
    if (withPassword) setFocus("password");
    else showPasswordButton.current?.focus();
  }, [withPassword, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // An empty list is sent as such: the store gives everything to a user
    // whose list is left out (docs/contract.md#users).
    const result = await inviteUserAction({ ...values, permissions: values.permissions ?? [] });
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      if (applyFieldErrors(setError, result.fieldErrors, formFields)) return;
      const message = writeFailureMessage(result, {
        failed: `invite ${values.email}`,
        happened: `the invitation of ${values.email}`,
      });
      if (message.reread) await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
      setFormError(message.text);
      return;
    }
    const user = result.data;
    toast.success(
      values.password
        ? `Invited ${user.email}. They can sign in with the password you set.`
        : `Invited ${user.email}. They will get an email to set their password.`,
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    if (onInvited) onInvited(user);
    else router.push("/users");
  });

  return (
    // POST, never GET: without JavaScript a GET would put the password in the address.
    <form method="post" onSubmit={onSubmit} noValidate className="mt-4">
      <FormAlert message={formError} />
      <div className="space-y-6">
        <TextField
          id="invite-email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <PermissionCheckboxes
          idPrefix="invite"
          hint="Tick what they may do. You can change it later."
          register={register("permissions")}
          error={errors.permissions?.message}
        />
        <div>
          {withPassword ? (
            <div className="space-y-2">
              <TextField
                id="invite-password"
                label="Password"
                hint="At least 8 characters. Give it to them yourself: no email is sent."
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...register("password")}
              />
              <Button
                variant="ghost"
                size="sm"
                className="-ms-3 text-accent"
                onClick={() => {
                  setValue("password", "");
                  toggled.current = true;
                  setWithPassword(false);
                }}
              >
                Send them an email invitation instead
              </Button>
            </div>
          ) : (
            <>
              <p className="text-sm text-fg-muted">
                They get an email with a link to set their own password. The link works once, for 7 days.
              </p>
              <Button
                variant="ghost"
                size="sm"
                className="-ms-3 mt-1 text-accent"
                ref={showPasswordButton}
                onClick={() => {
                  toggled.current = true;
                  setWithPassword(true);
                }}
              >
                Set a password for them instead
              </Button>
            </>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {cancel ?? (
            <Link href="/users" className={buttonClasses("secondary")}>
              Cancel
            </Link>
          )}
          <Button type="submit" pending={isSubmitting} pendingLabel="Inviting…">
            Invite user
          </Button>
          <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
        </div>
      </div>
    </form>
  );
}
