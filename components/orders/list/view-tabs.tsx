"use client";

import type { MouseEvent } from "react";
import { listHref, type OrderListParams } from "@/lib/store/orders/input-list";
import { isOrderView, type OrderCounts, orderViewLabels, orderViews } from "@/lib/store/orders/model";
import { type ToFulfil, toFulfilFigure } from "@/lib/store/orders/model-to-fulfil";
import { cn } from "../../ui/cn";
import { Select } from "../../ui/select";

export const counted = (n: number) => n.toLocaleString("en");

/** A plain left click on a link that the page handles itself (modified clicks open tabs as usual). */
function ownClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  event.preventDefault();
  return true;
}

/**
 * The orders' views by state, with their counts: tabs (links, so that a view opens in a new tab too) from
 * md up; a select on a phone, where six tabs do not fit 390 px and a strip that scrolls hides the ones past
 * its edge. A view starts at its first page. The Unfulfilled tab also says how many of its orders are to
 * fulfil (paid and not cancelled: lib/store/orders/model-to-fulfil.ts), before its count.
 */
export function ViewTabs({
  id,
  params,
  counts,
  toFulfil,
  countsMissing,
  go,
}: {
  id: string;
  params: OrderListParams;
  counts: OrderCounts | undefined;
  /** How many orders are to fulfil; undefined until read. */
  toFulfil?: ToFulfil | undefined;
  countsMissing: boolean;
  go: (next: OrderListParams) => void;
}) {
  return (
    <>
      <div className="mb-4 md:hidden">
        <label htmlFor={`${id}-view`} className="block text-sm font-medium text-fg">
          Orders to show
        </label>
        <div className="mt-1">
          <Select
            id={`${id}-view`}
            className="w-full"
            value={params.view}
            onChange={(event) => {
              const view = event.target.value;
              if (isOrderView(view) && view !== params.view) go({ ...params, view, page: 0 });
            }}
          >
            {orderViews.map((view) => {
              const count = counts?.[view];
              const work = view === "unfulfilled" && toFulfil ? `${toFulfilFigure(toFulfil)} to fulfil` : null;
              const figures = [count != null ? counted(count) : null, work].filter(Boolean).join(", ");
              return (
                <option key={view} value={view}>
                  {`${orderViewLabels[view]}${figures ? ` (${figures})` : ""}`}
                </option>
              );
            })}
          </Select>
        </div>
      </div>
      <nav aria-label="Order views" className="relative -mx-1 mb-4 overflow-x-auto px-1 pb-1 max-md:hidden">
        <ul className="flex min-w-max gap-1 border-b border-border">
          {orderViews.map((view) => {
            const current = view === params.view;
            const count = counts?.[view];
            return (
              <li key={view}>
                <a
                  href={listHref({ ...params, view, page: 0 })}
                  aria-current={current ? "page" : undefined}
                  onClick={(event) => {
                    if (ownClick(event)) go({ ...params, view, page: 0 });
                  }}
                  className={cn(
                    "-mb-px inline-flex min-h-10 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                    current ? "border-primary text-fg" : "border-transparent text-fg-muted hover:text-fg",
                  )}
                >
                  {orderViewLabels[view]}
                  {view === "unfulfilled" && toFulfil ? (
                    <span
                      data-to-fulfil=""
                      className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-fg tabular-nums"
                    >
                      {toFulfilFigure(toFulfil)} to fulfil<span className="sr-only">,</span>
                    </span>
                  ) : null}
                  {count != null ? (
                    <span className="rounded-full bg-surface-muted px-1.5 text-xs text-fg tabular-nums">
                      {counted(count)}
                      <span className="sr-only"> orders</span>
                    </span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      {countsMissing ? (
        <p className="-mt-2 mb-4 text-sm text-fg-muted">
          The tabs show no counts: your store account may not view statistics.
        </p>
      ) : null}
    </>
  );
}
