"use client";

import { useSyncExternalStore } from "react";
import { money, type OrderSummary } from "@/lib/store/orders/model";
import { useHydrated } from "../../ui/after-hydration";
import { relativeTime } from "@/lib/relative-time";

/*
 * The cells of an order's row. Dates follow components/coupons/local-date.tsx:
 * the server (and the browser while hydrating) writes the exact moment in
 * English and UTC, then the browser rewrites it in the person's zone and adds
 * how long ago it was, so the two renders never disagree.
 */

const utcMoment = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
let localMoment: Intl.DateTimeFormat | null = null;

// One clock for every date cell, ticking each 30 seconds while something shows a date.
let now = Math.floor(Date.now() / 1000);
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
function subscribe(listener: () => void) {
  listeners.add(listener);
  now = Math.floor(Date.now() / 1000);
  timer ??= setInterval(() => {
    now = Math.floor(Date.now() / 1000);
    for (const l of listeners) l();
  }, 30_000);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}
const useNow = () =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => 0,
  );

export function OrderDate({ seconds }: { seconds: number | null }) {
  const hydrated = useHydrated();
  const clock = useNow();
  if (seconds === null) return <span className="text-fg-muted">Unknown</span>;
  const date = new Date(seconds * 1000);
  localMoment ??= hydrated ? new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }) : null;
  const exact = hydrated && localMoment ? localMoment.format(date) : `${utcMoment.format(date)} UTC`;
  return (
    <time dateTime={date.toISOString()} title={exact} className="block">
      {hydrated ? (
        // One line on a phone's card ("5 minutes ago · Nov 27, 2026, 5:21 AM"), two in the table.
        <>
          <span className="block max-md:inline">{relativeTime(seconds, clock)}</span>
          <span className="block text-xs text-fg-muted max-md:inline">
            <span aria-hidden="true" className="md:hidden">
              {" · "}
            </span>
            {exact}
          </span>
        </>
      ) : (
        <span className="block">{exact}</span>
      )}
    </time>
  );
}

export function OrderCustomer({ order }: { order: OrderSummary }) {
  const showEmail = order.email && order.email !== order.customer;
  // A phone's card gives the customer one line: the name, then the e-mail, cut short with an ellipsis.
  return (
    <span className="block min-w-0 max-md:truncate">
      <span className="block break-words max-md:inline">
        {order.customer || <span className="text-fg-muted">No name</span>}
      </span>
      {showEmail ? (
        <span className="block text-xs break-all text-fg-muted max-md:inline max-md:break-normal">
          <span aria-hidden="true" className="md:hidden">
            {" · "}
          </span>
          {order.email}
        </span>
      ) : null}
    </span>
  );
}

export function OrderTotal({ order }: { order: OrderSummary }) {
  return <span className="whitespace-nowrap">{money(order, order.total)}</span>;
}
