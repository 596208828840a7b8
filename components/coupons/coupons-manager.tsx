"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import List from "lucide-react/icons/list";
import Pencil from "lucide-react/icons/pencil";
import TicketPercent from "lucide-react/icons/ticket-percent";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { deleteCouponAction } from "@/lib/actions/coupons";
import { unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  type Coupon,
  codesText,
  couponTypeLabel,
  deleteCouponWarning,
  discountText,
  formatCount,
} from "@/lib/store/coupons/model";
import { buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { DropdownMenuItem, DropdownMenuSeparator, RowActions } from "../ui/dropdown-menu";
import { EmptyState } from "../ui/empty-state";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";
import { UsageSummary, ValidityBadge } from "./coupon-bits";
import { DateRange } from "./local-date";

const listKey = queryKeys.coupons.list();

export const couponHref = (coupon: Pick<Coupon, "id">) => `/coupons/${encodeURIComponent(coupon.id)}`;

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

/**
 * The Coupons list: a table (cards on phones) with what each coupon gives,
 * when it works, how much it was used and its codes; actions in a row menu.
 * `now` (UNIX seconds) is the page's time, so that the server's render and
 * the browser's agree on what is upcoming, active or expired.
 */
export function CouponsManager({ now }: { now: number }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The coupon of the confirmation, kept past its closing: focus goes back to its row's menu button.
  const deleting = useRef<Coupon | null>(null);

  // First render from the page (HydrationBoundary); refreshes through GET /api/coupons.
  const coupons = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<Coupon[]>("/api/coupons", { signal }),
  });
  const list = useOptimisticList<Coupon>(listKey, queryKeys.coupons.all);

  const remove = useMutation({
    mutationFn: async (coupon: Coupon) => unwrap(await deleteCouponAction({ id: coupon.id })),
    onMutate: (coupon) => {
      setProblem(null);
      return list.apply((items) => items.filter((c) => c.id !== coupon.id));
    },
    onError: (error, coupon, context) => {
      list.rollback(context);
      if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
      setProblem(
        writeFailureMessage(failureOf(error), {
          failed: `delete the coupon ${coupon.name}`,
          happened: `the deletion of the coupon ${coupon.name}`,
        }).text,
      );
    },
    onSuccess: (_data, coupon) => toast.success(`Deleted the coupon ${coupon.name}.`),
    onSettled: () => list.settle(),
  });

  const rows = coupons.data ?? [];
  const loadError = coupons.error instanceof Error ? coupons.error.message : null;
  const busyId = remove.isPending ? remove.variables?.id : undefined;

  function actionsTrigger(coupon: Coupon): HTMLElement | null {
    return document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(coupon.id)}"] button`);
  }

  return (
    <section aria-labelledby="coupons-heading">
      <h2 id="coupons-heading" ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-fg-muted">
        {coupons.isPending ? "Coupons" : `${formatCount(rows.length)} ${rows.length === 1 ? "coupon" : "coupons"}`}
      </h2>

      <ListAlert problem={problem} loadError={loadError} />

      {coupons.isPending ? (
        <SkeletonRows label="Loading coupons…" rows={4} rowClassName="h-16" />
      ) : rows.length ? (
        <Table aria-label="Coupons" stackOnMobile aria-busy={coupons.isFetching || undefined}>
          <TableHeader>
            <TableRow>
              <TableHead>Coupon</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Validity</TableHead>
              <TableHead>Usage</TableHead>
              <TableHead>Codes</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((coupon) => (
              <TableRow key={coupon.id} aria-busy={busyId === coupon.id || undefined}>
                <TableCell className="max-md:text-base">
                  <Link
                    href={couponHref(coupon)}
                    className="rounded-sm font-medium break-words text-fg underline-offset-4 hover:underline"
                  >
                    {coupon.name || `Coupon ${coupon.id}`}
                  </Link>
                  <p className="text-sm text-fg-muted">{discountText(coupon)}</p>
                </TableCell>
                <TableCell label="Type">{couponTypeLabel(coupon.type)}</TableCell>
                <TableCell label="Validity">
                  <div className="space-y-1">
                    <ValidityBadge coupon={coupon} now={now} />
                    <p className="text-fg-muted">
                      <DateRange start={coupon.startDate} end={coupon.endDate} />
                    </p>
                  </div>
                </TableCell>
                <TableCell label="Usage">
                  <UsageSummary coupon={coupon} />
                </TableCell>
                <TableCell label="Codes">
                  {coupon.codes.single !== null ? (
                    <code className="font-mono break-all">{coupon.codes.single}</code>
                  ) : (
                    <div className="space-y-0.5">
                      <Link
                        href={couponHref(coupon)}
                        className="rounded-sm text-accent underline underline-offset-4"
                        aria-label={`${codesText(coupon.codes)} of ${coupon.name}`}
                      >
                        {codesText(coupon.codes)}
                      </Link>
                      {coupon.codes.oneUse ? (
                        <p className="text-fg-muted">{formatCount(coupon.codes.active)} active</p>
                      ) : null}
                    </div>
                  )}
                </TableCell>
                <TableCell className="w-0 text-end max-md:text-start" data-row-actions={coupon.id}>
                  <RowActions name={coupon.name || `coupon ${coupon.id}`}>
                    <DropdownMenuItem icon={<List />} onSelect={() => router.push(couponHref(coupon))}>
                      View codes
                    </DropdownMenuItem>
                    <DropdownMenuItem icon={<Pencil />} onSelect={() => router.push(`${couponHref(coupon)}/edit`)}>
                      Edit
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem
                      icon={<Trash2 />}
                      tone="danger"
                      disabled={busyId === coupon.id}
                      onSelect={() => {
                        deleting.current = coupon;
                        setToDelete(coupon);
                      }}
                    >
                      Delete
                    </DropdownMenuItem>
                  </RowActions>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <EmptyState
          icon={TicketPercent}
          title="No coupons yet"
          action={
            <Link href="/coupons/new" className={buttonClasses()}>
              Create coupon
            </Link>
          }
        >
          Coupons give customers a discount or free shipping with a code they type at checkout.
        </EmptyState>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete the coupon ${toDelete?.name ?? ""}?`}
        description={toDelete ? deleteCouponWarning(toDelete) : ""}
        confirmLabel="Delete coupon"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        // The row (and its menu button) is about to go: focus the list heading.
        focusAfterConfirm={() => headingRef.current}
        returnFocusTo={() => (deleting.current ? actionsTrigger(deleting.current) : null)}
      />
    </section>
  );
}
