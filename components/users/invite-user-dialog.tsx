"use client";

import Link from "next/link";
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import { buttonClasses, type ButtonVariant } from "../ui/button";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog";
import { SkeletonRows } from "../ui/skeleton";

// The form (react-hook-form and its schema, about 30 kB) is not needed until
// the dialog opens: it loads when the page is idle, or at the first sign of
// interest (hover, focus), and is there by the time anyone clicks
// (docs/architecture.md#budgets).
const loadForm = () => import("./invite-user-form");
const InviteUserForm = lazy(() => loadForm().then((m) => ({ default: m.InviteUserForm })));

/**
 * "Invite user": a link to /users/invite (a new tab, or a page without
 * JavaScript, still gets the form) that opens the form in a dialog instead.
 * Focus starts on Email and goes back to this link when the dialog closes.
 */
export function InviteUserDialog({ variant = "primary" }: { variant?: ButtonVariant }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const id = window.setTimeout(() => void loadForm(), 1000);
    return () => window.clearTimeout(id);
  }, []);

  function openDialog(event: MouseEvent<HTMLAnchorElement>) {
    // A click meant for a new tab or window goes to the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <Link
        ref={trigger}
        href="/users/invite"
        className={buttonClasses(variant)}
        aria-haspopup="dialog"
        onClick={openDialog}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        Invite user
      </Link>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          wide
          title="Invite user"
          description="Give someone their own sign-in to your store's admin."
          // The form puts focus in Email once it is there (focusEmail).
          onOpenAutoFocus={(event) => event.preventDefault()}
          // Opened by a link, not a Radix trigger: focus is handed back by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <Suspense fallback={<SkeletonRows label="Loading the form…" rows={3} rowClassName="h-12" />}>
            <InviteUserForm
              focusEmail
              onInvited={() => setOpen(false)}
              cancel={<DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>}
            />
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}
