import Link from "next/link";
import { Skeleton } from "@/components/ui/skeleton";
import { type OrderCounts as Counts, type OrderView, orderViewLabels } from "@/lib/store/orders/model";
import type { Loaded } from "@/lib/store/model";
import { WidgetProblem } from "./widget-problem";

/** The states the home page counts, in the order of the issue: what needs work first, then all. */
const countedViews: readonly OrderView[] = ["unfulfilled", "fulfilled", "paid", "pending", "failed", "all"];

const countFormat = new Intl.NumberFormat("en");

/** The orders list's tab for a state (the list reads `?view=`). */
export function orderListHref(view: OrderView): string {
  return view === "all" ? "/orders" : `/orders?view=${view}`;
}

const heading = (
  <h2 id="order-counts-heading" className="mb-3 text-base font-semibold text-fg">
    Orders by state
  </h2>
);

/**
 * Hidden for want of view_stats, in words (never the raw permission's name). It names exactly
 * what is hidden, the all-time counts by state, since the sales figures below it (the last 30
 * days, read from the orders list: manage_orders) do show, and must not seem to contradict it
 * (docs/design.md#home).
 */
export const countsRefusedSentence =
  "The all-time order counts by state are not shown: the store does not let your account view statistics.";

/**
 * Said once, alone: no heading over a widget that is not there. Labelled as the counts' place,
 * so that the page's outline still says where they would be.
 */
function CountsRefused() {
  return (
    <section aria-label="Orders by state">
      <p className="text-sm text-fg-muted">{countsRefusedSentence}</p>
    </section>
  );
}

/**
 * A card per state with its count, each a link to that tab of the orders
 * list. The counts need view_stats (docs/contract.md#scopes-and-permissions):
 * when the store refuses them the cards are hidden behind one quiet sentence,
 * never shown as zeros.
 */
export async function OrderCounts({ data }: { data: Promise<Loaded<{ counts: Counts; refused: boolean }>> }) {
  const loaded = await data;
  if (!loaded.ok) {
    if (loaded.problem.status === 403) return <CountsRefused />;
    return (
      <section aria-labelledby="order-counts-heading">
        {heading}
        <WidgetProblem problem={loaded.problem} refusal={countsRefusedSentence} />
      </section>
    );
  }
  const { counts, refused } = loaded.data;
  const known = countedViews.filter((view) => counts[view] !== null);
  if (refused) return <CountsRefused />;
  if (known.length === 0) {
    return (
      <section aria-labelledby="order-counts-heading">
        {heading}
        <p className="text-sm text-fg-muted">The store did not give the order counts. Reload the page to try again.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-counts-heading">
      {heading}
      <ul aria-label="Orders by state" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {countedViews.map((view) => {
          const count = counts[view];
          return (
            <li key={view}>
              <Link
                href={orderListHref(view)}
                className="flex h-full flex-col rounded-lg border border-border bg-surface p-3 shadow-sm transition-colors hover:border-border-strong hover:bg-surface-hover"
              >
                <span className="text-sm text-fg-muted">{orderViewLabels[view]}</span>{" "}
                {count === null ? (
                  <span className="mt-1 text-sm text-fg-muted">Not available</span>
                ) : (
                  <span className="mt-1 text-2xl font-semibold whitespace-nowrap text-fg tabular-nums">
                    {countFormat.format(count)}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** For a user whose permissions say no view_stats: nothing is asked of the store. */
export function OrderCountsHidden() {
  return <CountsRefused />;
}

export function OrderCountsSkeleton() {
  return (
    <section aria-labelledby="order-counts-heading">
      {heading}
      <div role="status" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <span className="sr-only">Loading the order counts…</span>
        {countedViews.map((view) => (
          <Skeleton key={view} className="h-[4.75rem] rounded-lg" />
        ))}
      </div>
    </section>
  );
}
