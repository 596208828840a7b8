"use client";

import { useRouter } from "next/navigation";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Button, buttonClasses, type ButtonVariant } from "../ui/button";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog";
import { SkeletonRows } from "../ui/skeleton";
import { toast } from "../ui/toast";
import type { GroupKind, NamedGroup } from "./name-form";

// The form (react-hook-form and zod, about 30 kB) is not needed until the
// dialog opens: it loads when the page is idle, or at the first sign of
// interest, as a chunk of its own (docs/architecture.md#budgets).
const loadForm = () => import("./name-form");
const GroupNameForm = lazy(() => loadForm().then((m) => ({ default: m.GroupNameForm })));

const base: Record<GroupKind, string> = { shipping: "/shipping", tax: "/tax" };
const noun: Record<GroupKind, string> = { shipping: "shipping group", tax: "tax group" };

function useIdleLoad() {
  useEffect(() => {
    const id = window.setTimeout(() => void loadForm(), 1000);
    return () => window.clearTimeout(id);
  }, []);
}

/** "Create shipping group" / "Create tax group": a dialog with the name; then the new group's page. */
export function CreateGroupDialog({ kind, variant = "primary" }: { kind: GroupKind; variant?: ButtonVariant }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useIdleLoad();
  const label = `Create ${noun[kind]}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        ref={trigger}
        variant={variant}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        {label}
      </Button>
      <DialogContent
        title={label}
        description={
          kind === "shipping"
            ? "Name it; you add its options next."
            : "Name it; you add its rules next. Choose the name with care: the store cannot rename a tax group through Store Admin."
        }
        onOpenAutoFocus={(event) => event.preventDefault()}
        // Opened by a plain button, not a Radix trigger: focus is handed back by hand.
        onCloseAutoFocus={(event) => {
          if (!trigger.current?.isConnected) return;
          event.preventDefault();
          trigger.current.focus();
        }}
      >
        <Suspense fallback={<SkeletonRows label="Loading the form…" rows={2} rowClassName="h-12" />}>
          <GroupNameForm
            kind={kind}
            cancel={<DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>}
            onDone={(group: NamedGroup) => {
              toast.success(
                `Created ${group.name}. ${kind === "shipping" ? "Now add its options." : "Now add its rules."}`,
              );
              setOpen(false);
              router.push(`${base[kind]}/${encodeURIComponent(group.id)}`);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** Renames a shipping group, in a dialog opened by its caller (a row's menu, the group's page). */
export function RenameGroupDialog({
  group,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  group: NamedGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened it: focus goes back there. */
  returnFocusTo: () => HTMLElement | null;
}) {
  const router = useRouter();
  useIdleLoad();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Rename ${group.name || "the group"}`}
        description="The new name shows here and beside each product of the group."
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo();
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <Suspense fallback={<SkeletonRows label="Loading the form…" rows={2} rowClassName="h-12" />}>
          <GroupNameForm
            kind="shipping"
            group={group}
            cancel={<DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>}
            onDone={(next) => {
              toast.success(`Renamed ${group.name} to ${next.name}.`);
              onOpenChange(false);
              router.refresh();
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
