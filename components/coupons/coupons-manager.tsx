"use client";

import { useQuery } from "@tanstack/react-query";
import List from "lucide-react/icons/list";
import Pencil from "lucide-react/icons/pencil";
import TicketPercent from "lucide-react/icons/ticket-percent";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { deleteCouponAction } from "@/lib/actions/coupons";
import { fetchJson } from "@/lib/query/fetch-json";
import { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { queryKeys } from "@/lib/query-keys";
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
import { countOf, ListHeading } from "../ui/list-page";
import { ListAlert } from "../ui/notice";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { removeFromList, useOptimisticRemove } from "../ui/use-optimistic-remove";
import { UsageSummary, ValidityBadge } from "./coupon-bits";
import { DateRange } from "./local-date";

const listKey = queryKeys.coupons.list();

export const couponHref = (coupon: Pick<Coupon, "id">) => `/coupons/${encodeURIComponent(coupon.id)}`;

/**
 * The Coupons list: a table (cards on phones) with what each coupon gives,
 * when it works, how much it was used and its codes; actions in a row menu.
 * `now` (UNIX seconds) is the page's time, so that the server's render and
 * the browser's agree on what is upcoming, active or expired.
 */
export function CouponsManager({ now }: { now: number }) {
  const router = useRouter();

  // First render from the page (HydrationBoundary); refreshes through GET /api/coupons.
  const coupons = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => fetchJson<Coupon[]>("/api/coupons", { signal }),
  });
  const list = useOptimisticList<Coupon>(listKey, queryKeys.coupons.all);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const removal = useOptimisticRemove<Coupon>({
    keyOf: (coupon) => coupon.id,
    remove: (coupon) => deleteCouponAction({ id: coupon.id }),
    list: removeFromList(list, (coupon) => coupon.id),
    attempt: (coupon) => ({
      failed: `delete the coupon ${coupon.name}`,
      happened: `the deletion of the coupon ${coupon.name}`,
    }),
    done: (coupon) => `Deleted the coupon ${coupon.name}.`,
    heading: headingRef,
  });

  const rows = coupons.data ?? [];
  const loadError = coupons.error instanceof Error ? coupons.error.message : null;
  const busyId = removal.busyKey;
  const toDelete = removal.asked;

  return (
    <section aria-labelledby="coupons-heading">
      <ListHeading id="coupons-heading" ref={headingRef}>
        {coupons.isPending ? "Coupons" : countOf(rows.length, "coupon")}
      </ListHeading>

      <ListAlert problem={removal.problem} loadError={loadError} />

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
                      onSelect={() => removal.ask(coupon)}
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
        {...removal.confirm}
        title={`Delete the coupon ${toDelete?.name ?? ""}?`}
        description={toDelete ? deleteCouponWarning(toDelete) : ""}
        confirmLabel="Delete coupon"
      />
    </section>
  );
}
