import Link from "next/link";
import { OrderStatus } from "@/components/orders/list/order-status";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Loaded } from "@/lib/store/model";
import { type OrderSummary, money, orderLabel } from "@/lib/store/orders/model";
import { relativeTime } from "@/lib/store/orders/model-stats";
import { WidgetProblem } from "./widget-problem";

/** How many of the newest orders the home page lists. */
export const latestOrdersCount = 8;
const latestOnPhones = 5;

const exactTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const viewAll = (
  <Link href="/orders" className={buttonClasses("secondary", undefined, "sm")}>
    View all orders
  </Link>
);

const cardProps = {
  id: "latest-orders",
  title: "Latest orders",
  description: "The newest orders first.",
  actions: viewAll,
} as const;

/**
 * The newest orders: the number (to the order's page), the customer, the
 * total, its state (as everywhere: a cancelled one reads Cancelled, not
 * Paid; components/orders/list/order-status.tsx), and how long ago. `now` is the server's
 * clock at the read, so the server's render and the browser's agree.
 */
export async function LatestOrders({ data }: { data: Promise<Loaded<{ orders: OrderSummary[]; now: number }>> }) {
  const loaded = await data;
  if (!loaded.ok) {
    return (
      <Card {...cardProps}>
        <WidgetProblem problem={loaded.problem} refusal="The store does not let your account see its orders." />
      </Card>
    );
  }
  const { orders, now } = loaded.data;
  if (orders.length === 0) {
    return (
      <Card {...cardProps}>
        <p className="text-sm text-fg-muted">No orders yet. New orders show here as they come in.</p>
      </Card>
    );
  }
  return (
    <Card {...cardProps}>
      <Table aria-label="Latest orders" stackOnMobile>
        <TableHeader>
          <TableRow>
            <TableHead>Order</TableHead>
            <TableHead>Customer</TableHead>
            <TableHead numeric>Total</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Placed</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {orders.map((order, index) => (
            // A phone shows each order as a card: the five newest are enough there.
            <TableRow key={order.number} className={index >= latestOnPhones ? "max-md:hidden" : undefined}>
              <TableCell label="Order" className="font-medium">
                <Link href={`/orders/${order.number}`} className="text-accent underline-offset-4 hover:underline">
                  {orderLabel(order)}
                </Link>
              </TableCell>
              <TableCell label="Customer" className="break-words">
                {order.customer || order.email || <span className="text-fg-muted">Not given</span>}
              </TableCell>
              <TableCell label="Total" numeric>
                {money(order, order.total)}
              </TableCell>
              <TableCell label="Status">
                <OrderStatus order={order} />
              </TableCell>
              <TableCell label="Placed" className="whitespace-nowrap text-fg-muted">
                {order.created === null ? (
                  "Not given"
                ) : (
                  <time
                    dateTime={new Date(order.created * 1000).toISOString()}
                    title={`${exactTime.format(new Date(order.created * 1000))} UTC`}
                  >
                    {relativeTime(order.created, now)}
                  </time>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

export function LatestOrdersSkeleton() {
  return (
    <Card {...cardProps}>
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading the latest orders…</span>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 rounded-md" />
        ))}
      </div>
    </Card>
  );
}
