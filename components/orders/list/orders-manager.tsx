"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import ShoppingCart from "lucide-react/icons/shopping-cart";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { type MouseEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { fulfilOrderAction, unfulfilOrderAction } from "@/lib/actions/orders";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  canFulfil,
  dayText,
  fulfilMailText,
  isOrderView,
  type OrderPage,
  type OrderView,
  orderPageSizes,
  orderViewLabels,
  orderViews,
  undoFulfilMs,
} from "@/lib/store/orders/model";
import { printHref } from "@/lib/store/orders/model-slips";
import { useHydrated } from "../../ui/after-hydration";
import { Button, buttonClasses } from "../../ui/button";
import { cn } from "../../ui/cn";
import { EmptyState } from "../../ui/empty-state";
import { ListAlert, Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { PageSize } from "../../ui/page-size";
import { Select } from "../../ui/select";
import { SkeletonRows } from "../../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { toast } from "../../ui/toast";
import { countsUnusable, type LiveMark, liveMode, newOrdersSince, newOrdersText } from "../live/live-logic";
import { type CountsAnswer, useOrdersLive } from "../live/use-orders-live";
import {
  confirmLabel,
  type FulfilProgress,
  fulfilInTurn,
  type HeldBack,
  planFulfil,
  stillSelected,
  summaryText,
} from "./bulk-fulfil";
import { ExportOrders } from "./export-orders";
import { FulfilBar, FulfilResults } from "./fulfil-bar";
import {
  createdSinceOf,
  listApiPath,
  listHref,
  type OrderListParams,
  readListParams,
} from "@/lib/store/orders/input-list";
import { ListFilters } from "./list-filters";
import { OrderCustomer, OrderDate, OrderTotal } from "./order-cells";
import { OrderStatus } from "./order-status";

// The bulk fulfil's confirmation loads after the list (the page's first-load JS
// budget, bench/bundle-size.mjs): it opens only on a click.
const OrderConfirmDialog = dynamic(() => import("../detail/order-confirm-dialog").then((m) => m.OrderConfirmDialog), {
  ssr: false,
});

const counted = (n: number) => n.toLocaleString("en");

/** A plain left click on a link that the page handles itself (modified clicks open tabs as usual). */
function ownClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  event.preventDefault();
  return true;
}

const emptyTexts: Record<OrderView, { title: string; body: string }> = {
  all: { title: "No orders yet", body: "Orders appear here as customers buy. You can also create one for a customer." },
  unfulfilled: {
    title: "No unfulfilled orders",
    body: "Everything is fulfilled. New orders show here until you ship them.",
  },
  fulfilled: { title: "No fulfilled orders", body: "Orders show here once you have fulfilled them." },
  paid: { title: "No paid orders", body: "Orders whose payment is complete show here." },
  pending: { title: "No pending payments", body: "Orders whose payment has not gone through yet show here." },
  failed: { title: "No failed payments", body: "Orders whose payment failed show here, so that you can follow up." },
};

/**
 * The orders list: tabs by state with their counts, a date filter, one page
 * of a tab as a table (cards on phones), bulk fulfil, the CSV export, and
 * the "N new orders" pill fed by the shared poll (components/orders/live/).
 *
 * The view is the URL (lib/store/orders/input-list.ts). The first render comes from the
 * server (app/(dashboard)/orders/(list)/page.tsx); moving between tabs and pages
 * writes the URL with the History API (Next keeps useSearchParams in step,
 * so Back works) and reads the page through React Query and GET /api/orders.
 */
export function OrdersManager({
  permissions,
  mayFulfil,
  serverCounts,
}: {
  permissions: string[] | null;
  /** manage_orders, or permissions unknown (the store decides). */
  mayFulfil: boolean;
  /** The tabs' counts as the server read them for the first render. */
  serverCounts: CountsAnswer | null;
}) {
  const search = useSearchParams();
  const params = useMemo(() => readListParams(Object.fromEntries(search)), [search]);
  const here = listHref(params);
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The day filter becomes the store's created_since in the browser's own zone; until hydrated, unknown.
  const createdSince = params.since ? (hydrated ? createdSinceOf(params.since) : undefined) : null;
  const request = {
    view: params.view,
    page: params.page,
    count: params.count,
    createdSince: createdSince ?? null,
  };
  const list = useQuery({
    queryKey: queryKeys.orders.list(request),
    queryFn: ({ signal }) => fetchJson<OrderPage>(listApiPath(request), { signal }),
    enabled: createdSince !== undefined,
    placeholderData: keepPreviousData,
  });

  function go(next: OrderListParams) {
    window.history.pushState(null, "", listHref(next));
  }

  /* ---------- live: the "N new orders" pill ---------- */
  const live = useOrdersLive({ permissions, poll: false });
  const [baseline, setBaseline] = useState<{ key: string; mark: LiveMark } | null>(null);
  const comparable = (a: LiveMark, b: LiveMark) => (a.all === null) === (b.all === null);
  if (live.ready && (baseline === null || baseline.key !== here || !comparable(baseline.mark, live.mark))) {
    setBaseline({ key: here, mark: live.mark });
  }
  const fresh = baseline ? newOrdersSince(baseline.mark, live.mark) : { count: 0, capped: false };

  function showNewOrders() {
    setBaseline({ key: listHref({ ...params, page: 0 }), mark: live.mark });
    if (params.page !== 0) go({ ...params, page: 0 });
    void queryClient.invalidateQueries({ queryKey: ["orders", "list"] });
    headingRef.current?.focus();
  }

  /*
   * The counts the tabs show. While hydrating, exactly what the server rendered: the sidebar's
   * badge may have made the counts query first, and React Query then hydrates the server's read
   * into it only in an effect, so the cache may hold nothing yet (or a newer read) while this
   * renders: the tabs would differ from the server's HTML (React's hydration error #418).
   */
  const shownCounts = hydrated ? (live.counts ?? serverCounts) : serverCounts;
  const shownMode = hydrated ? live.mode : liveMode(permissions, countsUnusable(serverCounts ?? undefined));

  /* ---------- selection and bulk fulfil ---------- */
  const [selection, setSelection] = useState<{ key: string; numbers: Set<number> }>({ key: here, numbers: new Set() });
  const selected = selection.key === here ? selection.numbers : new Set<number>();
  const [progress, setProgress] = useState<FulfilProgress | null>(null);
  const [heldBack, setHeldBack] = useState<HeldBack[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [includeUnpaid, setIncludeUnpaid] = useState(false);
  const running = progress !== null && progress.current !== null;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const rows = list.data?.items ?? [];
  const fulfillable = mayFulfil ? rows.filter(canFulfil) : [];
  const chosenHere = fulfillable.filter((o) => selected.has(o.number));
  const allChosen = fulfillable.length > 0 && chosenHere.length === fulfillable.length;

  function toggle(number: number, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(number);
    else next.delete(number);
    setSelection({ key: here, numbers: next });
  }
  function toggleAll(on: boolean) {
    setSelection({ key: here, numbers: on ? new Set(fulfillable.map((o) => o.number)) : new Set() });
  }

  // What a bulk fulfil would do now: unpaid orders held back unless included on purpose.
  const plan = planFulfil(chosenHere, selected, { includeUnpaid });

  function askToFulfil() {
    if (running || !chosenHere.length) return;
    setIncludeUnpaid(false);
    setConfirming(true);
  }

  async function fulfilSelected() {
    if (running) return;
    const key = here;
    const chosen = new Set(chosenHere.map((o) => o.number));
    const numbers = plan.fulfil;
    setHeldBack(plan.heldBack);
    if (!numbers.length) return;
    const results = await fulfilInTurn(
      numbers,
      async (number) => {
        const result = await fulfilOrderAction({ number });
        if (result.ok) return { ok: true };
        // A 401 sends the person to sign in and back; the rest is the store's sentence for this order.
        signInAgainIfNeeded(result);
        return { ok: false, message: result.error };
      },
      (p) => {
        if (mounted.current) setProgress(p);
      },
      () => !mounted.current,
    );
    if (!mounted.current) return;
    setSelection({ key, numbers: stillSelected(chosen, results) });
    const fulfilled = results.filter((r) => r.ok).map((r) => r.number);
    if (fulfilled.length) {
      toast.success(summaryText(results, numbers.length), {
        duration: undoFulfilMs,
        action: { label: "Undo", onClick: () => void undoFulfilled(fulfilled) },
      });
    }
    // The list, the tabs' counts and the sidebar's badge, all under ["orders"].
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }

  /** The toast's undo: each order back to unfulfilled (`fulfilled=false`), or the store's refusal said. */
  async function undoFulfilled(numbers: number[]) {
    const results = await fulfilInTurn(numbers, async (number) => {
      const result = await unfulfilOrderAction({ number });
      if (result.ok) return { ok: true };
      signInAgainIfNeeded(result);
      return { ok: false, message: result.error };
    });
    const undone = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok);
    const orders = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
    if (!refused.length) toast.success(`${orders(undone)} unfulfilled again.`);
    else {
      const again = undone ? `${orders(undone)} unfulfilled again; ` : "";
      toast.error(`${again}${orders(refused.length)} could not be: ${refused[0]!.message}`);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }

  /* ---------- what the page shows ---------- */
  const page = list.data;
  const counts = shownCounts?.counts;
  const countsMissing = shownMode === "newest";
  const label = orderViewLabels[params.view];
  const expected = page?.total ?? (params.since ? null : (counts?.[params.view] ?? null));
  const loadError = list.error instanceof Error ? list.error.message : null;
  const noun = params.view === "all" ? "orders" : `${label.toLowerCase()} orders`;
  const sinceText = params.since ? ` since ${dayText(params.since)}` : "";

  return (
    <section aria-labelledby={headingId} className="min-w-0">
      {/* A phone chooses the view from a select: six tabs do not fit 390 px, and a strip that
          scrolls hides the ones past its edge. */}
      <div className="mb-4 md:hidden">
        <label htmlFor={`${headingId}-view`} className="block text-sm font-medium text-fg">
          Orders to show
        </label>
        <div className="mt-1">
          <Select
            id={`${headingId}-view`}
            className="w-full"
            value={params.view}
            onChange={(event) => {
              const view = event.target.value;
              if (isOrderView(view) && view !== params.view) go({ ...params, view, page: 0 });
            }}
          >
            {orderViews.map((view) => {
              const count = counts?.[view];
              return (
                <option key={view} value={view}>
                  {`${orderViewLabels[view]}${count != null ? ` (${counted(count)})` : ""}`}
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

      <ListFilters
        key={`${params.since}|${params.view}`}
        params={params}
        onApply={(since) => go({ ...params, since, page: 0 })}
        exportSlot={
          <ExportOrders view={params.view} since={params.since} createdSince={createdSince} expected={expected} />
        }
      />

      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-sm font-medium text-fg-muted">
          {label === "All" ? "All orders" : `${label} orders`}
          {sinceText}
          {page?.total != null ? ` · ${counted(page.total)}` : ""}
        </h2>
        <div aria-live="polite">
          {fresh.count > 0 ? (
            <Button size="sm" variant="secondary" onClick={showNewOrders} className="rounded-full">
              {newOrdersText(fresh)} · Show
            </Button>
          ) : null}
        </div>
      </div>

      <ListAlert loadError={page ? loadError : null} />

      {!page ? (
        list.isError ? (
          <Notice role="alert" tone="error" title="Could not load the orders">
            <p>{loadError}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Notice>
        ) : (
          <SkeletonRows label="Loading orders…" rows={6} rowClassName="h-14" />
        )
      ) : rows.length ? (
        <>
          {fulfillable.length ? (
            <div className="mb-2 md:hidden">
              <SelectAll
                id={`${headingId}-all-phone`}
                checked={allChosen}
                some={chosenHere.length > 0}
                onChange={toggleAll}
                disabled={running}
              />
            </div>
          ) : null}
          {/* On phones the header row is only read out, but it keeps its width (overflow does not apply
              to a table's row groups, and it is absolute): clip it here, so that the page never scrolls sideways. */}
          <div className="max-md:relative max-md:overflow-x-clip">
            <Table aria-label={`${noun}${sinceText}`} stackOnMobile aria-busy={list.isFetching || running || undefined}>
              <TableHeader>
                <TableRow>
                  {mayFulfil ? (
                    <TableHead className="w-0">
                      {fulfillable.length ? (
                        // Phones get their own, above the cards: the header is only read out there.
                        <SelectAll
                          id={`${headingId}-all`}
                          checked={allChosen}
                          some={chosenHere.length > 0}
                          onChange={toggleAll}
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
                              onChange={(event) => toggle(order.number, event.target.checked)}
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
                        <Link
                          href={`/orders/${order.number}`}
                          className="text-accent underline-offset-2 hover:underline"
                        >
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
      ) : params.page > 0 ? (
        <EmptyState
          icon={ShoppingCart}
          title="This page is empty"
          action={
            <Button variant="secondary" onClick={() => go({ ...params, page: 0 })}>
              Go to the first page
            </Button>
          }
        >
          The list is shorter than this page: orders may have changed tabs since.
        </EmptyState>
      ) : params.since ? (
        <EmptyState
          icon={ShoppingCart}
          title={`No ${params.view === "all" ? "" : `${label.toLowerCase()} `}orders${sinceText}`}
          action={
            <Button variant="secondary" onClick={() => go({ ...params, since: "", page: 0 })}>
              Show every date
            </Button>
          }
        >
          Choose an earlier day, or clear the date to see every order in this tab.
        </EmptyState>
      ) : (
        <EmptyState
          icon={ShoppingCart}
          title={emptyTexts[params.view].title}
          action={
            params.view === "all" && mayFulfil ? (
              <Link href="/orders/new" className={buttonClasses("secondary")}>
                Create an order
              </Link>
            ) : null
          }
        >
          {emptyTexts[params.view].body}
        </EmptyState>
      )}

      {page ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Pagination
            page={params.page}
            pageSize={params.count}
            itemCount={rows.length}
            total={page.total}
            onPageChange={(p) => go({ ...params, page: p })}
            noun={noun}
            className="grow"
          />
          {rows.length || params.page > 0 ? (
            <PageSize
              value={params.count}
              sizes={orderPageSizes}
              onChange={(count) => go({ ...params, page: 0, count })}
              className="mt-4"
            />
          ) : null}
        </div>
      ) : null}

      {mayFulfil ? (
        <>
          <FulfilBar
            selected={chosenHere.length}
            progress={progress}
            onFulfil={askToFulfil}
            onClear={() => setSelection({ key: here, numbers: new Set() })}
            // Oldest first, as orders are packed (and runs of numbers make a short address); Back returns here.
            printHref={
              chosenHere.length
                ? `${printHref(chosenHere.map((o) => o.number).sort((a, b) => a - b))}${here === "/orders" ? "" : `&${new URLSearchParams({ back: here })}`}`
                : undefined
            }
          />
          {progress ? (
            <FulfilResults
              progress={progress}
              heldBack={heldBack}
              onDismiss={() => {
                setProgress(null);
                setHeldBack([]);
              }}
            />
          ) : null}
          <OrderConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={
              chosenHere.length === 1
                ? `Fulfil order #${chosenHere[0]!.number}?`
                : `Fulfil ${chosenHere.length} orders?`
            }
            description={`${plan.fulfil.length === 1 ? "It is" : "They are"} marked fulfilled and leave the Unfulfilled list. ${fulfilMailText(
              plan.fulfil.length === 1
                ? { count: 1, email: chosenHere.find((o) => o.number === plan.fulfil[0])?.email }
                : { count: plan.fulfil.length },
            )}`}
            confirmLabel={confirmLabel(plan.fulfil.length)}
            confirmDisabled={plan.fulfil.length === 0}
            backOutLabel="Not now"
            onConfirm={() => {
              setConfirming(false);
              void fulfilSelected();
            }}
          >
            {plan.unpaid.length ? (
              <UnpaidChoice unpaid={plan.unpaid} include={includeUnpaid} onInclude={setIncludeUnpaid} />
            ) : null}
          </OrderConfirmDialog>
        </>
      ) : null}
    </section>
  );
}

/** In the bulk confirmation: the chosen orders that are not paid, held back unless included on purpose. */
function UnpaidChoice({
  unpaid,
  include,
  onInclude,
}: {
  unpaid: readonly HeldBack[];
  include: boolean;
  onInclude: (include: boolean) => void;
}) {
  const id = useId();
  const one = unpaid.length === 1;
  return (
    <div className="mt-4 rounded-md border border-warning-border bg-warning-soft p-3 text-sm text-warning-soft-fg">
      <p id={`${id}-title`} className="font-medium">
        {include
          ? `${one ? "1 order is" : `${unpaid.length} orders are`} not paid, and ${one ? "is" : "are"} included:`
          : `${one ? "1 order is" : `${unpaid.length} orders are`} not paid and ${one ? "is" : "are"} held back:`}
      </p>
      <ul aria-labelledby={`${id}-title`} className="mt-1 list-disc ps-5">
        {unpaid.map((held) => (
          <li key={held.number}>
            #{held.number}: {held.reason}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center gap-2">
        <input
          id={`${id}-include`}
          type="checkbox"
          checked={include}
          onChange={(event) => onInclude(event.target.checked)}
          className="size-4 cursor-pointer accent-primary"
        />
        <label htmlFor={`${id}-include`} className="font-medium">
          Fulfil {one ? "it" : "them"} too
        </label>
      </div>
    </div>
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
