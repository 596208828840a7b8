"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { canFulfil, type OrderSummary } from "@/lib/store/orders/model";
import { cn } from "../../ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { OrderCustomer, OrderDate, OrderTotal } from "./order-cells";
import { OrderStatus } from "./order-status";

/**
 * One page of orders: a table from md up, a compact card per order on a phone. With `mayFulfil`, each
 * order that can be fulfilled has its box, and "Select all on this page" chooses them all (in the header,
 * and above the cards on a phone, where the header is only read out).
 */
export function OrdersTable({
  id,
  rows,
  label,
  busy,
  mayFulfil,
  selected,
  fulfillable,
  some,
  allChosen,
  running,
  onToggle,
  onToggleAll,
}: {
  /** Makes the select-all boxes' ids. */
  id: string;
  rows: readonly OrderSummary[];
  /** The table's name: what it lists ("unfulfilled orders since 2 March"). */
  label: string;
  busy: boolean;
  mayFulfil: boolean;
  selected: ReadonlySet<number>;
  /** How many orders of the page can be chosen. */
  fulfillable: number;
  /** Some are chosen. */
  some: boolean;
  allChosen: boolean;
  /** A bulk fulfil runs: the choice waits. */
  running: boolean;
  onToggle: (number: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  return (
    <>
      {fulfillable ? (
        <div className="mb-2 md:hidden">
          <SelectAll id={`${id}-all-phone`} checked={allChosen} some={some} onChange={onToggleAll} disabled={running} />
        </div>
      ) : null}
      {/* On phones the header row is only read out, but it keeps its width (overflow does not apply
          to a table's row groups, and it is absolute): clip it here, so that the page never scrolls sideways. */}
      <div className="max-md:relative max-md:overflow-x-clip">
        <Table aria-label={label} stackOnMobile aria-busy={busy || undefined}>
          <TableHeader>
            <TableRow>
              {mayFulfil ? (
                <TableHead className="w-0">
                  {fulfillable ? (
                    // Phones get their own, above the cards: the header is only read out there.
                    <SelectAll
                      id={`${id}-all`}
                      checked={allChosen}
                      some={some}
                      onChange={onToggleAll}
                      disabled={running}
                      compact
                    />
                  ) : (
                    <span className="sr-only">Select</span>
                  )}
                </TableHead>
              ) : null}
              <TableHead>Order</TableHead>
              <TableHead>Date</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead numeric>Total</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((order) => {
              const choosable = mayFulfil && canFulfil(order);
              // On a phone each order is a compact card (at most 160 px at 390 px wide), a grid of
              // four lines: the box, the number and the total; the customer; the date; the status.
              return (
                <TableRow
                  key={order.number}
                  data-order={order.number}
                  className="max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:[&>td]:px-0 max-md:[&>td]:py-0"
                >
                  {mayFulfil ? (
                    <TableCell
                      className={cn(
                        "w-0 max-md:col-start-1 max-md:row-start-1",
                        // Nothing to choose: no empty gap before the number on a phone's card.
                        choosable ? "max-md:flex" : "max-md:hidden",
                      )}
                    >
                      {choosable ? (
                        <input
                          type="checkbox"
                          aria-label={`Select order #${order.number}`}
                          checked={selected.has(order.number)}
                          disabled={running}
                          onChange={(event) => onToggle(order.number, event.target.checked)}
                          className="mt-0.5 size-4 cursor-pointer accent-primary disabled:cursor-not-allowed max-md:size-5"
                        />
                      ) : null}
                    </TableCell>
                  ) : null}
                  <TableCell
                    className={cn(
                      "font-medium whitespace-nowrap max-md:row-start-1 max-md:text-base",
                      choosable ? "max-md:col-start-2" : "max-md:col-span-2 max-md:col-start-1",
                    )}
                  >
                    <Link href={`/orders/${order.number}`} className="text-accent underline-offset-2 hover:underline">
                      #{order.number}
                    </Link>
                  </TableCell>
                  {/* The cards' lines say what they are: no column names above them. */}
                  <TableCell className="max-md:col-span-full max-md:row-start-3 max-md:text-xs md:min-w-36">
                    <OrderDate seconds={order.created} />
                  </TableCell>
                  <TableCell className="min-w-0 max-md:col-span-full max-md:row-start-2 md:max-w-56">
                    <OrderCustomer order={order} />
                  </TableCell>
                  <TableCell
                    numeric
                    className="max-md:col-start-3 max-md:row-start-1 max-md:text-end max-md:font-medium"
                  >
                    <OrderTotal order={order} />
                  </TableCell>
                  <TableCell className="max-md:col-span-full max-md:row-start-4 max-md:pt-1">
                    <OrderStatus order={order} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </>
  );
}

function SelectAll({
  id,
  checked,
  some,
  onChange,
  disabled,
  compact = false,
}: {
  id: string;
  checked: boolean;
  some: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
  compact?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !checked;
  }, [some, checked]);
  return (
    <span className={cn("inline-flex items-center gap-2", compact && "max-md:hidden")}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed max-md:size-5"
        aria-label={compact ? "Select all on this page" : undefined}
      />
      {compact ? null : (
        <label htmlFor={id} className="text-sm font-medium text-fg">
          Select all on this page
        </label>
      )}
    </span>
  );
}
