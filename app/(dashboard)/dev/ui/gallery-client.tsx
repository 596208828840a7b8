"use client";

import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import UserX from "lucide-react/icons/user-x";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  RowActions,
} from "@/components/ui/dropdown-menu";
import { Pagination } from "@/components/ui/pagination";
import { TextField } from "@/components/ui/text-field";
import { ThemeSwitch } from "@/components/ui/theme-switch";
import { toast } from "@/components/ui/toast";

/** A button that shows its pending state for as long as it is toggled on. */
export function PendingDemo() {
  const [pending, setPending] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button pending={pending} pendingLabel="Saving…" onClick={() => setPending(true)}>
        Save changes
      </Button>
      <Button variant="secondary" onClick={() => setPending(false)} disabled={!pending}>
        Reset
      </Button>
    </div>
  );
}

export function RowActionsDemo({ name }: { name: string }) {
  return (
    <RowActions name={name}>
      <DropdownMenuItem icon={<Pencil />} onSelect={() => toast(`Edit ${name}`)}>
        Edit permissions
      </DropdownMenuItem>
      <DropdownMenuItem icon={<UserX />} onSelect={() => toast(`Deactivate ${name}`)}>
        Deactivate
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => toast.error(`Delete ${name}`)}>
        Delete
      </DropdownMenuItem>
    </RowActions>
  );
}

export function MenuDemo() {
  return (
    <DropdownMenu align="start" trigger={<button className={buttonClasses("secondary")}>Open a menu</button>}>
      <DropdownMenuLabel>Export</DropdownMenuLabel>
      <DropdownMenuItem>As CSV</DropdownMenuItem>
      <DropdownMenuItem disabled>As PDF (unavailable)</DropdownMenuItem>
    </DropdownMenu>
  );
}

export function DialogDemo() {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Dialog>
        <DialogTrigger className={buttonClasses("secondary")}>Open a form dialog</DialogTrigger>
        <DialogContent title="Rename the group" description="The name shows in the list of shipping groups." wide>
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              toast.success("Renamed the group.");
            }}
          >
            <TextField id="gallery-group-name" label="Name" defaultValue="Heavy parcels" required />
            <DialogFooter>
              <DialogClose className={buttonClasses("secondary")}>Cancel</DialogClose>
              <Button type="submit">Rename</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete a user…
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete ann@example.com?"
        description="They will no longer be able to sign in to the store's admin. This cannot be undone."
        confirmLabel="Delete user"
        onConfirm={() => {
          setConfirming(false);
          toast.success("ann@example.com was deleted.");
        }}
      />
    </div>
  );
}

export function ToastDemo() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => toast.success("Saved the permissions of ann@example.com.")}>
        Success toast
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          toast.error("Could not save.", { description: "The store is not answering. Nothing was changed." })
        }
      >
        Error toast
      </Button>
      <Button variant="secondary" onClick={() => toast("Copied the coupon code.")}>
        Plain toast
      </Button>
    </div>
  );
}

export function ButtonPaginationDemo() {
  const [page, setPage] = useState(0);
  // 45 items, 20 a page, total unknown: the third page is short, so it is the last.
  const itemCount = page < 2 ? 20 : 5;
  return (
    <Pagination
      page={page}
      pageSize={20}
      itemCount={itemCount}
      onPageChange={setPage}
      noun="orders"
      label="Pagination of orders"
    />
  );
}

export { ThemeSwitch };
