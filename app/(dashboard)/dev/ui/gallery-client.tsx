"use client";

import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import UserX from "lucide-react/icons/user-x";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { ChoiceTiles } from "@/components/ui/choice-tiles";
import { ConfirmDialog, Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  RowActions,
} from "@/components/ui/dropdown-menu";
import { KeyValueEditor, type KeyValuePair, pairErrors } from "@/components/ui/key-value-editor";
import { Pagination } from "@/components/ui/pagination";
import { SortableList } from "@/components/ui/sortable-list";
import { TagInput } from "@/components/ui/tag-input";
import { Field } from "@/components/ui/field";
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

const galleryImages = [
  { key: "front", label: "Front view", tone: "border-info-border bg-info-soft" },
  { key: "side", label: "Side view", tone: "border-success-border bg-success-soft" },
  { key: "back", label: "Back view", tone: "border-warning-border bg-warning-soft" },
  { key: "handle", label: "Handle detail", tone: "border-danger-border bg-danger-soft" },
  { key: "box", label: "Gift box", tone: "border-border bg-accent-soft" },
];

/** Five images, reordered by drag or keyboard; the order is shown under the list. */
export function SortableListDemo() {
  const [images, setImages] = useState(galleryImages);
  return (
    <div className="space-y-3">
      <SortableList
        label="Images"
        items={images}
        getKey={(image) => image.key}
        getLabel={(image) => image.label}
        onReorder={setImages}
        className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
        itemClassName="flex items-center gap-3 rounded-md border border-border bg-surface p-2"
        renderItem={(image, { index, handle }) => (
          <>
            {handle}
            <span aria-hidden="true" className={`size-10 shrink-0 rounded-sm border ${image.tone}`} />
            <span className="min-w-0 flex-1 text-sm text-fg">
              {image.label}
              <span className="block text-xs text-fg-muted">Position {index + 1}</span>
            </span>
          </>
        )}
      />
      <p className="text-sm text-fg-muted">
        Saved order: <span data-testid="saved-order">{images.map((image) => image.label).join(", ")}</span>
      </p>
    </div>
  );
}

/** One of three, as tiles: the choice shows under them. */
export function ChoiceTilesDemo() {
  const [charge, setCharge] = useState("flat_fee");
  return (
    <div className="space-y-2">
      <ChoiceTiles
        id="gallery-charge"
        legend="Charge"
        columns={3}
        value={charge}
        onChange={setCharge}
        error={charge === "none" ? "choose how the order is charged" : undefined}
        choices={[
          { value: "flat_fee", label: "A flat fee", description: "The same amount for every order." },
          { value: "percentage", label: "A percentage", description: "A share of what the items cost." },
          { value: "none", label: "Nothing", description: "Shows the group's error under the tiles." },
        ]}
      />
      <p className="text-sm text-fg-muted">
        Chosen: <span data-testid="chosen-charge">{charge}</span>
      </p>
    </div>
  );
}

export function TagInputDemo() {
  const [tags, setTags] = useState(["Mugs", "Kitchen"]);
  return (
    <Field
      id="gallery-categories"
      label="Categories"
      hint="Press Enter or type a comma after each; paste a comma-separated list to add several."
    >
      {(control) => (
        <TagInput
          {...control}
          label="Categories"
          value={tags}
          onChange={setTags}
          suggestions={["Mugs", "Kitchen", "Tea", "Gifts", "Sale", "New arrivals"]}
        />
      )}
    </Field>
  );
}

export function KeyValueDemo() {
  const [pairs, setPairs] = useState<KeyValuePair[]>([
    { key: "material", value: "Stoneware" },
    { key: "capacity", value: "350 ml" },
  ]);
  const problems = pairErrors(pairs).filter(Boolean).length;
  return (
    <div className="space-y-2">
      <KeyValueEditor
        id="gallery-metadata"
        legend="Product metadata"
        hint="Set new metadata (replaces what is stored)."
        value={pairs}
        onChange={setPairs}
        keyPlaceholder="material"
        valuePlaceholder="Stoneware"
      />
      <p className="text-sm text-fg-muted">
        {problems ? `${problems} ${problems > 1 ? "rows need" : "row needs"} a fix before saving.` : "Ready to save."}
      </p>
    </div>
  );
}

export { ThemeSwitch };
