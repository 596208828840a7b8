"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Settings2 from "lucide-react/icons/settings-2";
import Trash2 from "lucide-react/icons/trash-2";
import Truck from "lucide-react/icons/truck";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { deleteShippingGroupAction } from "@/lib/actions/shipping";
import { unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import type { ShippingGroup } from "@/lib/store/shipping/model";
import { CreateGroupDialog, RenameGroupDialog } from "../groups/name-dialog";
import { Badge, ChipList } from "../ui/badge";
import { ConfirmDialog } from "../ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { toast } from "../ui/toast";
import { DeleteGroupWords } from "./delete-group-words";
import { groupName, optionName } from "./group-name";
import { writeFailureMessage } from "@/lib/write-failure";

const listKey = queryKeys.shipping.list();

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

/** The shipping groups: a table (cards on phones), each group's actions in its row menu. */
export function ShippingGroupsManager() {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ShippingGroup | null>(null);
  // Kept after the dialog closes, so that it can close (and hand focus back) as dialogs do.
  const [renaming, setRenaming] = useState<ShippingGroup | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The group of the last dialog, kept past its closing: focus goes back to its row's menu button.
  const acting = useRef<ShippingGroup | null>(null);

  const groups = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<ShippingGroup[]>("/api/shipping-groups", { signal }),
  });
  const list = useOptimisticList<ShippingGroup>(listKey, queryKeys.shipping.all);

  const remove = useMutation({
    mutationFn: async (group: ShippingGroup) => unwrap(await deleteShippingGroupAction({ id: group.id })),
    onMutate: (group) => {
      setProblem(null);
      return list.apply((items) => items.filter((g) => g.id !== group.id));
    },
    onError: (error, group, context) => {
      list.rollback(context);
      if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
      const name = groupName(group);
      setProblem(
        writeFailureMessage(failureOf(error), { failed: `delete ${name}`, happened: `the deletion of ${name}` }).text,
      );
    },
    onSuccess: (_data, group) => toast.success(`Deleted ${groupName(group)}.`),
    onSettled: () => list.settle(),
  });

  const rows = groups.data ?? [];
  const loadError = groups.error instanceof Error ? groups.error.message : null;
  const trigger = (group: ShippingGroup | null) =>
    group ? document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(group.id)}"] button`) : null;

  return (
    <section aria-labelledby="shipping-groups-heading">
      <h2
        id="shipping-groups-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mb-3 text-sm font-medium text-fg-muted"
      >
        {groups.isPending
          ? "Shipping groups"
          : `${rows.length} ${rows.length === 1 ? "shipping group" : "shipping groups"}`}
      </h2>

      <ListAlert problem={problem} loadError={loadError} />

      {groups.isPending ? (
        <SkeletonRows label="Loading shipping groups…" rows={3} rowClassName="h-14" />
      ) : rows.length ? (
        <Table aria-label="Shipping groups" stackOnMobile aria-busy={groups.isFetching || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Options</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((group) => {
              const name = groupName(group);
              const href = `/shipping/${encodeURIComponent(group.id)}`;
              return (
                <TableRow
                  key={group.id}
                  aria-busy={(remove.isPending && remove.variables?.id === group.id) || undefined}
                >
                  <TableCell className="font-medium break-words max-md:text-base">
                    <Link href={href} className="text-accent underline-offset-4 hover:underline">
                      {name}
                    </Link>
                  </TableCell>
                  <TableCell label="Options">
                    {group.options.length ? (
                      <ChipList label={`Options of ${name}`} items={group.options.map(optionName)} />
                    ) : (
                      <Badge tone="warning">No options yet</Badge>
                    )}
                  </TableCell>
                  <TableCell className="w-0 text-end max-md:text-start" data-row-actions={group.id}>
                    <RowActions name={name}>
                      <DropdownMenuItem icon={<Settings2 />} onSelect={() => router.push(href)}>
                        Edit options
                      </DropdownMenuItem>
                      <DropdownMenuItem
                        icon={<Pencil />}
                        onSelect={() => {
                          acting.current = group;
                          setRenaming(group);
                          setRenameOpen(true);
                        }}
                      >
                        Rename
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem
                        icon={<Trash2 />}
                        tone="danger"
                        onSelect={() => {
                          acting.current = group;
                          setToDelete(group);
                        }}
                      >
                        Delete
                      </DropdownMenuItem>
                    </RowActions>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : (
        <EmptyState
          icon={Truck}
          title="No shipping groups yet"
          action={<CreateGroupDialog kind="shipping" variant="secondary" />}
        >
          A shipping group holds the options that price delivery: a flat fee, a fee per item, or rates by quantity,
          subtotal or weight, for the places you ship to. Put products in a group from the product&apos;s page.
        </EmptyState>
      )}

      {renaming ? (
        <RenameGroupDialog
          group={{ id: renaming.id, name: renaming.name }}
          open={renameOpen}
          onOpenChange={setRenameOpen}
          returnFocusTo={() => trigger(acting.current)}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${toDelete ? groupName(toDelete) : "the group"}?`}
        description={toDelete ? <DeleteGroupWords groupId={toDelete.id} open /> : null}
        confirmLabel="Delete group"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        // The row (and its menu button) is about to go: focus the list heading.
        focusAfterConfirm={() => headingRef.current}
        returnFocusTo={() => trigger(acting.current)}
      />
    </section>
  );
}
