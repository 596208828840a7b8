"use client";

import { useQuery } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Settings2 from "lucide-react/icons/settings-2";
import Trash2 from "lucide-react/icons/trash-2";
import Truck from "lucide-react/icons/truck";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { deleteShippingGroupAction } from "@/lib/actions/shipping";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import type { ShippingGroup } from "@/lib/store/shipping/model";
import { CreateGroupDialog, RenameGroupDialog } from "../groups/name-dialog";
import { Badge, ChipList } from "../ui/badge";
import { ConfirmDialog } from "../ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { countOf, ListHeading } from "../ui/list-page";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { removeFromList, rowActionsTrigger, useOptimisticRemove } from "../ui/use-optimistic-remove";
import { DeleteGroupWords } from "./delete-group-words";
import { groupName, optionName } from "./group-name";

const listKey = queryKeys.shipping.list();

/** The shipping groups: a table (cards on phones), each group's actions in its row menu. */
export function ShippingGroupsManager() {
  const router = useRouter();
  // Kept after the dialog closes, so that it can close (and hand focus back to its row's menu button) as dialogs do.
  const [renaming, setRenaming] = useState<ShippingGroup | null>(null);
  const [renameOpen, setRenameOpen] = useState(false);

  const groups = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<ShippingGroup[]>("/api/shipping-groups", { signal }),
  });
  const list = useOptimisticList<ShippingGroup>(listKey, queryKeys.shipping.all);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useOptimisticRemove<ShippingGroup>({
    keyOf: (group) => group.id,
    remove: (group) => deleteShippingGroupAction({ id: group.id }),
    list: removeFromList(list, (group) => group.id),
    attempt: (group) => ({ failed: `delete ${groupName(group)}`, happened: `the deletion of ${groupName(group)}` }),
    done: (group) => `Deleted ${groupName(group)}.`,
    heading: headingRef,
  });

  const rows = groups.data ?? [];
  const loadError = groups.error instanceof Error ? groups.error.message : null;
  const toDelete = removal.asked;

  return (
    <section aria-labelledby="shipping-groups-heading">
      <ListHeading id="shipping-groups-heading" ref={headingRef}>
        {groups.isPending ? "Shipping groups" : countOf(rows.length, "shipping group")}
      </ListHeading>

      <ListAlert problem={removal.problem} loadError={loadError} />

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
                <TableRow key={group.id} aria-busy={removal.busyKey === group.id || undefined}>
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
                          setRenaming(group);
                          setRenameOpen(true);
                        }}
                      >
                        Rename
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem icon={<Trash2 />} tone="danger" onSelect={() => removal.ask(group)}>
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
          returnFocusTo={() => rowActionsTrigger(renaming.id)}
        />
      ) : null}

      <ConfirmDialog
        {...removal.confirm}
        title={`Delete ${toDelete ? groupName(toDelete) : "the group"}?`}
        description={toDelete ? <DeleteGroupWords groupId={toDelete.id} open /> : null}
        confirmLabel="Delete group"
      />
    </section>
  );
}
