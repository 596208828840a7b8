"use client";

import Link from "next/link";
import { type MouseEvent, useRef, useState } from "react";
import { buttonClasses, type ButtonVariant } from "../ui/button";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog";
import { InviteUserForm } from "./invite-user-form";

/**
 * "Invite user": a link to /users/invite (a new tab, or a page without
 * JavaScript, still gets the form) that opens the form in a dialog instead.
 * Focus starts on Email and goes back to this link when the dialog closes.
 */
export function InviteUserDialog({ variant = "primary" }: { variant?: ButtonVariant }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);

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
      >
        Invite user
      </Link>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          wide
          title="Invite user"
          description="Give someone their own sign-in to your store's admin."
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById("invite-email")?.focus();
          }}
          // Opened by a link, not a Radix trigger: focus is handed back by hand.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <InviteUserForm
            onInvited={() => setOpen(false)}
            cancel={<DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
