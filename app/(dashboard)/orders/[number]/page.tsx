import type { Metadata } from "next";
import Printer from "lucide-react/icons/printer";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LocalDate } from "@/components/coupons/local-date";
import { NoAccess } from "@/components/no-access";
import { backToList, ordersListPath } from "@/components/orders/detail/back";
import { OrderActionsLoader } from "@/components/orders/detail/order-actions-lazy";
import { CustomerCard, DetailsCard, LinesCard, ShipmentsCard, TotalsCard } from "@/components/orders/detail/order-view";
import { OrderStatus } from "@/components/orders/list/order-status";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { getOrder } from "@/lib/store/orders/api";
import { parseOrderNumber } from "@/lib/store/orders/model";
import { printHref } from "@/lib/store/orders/model-slips";
import { loadFromStore } from "@/lib/store/load";

type Params = {
  params: Promise<{ number: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Pick<Params, "params">): Promise<Metadata> {
  const raw = (await params).number;
  const number = /^\d+$/.test(raw) ? parseOrderNumber(raw) : null;
  return { title: number === null ? "Order" : `Order #${number}` };
}

/**
 * One order (docs/contract.md#orders): its state and actions in the header,
 * then what was ordered, by whom, where it goes and what it cost.
 * `?back=/orders?…` is the list it was opened from.
 */
export default async function OrderPage({ params, searchParams }: Params) {
  const [{ number: raw }, query] = await Promise.all([params, searchParams]);
  const number = /^\d+$/.test(raw) ? parseOrderNumber(raw) : null;
  if (number === null) notFound();
  const backHref = backToList(query.back);
  const back = { href: backHref, label: "Back to orders" };
  const here =
    backHref === ordersListPath ? `/orders/${number}` : `/orders/${number}?${new URLSearchParams({ back: backHref })}`;
  const session = await requireSession(here);
  const section = sectionAt("/orders")!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const loaded = await loadFromStore(here, (store) => getOrder(store, number));
  if (!loaded.ok) {
    if (loaded.problem.status === 404) notFound();
    return (
      <>
        <PageHeader title={`Order #${number}`} back={back} />
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }
  const order = loaded.data;

  return (
    <div className="max-w-6xl space-y-6">
      <PageHeader
        title={`Order #${order.number}`}
        description={
          order.created !== null ? (
            <>
              Placed <LocalDate seconds={order.created} />
            </>
          ) : undefined
        }
        back={back}
        // Reading an order takes manage_orders, as its writes do: whoever sees the page may try them (the store decides).
        actions={
          <OrderActionsLoader order={order}>
            {/* A cancelled order ships nothing: no packing slip to print. */}
            {order.cancelled ? null : (
              <Link
                href={`${printHref([order.number])}&${new URLSearchParams({ back: `/orders/${order.number}` })}`}
                className={buttonClasses("secondary")}
              >
                <Printer aria-hidden="true" />
                Print packing slip
              </Link>
            )}
          </OrderActionsLoader>
        }
      />
      {/* Cancelled reads first, never a plain "Paid" (lib/store/orders/model.ts orderStatusBadges). */}
      <OrderStatus order={order} list className="-mt-3" />
      {order.cancelled ? (
        <Notice tone="info">
          This order is cancelled: it can no longer be fulfilled, and cancelling cannot be undone.
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <LinesCard order={order} />
          <ShipmentsCard order={order} />
        </div>
        <div className="min-w-0 space-y-6">
          <TotalsCard order={order} />
          <CustomerCard order={order} />
          <DetailsCard order={order} />
        </div>
      </div>
    </div>
  );
}
