"use client";

import { useState } from "react";
import { toFulfilFigure, toFulfilText } from "@/lib/store/orders/model-to-fulfil";
import { useHydrated } from "../../ui/after-hydration";
import { badgeText, type LiveMark, newOrdersSince, newOrdersText } from "./live-logic";
import { useOrdersLive } from "./use-orders-live";
import { useToFulfil } from "./use-to-fulfil";

/** The id of the badge's words, for the Orders link's aria-describedby. */
export const ordersBadgeDescriptionId = "orders-nav-badge";

/**
 * The small figure on the sidebar's Orders entry, kept fresh by the one
 * orders poll (use-orders-live.ts; this component is its polling caller).
 *
 * It counts the **orders to fulfil** (paid, unfulfilled, not cancelled:
 * use-to-fulfil.ts): the staff's to-do list, which grows when a paid order
 * comes in and shrinks as they fulfil, in any browser and after a reload.
 * Unpaid orders are left out: the fulfils hold them back. A count of "new since you last looked" would need a per-person
 * memory the store does not keep, and would drop to zero on opening the
 * list while the work is still there. Without view_stats there are no
 * counts: it then counts the orders that came in since this visit began or
 * the person last opened the orders list (the newest numbers: live-logic.ts).
 *
 * The figure is hidden from screen readers inside the link (whose name stays
 * "Orders"); its words are the link's description.
 */
export function OrdersNavBadge(props: { permissions: string[] | null; onList: boolean }) {
  // Only once hydrated: a query the sidebar made first would keep the orders page's server-read
  // counts out of its server render (React Query hydrates a query that exists only in an effect).
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <span id={ordersBadgeDescriptionId} hidden>
        {""}
      </span>
    );
  }
  return <LiveOrdersBadge {...props} />;
}

function LiveOrdersBadge({ permissions, onList }: { permissions: string[] | null; onList: boolean }) {
  const live = useOrdersLive({ permissions, poll: true });
  const toFulfil = useToFulfil({
    permissions,
    counts: live.mode === "counts" ? live.counts?.counts : null,
    poll: live.mode === "counts",
  });
  const [seen, setSeen] = useState<LiveMark | null>(null);

  // Newest mode: the first mark of the visit, and again whenever the list is open.
  if (live.mode === "newest" && live.mark.newest) {
    const stale = seen === null || (onList && newOrdersSince(seen, live.mark).count > 0);
    if (stale) setSeen(live.mark);
  }

  let figure: string | null = null;
  let words = "";
  if (live.mode === "counts") {
    figure = toFulfil ? badgeText(toFulfil.count) : null;
    if (figure && toFulfil) {
      if (!toFulfil.complete && toFulfil.count <= 99) figure = toFulfilFigure(toFulfil);
      words = toFulfilText(toFulfil);
    }
  } else if (live.mode === "newest" && !onList) {
    const fresh = newOrdersSince(seen, live.mark);
    figure = badgeText(fresh.count);
    if (figure) {
      if (fresh.capped) figure = `${figure}+`;
      words = newOrdersText(fresh);
    }
  }

  return (
    <>
      {figure ? (
        <span
          aria-hidden="true"
          data-orders-badge=""
          className="ms-auto inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-fg tabular-nums"
        >
          {figure}
        </span>
      ) : null}
      <span id={ordersBadgeDescriptionId} hidden>
        {words}
      </span>
    </>
  );
}
