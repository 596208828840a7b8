"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { createShippingGroupAction, renameShippingGroupAction } from "@/lib/actions/shipping";
import { createTaxGroupAction } from "@/lib/actions/tax";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { groupNameField } from "@/lib/store/shipping/input";
import { Button } from "../ui/button";
import { FormAlert } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { TextField } from "../ui/text-field";
import { writeFailureMessage } from "@/lib/write-failure";

export type GroupKind = "shipping" | "tax";

export interface NamedGroup {
  id: string;
  name: string;
}

const nameInput = z.object({ name: groupNameField });
const formFields = ["name"] as const;

const words: Record<GroupKind, { noun: string; hint: string }> = {
  shipping: { noun: "shipping group", hint: "Products are put in a group; its options set what they cost to ship." },
  tax: { noun: "tax group", hint: "Products are put in a group; its rules set their tax. It cannot be renamed later." },
};

/**
 * The name of a shipping or tax group: creating one (both), or renaming a
 * shipping group (the contract has no way to rename a tax group). The store's
 * refusal of the name shows under the field; any other failure above it.
 */
export function GroupNameForm({
  kind,
  group,
  onDone,
  cancel,
}: {
  kind: GroupKind;
  /** The shipping group to rename; absent to create a group. */
  group?: NamedGroup;
  /** After the store took it (a toast is the caller's). */
  onDone: (group: NamedGroup) => void | Promise<void>;
  cancel: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, submitCount },
  } = useForm({ resolver: zodResolver(nameInput), defaultValues: { name: group?.name ?? "" } });
  useEffect(() => setFocus("name", { shouldSelect: Boolean(group) }), [setFocus, group]);
  const w = words[kind];

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null);
    const result =
      kind === "tax"
        ? await createTaxGroupAction({ name })
        : group
          ? await renameShippingGroupAction({ id: group.id, name })
          : await createShippingGroupAction({ name });
    const all = kind === "tax" ? queryKeys.tax.all : queryKeys.shipping.all;
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      if (applyFieldErrors(setError, result.fieldErrors, formFields)) return;
      const message = writeFailureMessage(
        result,
        group
          ? { failed: `rename ${group.name}`, happened: `the renaming of ${group.name}` }
          : { failed: `create the ${w.noun} ${name}`, happened: `the creation of the ${w.noun} ${name}` },
      );
      if (message.reread) await queryClient.invalidateQueries({ queryKey: all });
      setFormError(message.text);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: all });
    await onDone({ id: result.data.id, name: result.data.name || name });
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="mt-4">
      <FormAlert message={formError} />
      <TextField
        id={`${kind}-group-name`}
        label="Name"
        hint={group ? undefined : w.hint}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register("name")}
      />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" pending={isSubmitting} pendingLabel={group ? "Renaming…" : "Creating…"}>
          {group ? "Rename group" : `Create ${w.noun}`}
        </Button>
        <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
      </div>
    </form>
  );
}
