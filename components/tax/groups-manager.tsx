"use client";

import { useQuery } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Receipt from "lucide-react/icons/receipt";
import Trash2 from "lucide-react/icons/trash-2";
import Settings2 from "lucide-react/icons/settings-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { placeName } from "@/lib/places";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { rateWords, type TaxGroup, type TaxRule } from "@/lib/store/tax/model";
import { CreateGroupDialog } from "../groups/name-dialog";
import { Badge } from "../ui/badge";
import { DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { countOf, ListHeading } from "../ui/list-page";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { taxGroupName } from "./group-name";

const shown = 4;

function ruleWords(rule: TaxRule): string {
  return `${placeName(rule.country, rule.region)} ${rateWords(rule.rate)}`;
}

/** The tax groups: a table (cards on phones) with each group's rules in short. */
export function TaxGroupsManager() {
  const router = useRouter();
  const groups = useQuery({
    queryKey: queryKeys.tax.list(),
    queryFn: ({ signal }) => fetchJson<TaxGroup[]>("/api/tax-groups", { signal }),
  });
  const rows = groups.data ?? [];
  const loadError = groups.error instanceof Error ? groups.error.message : null;

  return (
    <section aria-labelledby="tax-groups-heading">
      <ListHeading id="tax-groups-heading">
        {groups.isPending ? "Tax groups" : countOf(rows.length, "tax group")}
      </ListHeading>
      <ListAlert loadError={loadError} />

      {groups.isPending ? (
        <SkeletonRows label="Loading tax groups…" rows={3} rowClassName="h-14" />
      ) : rows.length ? (
        <>
          <Table aria-label="Tax groups" stackOnMobile aria-busy={groups.isFetching || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Rules</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((group) => {
                const name = taxGroupName(group);
                const href = `/tax/${encodeURIComponent(group.id)}`;
                const more = group.rules.length - shown;
                return (
                  <TableRow key={group.id}>
                    <TableCell className="font-medium break-words max-md:text-base">
                      <Link href={href} className="text-accent underline-offset-4 hover:underline">
                        {name}
                      </Link>
                    </TableCell>
                    <TableCell label="Rules">
                      {group.rules.length ? (
                        <ul aria-label={`Rules of ${name}`} className="flex flex-wrap gap-1">
                          {group.rules.slice(0, shown).map((rule) => (
                            <li
                              key={rule.id}
                              className="rounded-sm border border-border bg-surface-muted px-1.5 py-px text-xs"
                              suppressHydrationWarning
                            >
                              {ruleWords(rule)}
                              {rule.onShipping ? ", shipping too" : ""}
                            </li>
                          ))}
                          {more > 0 ? <li className="px-1 text-xs text-fg-muted">and {more} more</li> : null}
                        </ul>
                      ) : (
                        <Badge tone="warning">No rules: no tax</Badge>
                      )}
                    </TableCell>
                    <TableCell className="w-0 text-end max-md:text-start" data-row-actions={group.id}>
                      <RowActions name={name}>
                        <DropdownMenuItem icon={<Settings2 />} onSelect={() => router.push(href)}>
                          Edit rules
                        </DropdownMenuItem>
                        <DropdownMenuSeparator />
                        {/* Where a person looks for them: shown, and said why they cannot be used. */}
                        <DropdownMenuItem icon={<Pencil />} disabled>
                          Rename (not possible)
                        </DropdownMenuItem>
                        <DropdownMenuItem icon={<Trash2 />} disabled>
                          Delete (not possible)
                        </DropdownMenuItem>
                        <DropdownMenuLabel className="max-w-64 font-normal">
                          The Store Management API cannot rename or delete a tax group. Use your store&apos;s own admin
                          for that.
                        </DropdownMenuLabel>
                      </RowActions>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <p className="mt-3 text-sm text-fg-muted">
            Tax groups cannot be renamed or deleted through the Store Management API, so Store Admin cannot do it
            either; your store&apos;s own admin can.
          </p>
        </>
      ) : (
        <EmptyState
          icon={Receipt}
          title="No tax groups yet"
          action={<CreateGroupDialog kind="tax" variant="secondary" />}
        >
          A tax group holds the rates its products are taxed at, by country and region. Put products in a group from the
          product&apos;s page.
        </EmptyState>
      )}
    </section>
  );
}
