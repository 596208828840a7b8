"use client";

import { useSyncExternalStore } from "react";
import {
  fulfilmentLabel,
  money,
  type OrderSummary,
  paymentGatewayLabel,
  paymentStateLabel,
} from "@/lib/store/orders/model";
import { useHydrated } from "../../ui/after-hydration";
import { Badge, type BadgeTone } from "../../ui/badge";
import { relativeTime } from "./order-dates";

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
        <>
          <span className="block">{relativeTime(seconds, clock)}</span>
          <span className="block text-xs text-fg-muted">{exact}</span>
        </>
      ) : (
        <span className="block">{exact}</span>
      )}
    </time>
  );
}

export function OrderCustomer({ order }: { order: OrderSummary }) {
  const showEmail = order.email && order.email !== order.customer;
  return (
    <span className="block min-w-0">
      <span className="block break-words">{order.customer || <span className="text-fg-muted">No name</span>}</span>
      {showEmail ? <span className="block text-xs break-all text-fg-muted">{order.email}</span> : null}
    </span>
  );
}

export function OrderTotal({ order }: { order: OrderSummary }) {
  return <span className="whitespace-nowrap">{money(order, order.total)}</span>;
}

const paymentTones: Record<string, BadgeTone> = { paid: "success", pending: "warning", failed: "danger" };

export function OrderPayment({ order }: { order: OrderSummary }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone={paymentTones[order.paymentState] ?? "neutral"} dot>
        {paymentStateLabel(order.paymentState)}
      </Badge>
      {order.paymentGatewayKnown ? (
        <span className="text-xs text-fg-muted">{paymentGatewayLabel(order.paymentGateway)}</span>
      ) : null}
    </span>
  );
}

export function OrderFulfilment({ order }: { order: Pick<OrderSummary, "fulfilled" | "cancelled"> }) {
  const label = fulfilmentLabel(order);
  const tone: BadgeTone = order.cancelled ? "neutral" : order.fulfilled ? "success" : "warning";
  return <Badge tone={tone}>{label}</Badge>;
}
