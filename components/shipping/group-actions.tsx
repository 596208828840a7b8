"use client";

import { useQueryClient } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useRef, useState } from "react";
import { deleteShippingGroupAction } from "@/lib/actions/shipping";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { RenameGroupDialog } from "../groups/name-dialog";
import { Button, buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { groupName } from "./group-name";

// What deleting says (it counts the group's products) loads when the confirmation opens: the page stays
// within its first-load budget (docs/architecture.md#budgets).
const DeleteGroupWords = lazy(() => import("./delete-group-words").then((m) => ({ default: m.DeleteGroupWords })));

/** A shipping group's page actions: add an option, rename the group, delete it (confirmed). */
export function ShippingGroupActions({
  group,
  onProblem,
}: {
  group: { id: string; name: string };
  /** A failure to tell in the page (null clears it). */
  onProblem: (text: string | null) => void;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [pending, setPending] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const name = groupName(group);

  async function remove() {
    setPending(true);
    onProblem(null);
    const result = await deleteShippingGroupAction({ id: group.id });
    setPending(false);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const message = writeFailureMessage(result, { failed: `delete ${name}`, happened: `the deletion of ${name}` });
      onProblem(message.text);
      if (message.reread) await queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all });
    toast.success(`Deleted ${name}.`);
    router.push("/shipping");
  }

  return (
    <>
      <Link href={`/shipping/${encodeURIComponent(group.id)}/options/new`} className={buttonClasses("primary")}>
        <Plus aria-hidden="true" />
        Add option
      </Link>
      <Button ref={renameButton} variant="secondary" aria-haspopup="dialog" onClick={() => setRenaming(true)}>
        <Pencil aria-hidden="true" />
        Rename
      </Button>
      <Button
        ref={deleteButton}
        variant="secondary"
        aria-haspopup="dialog"
        pending={pending}
        pendingLabel="Deleting…"
        onClick={() => setDeleting(true)}
      >
        <Trash2 aria-hidden="true" />
        Delete group
      </Button>
      <RenameGroupDialog
        group={group}
        open={renaming}
        onOpenChange={setRenaming}
        returnFocusTo={() => renameButton.current}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${name}?`}
        description={
          deleting ? (
            <Suspense
              fallback={
                <span role="status" className="block font-medium text-fg">
                  Counting the products in this group…
                </span>
              }
            >
              <DeleteGroupWords groupId={group.id} open />
            </Suspense>
          ) : null
        }
        confirmLabel="Delete group"
        returnFocusTo={() => deleteButton.current}
        focusAfterConfirm={() => deleteButton.current}
        onConfirm={() => {
          setDeleting(false);
          void remove();
        }}
      />
    </>
  );
}
