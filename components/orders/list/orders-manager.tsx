"use client";

import ShoppingCart from "lucide-react/icons/shopping-cart";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useId, useRef } from "react";
import { dayText, type OrderView, orderPageSizes, orderViewLabels } from "@/lib/store/orders/model";
import { printHref } from "@/lib/store/orders/model-slips";
import { Button, buttonClasses } from "../../ui/button";
import { EmptyState } from "../../ui/empty-state";
import { ListHeading, ListPages, NoMatch, PageEmpty } from "../../ui/list-page";
import { ListAlert, Notice } from "../../ui/notice";
import { SkeletonRows } from "../../ui/skeleton";
import { newOrdersText } from "../live/live-logic";
import type { CountsAnswer } from "../live/use-orders-live";
import { ExportOrders } from "./export-orders";
import { FulfilBar, FulfilResults } from "./fulfil-bar";
import { SearchSpanNote } from "./customer-search";
import { ListFilters } from "./list-filters";
import { OrdersTable } from "./orders-table";
import { useBulkFulfil } from "./use-bulk-fulfil";
import { useOrderList } from "./use-order-list";
import { counted, ViewTabs } from "./view-tabs";

// The bulk fulfil's confirmation loads after the list (the page's first-load JS
// budget, bench/bundle-size.mjs): it opens only on a click.
const FulfilConfirm = dynamic(() => import("./fulfil-confirm").then((m) => m.FulfilConfirm), { ssr: false });

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
 * The orders list: tabs by state with their counts (view-tabs.tsx), a date filter, one page of a tab as a
 * table (cards on phones, orders-table.tsx), bulk fulfil (use-bulk-fulfil.ts), the CSV export, and the
 * "N new orders" pill fed by the shared poll (components/orders/live/).
 *
 * The view is the URL (lib/store/orders/input-list.ts). The first render comes from the
 * server (app/(dashboard)/orders/(list)/page.tsx); moving between tabs and pages
 * writes the URL with the History API (Next keeps useSearchParams in step,
 * so Back works) and reads the page through React Query and GET /api/orders (use-order-list.ts).
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
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { params, here, createdSince, list, go, fresh, showNewOrders, counts, countsMissing, toFulfil } = useOrderList({
    permissions,
    serverCounts,
    headingRef,
  });
  const rows = list.data?.items ?? [];
  const bulk = useBulkFulfil({ here, rows, mayFulfil });

  const page = list.data;
  const label = orderViewLabels[params.view];
  const expected = page?.total ?? (params.since || params.q ? null : (counts?.[params.view] ?? null));
  const loadError = list.error instanceof Error ? list.error.message : null;
  const noun = params.view === "all" ? "orders" : `${label.toLowerCase()} orders`;
  const sinceText = params.since ? ` since ${dayText(params.since)}` : "";
  const searchText = params.q ? ` of “${params.q}”` : "";

  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <ViewTabs
        id={headingId}
        params={params}
        counts={counts}
        toFulfil={toFulfil}
        countsMissing={countsMissing}
        go={go}
      />

      <ListFilters
        key={`${params.since}|${params.view}|${params.q ?? ""}`}
        params={params}
        onApply={(since) => go({ ...params, since, page: 0 })}
        onSearch={(q) => go({ ...params, q, page: 0 })}
        exportSlot={
          <ExportOrders
            view={params.view}
            since={params.since}
            q={params.q ?? ""}
            createdSince={createdSince}
            expected={expected}
          />
        }
      />

      <ListHeading
        id={headingId}
        ref={headingRef}
        aside={
          <div aria-live="polite">
            {fresh.count > 0 ? (
              <Button size="sm" variant="secondary" onClick={showNewOrders} className="rounded-full">
                {newOrdersText(fresh)} · Show
              </Button>
            ) : null}
          </div>
        }
      >
        {label === "All" ? "All orders" : `${label} orders`}
        {searchText}
        {sinceText}
        {page?.total != null ? ` · ${counted(page.total)}` : ""}
      </ListHeading>

      <SearchSpanNote span={params.q ? page?.search : undefined} />
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
        <OrdersTable
          id={headingId}
          rows={rows}
          label={`${noun}${sinceText}`}
          busy={list.isFetching || bulk.running}
          mayFulfil={mayFulfil}
          selected={bulk.selected}
          fulfillable={bulk.fulfillable.length}
          some={bulk.chosenHere.length > 0}
          allChosen={bulk.allChosen}
          running={bulk.running}
          onToggle={bulk.toggle}
          onToggleAll={bulk.toggleAll}
        />
      ) : params.page > 0 ? (
        <PageEmpty icon={ShoppingCart} firstPage={{ onClick: () => go({ ...params, page: 0 }) }}>
          The list is shorter than this page: orders may have changed tabs since.
        </PageEmpty>
      ) : params.q ? (
        <NoMatch
          icon={ShoppingCart}
          title={`No ${params.view === "all" ? "" : `${label.toLowerCase()} `}orders${searchText}${sinceText}`}
          clear={{ label: "Clear the search", onClick: () => go({ ...params, q: "", page: 0 }) }}
        >
          Try another spelling, part of the name, or the e-mail address.
        </NoMatch>
      ) : params.since ? (
        <NoMatch
          icon={ShoppingCart}
          title={`No ${params.view === "all" ? "" : `${label.toLowerCase()} `}orders${sinceText}`}
          clear={{ label: "Show every date", onClick: () => go({ ...params, since: "", page: 0 }) }}
        >
          Choose an earlier day, or clear the date to see every order in this tab.
        </NoMatch>
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
        <ListPages
          page={params.page}
          pageSize={params.count}
          itemCount={rows.length}
          total={page.total}
          onPageChange={(p) => go({ ...params, page: p })}
          noun={noun}
          sizes={orderPageSizes}
          onPageSizeChange={(count) => go({ ...params, page: 0, count })}
        />
      ) : null}

      {mayFulfil ? (
        <>
          <FulfilBar
            selected={bulk.chosenHere.length}
            progress={bulk.progress}
            onFulfil={bulk.askToFulfil}
            onClear={bulk.clear}
            // Oldest first, as orders are packed (and runs of numbers make a short address); Back returns here.
            printHref={
              bulk.chosenHere.length
                ? `${printHref(bulk.chosenHere.map((o) => o.number).sort((a, b) => a - b))}${here === "/orders" ? "" : `&${new URLSearchParams({ back: here })}`}`
                : undefined
            }
          />
          {bulk.progress ? (
            <FulfilResults progress={bulk.progress} heldBack={bulk.heldBack} onDismiss={bulk.dismissResults} />
          ) : null}
          <FulfilConfirm
            open={bulk.confirming}
            onOpenChange={bulk.setConfirming}
            chosen={bulk.chosenHere}
            plan={bulk.plan}
            includeUnpaid={bulk.includeUnpaid}
            onIncludeUnpaid={bulk.setIncludeUnpaid}
            onConfirm={bulk.confirm}
          />
        </>
      ) : null}
    </section>
  );
}
