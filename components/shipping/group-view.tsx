"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import Truck from "lucide-react/icons/truck";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { unwrap } from "@/lib/actions/result";
import { deleteShippingOptionAction, moveShippingOptionAction } from "@/lib/actions/shipping";
import { type Failure, FailureError } from "@/lib/failure";
import { formatMoney } from "@/lib/money";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { isRangeKind, type ShippingGroup, type ShippingOption } from "@/lib/store/shipping/model";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { ListAlert } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { ShippingGroupActions } from "./group-actions";
import { groupName, optionName } from "./group-name";
import { CalculatorLoader } from "./loaders";
import { chargeWords, destinationWords, rangeWords } from "./words";

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

/** How an option charges, with its ranges listed. */
function ChargeCell({ option }: { option: ShippingOption }) {
  const { perItem, currency } = option;
  return (
    <>
      <p>{chargeWords(option)}</p>
      {isRangeKind(perItem.type) && "ranges" in perItem && perItem.ranges.length ? (
        <ul aria-label={`Ranges of ${optionName(option)}`} className="mt-1 space-y-0.5 text-fg-muted">
          {perItem.ranges.map((range, index) => (
            <li key={index}>
              {rangeWords(perItem.type as Parameters<typeof rangeWords>[0], perItem.ranges, index, currency)}:{" "}
              <span className="text-fg tabular-nums">{formatMoney(range.rate, currency)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Where an option ships, in words. Place names may differ between the server's and the browser's Intl data. */
function ShipsToCell({ option }: { option: ShippingOption }) {
  if (!option.destinations.length) return <p>Anywhere</p>;
  const { to, notTo } = destinationWords(option.destinations);
  return (
    <>
      {to.length ? <p suppressHydrationWarning>{to.join(", ")}</p> : null}
      {notTo.length ? (
        <p className="text-fg-muted" suppressHydrationWarning>
          Not to {notTo.join(", ")}
        </p>
      ) : null}
    </>
  );
}

/**
 * A shipping group's page: its name and actions, its options in order (each
 * with its charge and places, edited on a page of its own, moved up or down,
 * deleted), and the calculator. The group comes from the page's read
 * (HydrationBoundary) and refreshes through GET /api/shipping-groups/{id}.
 */
export function ShippingGroupView({ groupId, currency }: { groupId: string; currency: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const key = queryKeys.shipping.one(groupId);
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ShippingOption | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const acting = useRef<ShippingOption | null>(null);

  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      fetchJson<ShippingGroup>(`/api/shipping-groups/${encodeURIComponent(groupId)}`, { signal }),
  });
  const group = query.data;

  const settle = () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.all });
  function failed(error: Error, attempt: { failed: string; happened: string }) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    setProblem(writeFailureMessage(failureOf(error), attempt).text);
  }

  const move = useMutation({
    mutationFn: async ({ option, direction }: { option: ShippingOption; direction: "up" | "down" }) =>
      unwrap(await moveShippingOptionAction({ groupId, optionId: option.id, direction })),
    onMutate: () => setProblem(null),
    onSuccess: (fresh, { option, direction }) => {
      queryClient.setQueryData(key, fresh);
      toast.success(`Moved ${optionName(option)} ${direction}.`);
      // Focus stays with the option's menu button, wherever the row went.
      requestAnimationFrame(() => trigger(option)?.focus());
    },
    onError: (error, { option }) =>
      failed(error, { failed: `move ${optionName(option)}`, happened: `the move of ${optionName(option)}` }),
    onSettled: settle,
  });

  const remove = useMutation({
    mutationFn: async (option: ShippingOption) =>
      unwrap(await deleteShippingOptionAction({ groupId, optionId: option.id })),
    onMutate: async (option) => {
      setProblem(null);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ShippingGroup>(key);
      if (previous)
        queryClient.setQueryData<ShippingGroup>(key, {
          ...previous,
          options: previous.options.filter((o) => o.id !== option.id),
        });
      return { previous };
    },
    onError: (error, option, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      failed(error, { failed: `delete ${optionName(option)}`, happened: `the deletion of ${optionName(option)}` });
    },
    onSuccess: (_data, option) => toast.success(`Deleted ${optionName(option)}.`),
    onSettled: settle,
  });

  function trigger(option: ShippingOption | null) {
    return option ? document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(option.id)}"] button`) : null;
  }

  if (!group) return null;
  const options = group.options;
  const loadError = query.error instanceof Error ? query.error.message : null;
  const editHref = (option: ShippingOption) =>
    `/shipping/${encodeURIComponent(groupId)}/options/${encodeURIComponent(option.id)}`;
  const busy = (option: ShippingOption) =>
    (move.isPending && move.variables?.option.id === option.id) ||
    (remove.isPending && remove.variables?.id === option.id);

  return (
    <>
      <PageHeader
        title={groupName(group)}
        back={{ href: "/shipping", label: "Back to shipping" }}
        description="Its options price the delivery of its products."
        actions={<ShippingGroupActions group={{ id: group.id, name: group.name }} onProblem={setProblem} />}
      />
      <ListAlert problem={problem} loadError={loadError} />
      <div className="space-y-6">
        <Card
          id="shipping-options"
          title="Options"
          description="For an address, an option naming its region wins, then one naming its country, then one naming no place; among equals, the first in this list."
        >
          {options.length ? (
            <p ref={countRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
              {options.length} {options.length === 1 ? "option" : "options, in order"}
            </p>
          ) : null}
          {options.length ? (
            <Table
              aria-label={`Options of ${groupName(group)}`}
              stackOnMobile
              aria-busy={query.isFetching || undefined}
            >
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Charge</TableHead>
                  <TableHead>Ships to</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {options.map((option, index) => {
                  const name = optionName(option);
                  return (
                    <TableRow key={option.id} aria-busy={busy(option) || undefined}>
                      <TableCell className="font-medium break-words max-md:text-base">
                        <span className="me-1 text-fg-muted tabular-nums" aria-hidden="true">
                          {index + 1}.
                        </span>
                        <Link href={editHref(option)} className="text-accent underline-offset-4 hover:underline">
                          {name}
                        </Link>
                      </TableCell>
                      <TableCell label="Charge">
                        <ChargeCell option={option} />
                      </TableCell>
                      <TableCell label="Ships to">
                        <ShipsToCell option={option} />
                      </TableCell>
                      <TableCell className="w-0 text-end max-md:text-start" data-row-actions={option.id}>
                        <RowActions name={name}>
                          <DropdownMenuItem icon={<Pencil />} onSelect={() => router.push(editHref(option))}>
                            Edit
                          </DropdownMenuItem>
                          {index > 0 ? (
                            <DropdownMenuItem
                              icon={<ArrowUp />}
                              disabled={busy(option)}
                              onSelect={() => move.mutate({ option, direction: "up" })}
                            >
                              Move up
                            </DropdownMenuItem>
                          ) : null}
                          {index < options.length - 1 ? (
                            <DropdownMenuItem
                              icon={<ArrowDown />}
                              disabled={busy(option)}
                              onSelect={() => move.mutate({ option, direction: "down" })}
                            >
                              Move down
                            </DropdownMenuItem>
                          ) : null}
                          <DropdownMenuSeparator />
                          <DropdownMenuItem
                            icon={<Trash2 />}
                            tone="danger"
                            disabled={busy(option)}
                            onSelect={() => {
                              acting.current = option;
                              setToDelete(option);
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
              title="No options yet"
              action={
                <Link
                  href={`/shipping/${encodeURIComponent(groupId)}/options/new`}
                  className={buttonClasses("secondary")}
                >
                  <Plus aria-hidden="true" />
                  Add option
                </Link>
              }
            >
              Until it has an option that ships to an address, the store cannot price an order of this group&apos;s
              products to it.
            </EmptyState>
          )}
        </Card>
        <CalculatorLoader groupId={groupId} currency={currency} />
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${toDelete ? optionName(toDelete) : "the option"}?`}
        description="Orders no longer get this option; another option of the group, if one fits, applies instead. This cannot be undone."
        confirmLabel="Delete option"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        focusAfterConfirm={() => countRef.current}
        returnFocusTo={() => trigger(acting.current)}
      />
    </>
  );
}
