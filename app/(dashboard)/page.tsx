import KeyRound from "lucide-react/icons/key-round";
import type { Metadata } from "next";
import { Suspense } from "react";
import { LatestOrders, LatestOrdersSkeleton, latestOrdersCount } from "@/components/home/latest-orders";
import { OrderCounts, OrderCountsHidden, OrderCountsSkeleton } from "@/components/home/order-counts";
import { SalesChart, SalesChartSkeleton } from "@/components/home/sales-chart";
import { SectionLinks } from "@/components/home/section-links";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt, visibleSections } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { loadFromStore } from "@/lib/store/load";
import { countAllOrders, listOrders, listOrdersCreatedSince } from "@/lib/store/orders/api";
import { periodCreatedSince, summariseActivity, unixNow } from "@/lib/store/orders/model-stats";

export const metadata: Metadata = { title: "Home" };

/**
 * Home: a greeting, the store at a glance for those who handle orders, and a
 * card for each section the user may use (lib/navigation.ts). What they may
 * not use is not shown at all.
 *
 * The greeting renders at once; each widget streams in behind its own
 * skeleton (Suspense) and fails on its own, in a sentence, so one slow or
 * refused read never holds up or breaks the rest. The reads start together,
 * here, before anything renders; the widgets (components/home) await them.
 *
 * - Which permission each figure needs is decided in docs/design.md#home:
 *   the sales figures and the latest orders are read from the orders list
 *   (manage_orders); the counts by state from `…/count` (view_stats). The
 *   orders widgets show with manage_orders; without view_stats the counts'
 *   place holds one sentence naming what is hidden, and nothing it names.
 *   Permissions null (the store does not say): every widget asks, and a
 *   refusal is shown quietly in its place.
 * - The chart's days are UTC days (lib/store/orders/model-stats.ts says why).
 */
export default async function HomePage() {
  const session = await requireSession("/");
  const sections = visibleSections(session.permissions);
  const permissions = session.permissions;
  const ordersWidgets = mayUse(permissions, sectionAt("/orders")!);
  const mayCount = permissions === null || permissions.includes("view_stats");

  const header = (
    <PageHeader
      title={`Welcome to ${session.storeName}`}
      description={
        ordersWidgets
          ? "Your store at a glance."
          : sections.length > 0
            ? "Choose what to work on."
            : `Signed in as ${session.signedInAs}.`
      }
    />
  );
  const unknownPermissions =
    permissions === null ? (
      <p className="mb-4 text-sm text-fg-muted">
        Your store does not tell Store Admin what you may do, so every section is listed. The store decides what you may
        open.
      </p>
    ) : null;

  if (sections.length === 0) {
    return (
      <>
        {header}
        <EmptyState icon={KeyRound} title="Nothing to open yet">
          Your store account may not use any section of Store Admin. Ask the store&apos;s owner to give you access to
          what you work on: it shows here from your next page.
        </EmptyState>
      </>
    );
  }

  if (!ordersWidgets) {
    return (
      <>
        {header}
        {unknownPermissions}
        <SectionLinks sections={sections} />
      </>
    );
  }

  // The reads, started together. `now` is one clock for the whole page.
  const now = unixNow();
  const counts = mayCount ? loadFromStore("/", (store) => countAllOrders(store)) : null;
  const activity = loadFromStore("/", async (store) => {
    const { items, complete } = await listOrdersCreatedSince(store, periodCreatedSince(now));
    return summariseActivity(items, { now, complete });
  });
  const latest = loadFromStore("/", async (store) => ({
    orders: (await listOrders(store, { count: latestOrdersCount })).items,
    now,
  }));

  return (
    <>
      {header}
      {unknownPermissions}
      <div className="space-y-6">
        {counts ? (
          <Suspense fallback={<OrderCountsSkeleton />}>
            <OrderCounts data={counts} />
          </Suspense>
        ) : (
          <OrderCountsHidden />
        )}
        <Suspense fallback={<SalesChartSkeleton />}>
          <SalesChart data={activity} />
        </Suspense>
        <Suspense fallback={<LatestOrdersSkeleton />}>
          <LatestOrders data={latest} />
        </Suspense>
        <section aria-labelledby="sections-heading">
          <h2 id="sections-heading" className="mb-3 text-base font-semibold text-fg">
            Sections
          </h2>
          <SectionLinks sections={sections} compact />
        </section>
      </div>
    </>
  );
}
