import { formatMoney } from "../../../lib/money";
import type { Order } from "../../../lib/store/orders/model";

/** What the palette says of an order found by its number: the customer and the total, or how the look-up went. */
export function orderDetail(
  found: { isPending: boolean; isError: boolean; error: Error | null; data: Order | undefined } | null,
): string | undefined {
  if (!found) return undefined;
  if (found.isPending) return "Looking it up…";
  if (found.isError || !found.data) return found.error?.message ?? "Could not look it up.";
  return `${found.data.customer || found.data.email || "No name"} · ${formatMoney(found.data.total, found.data.currency)}`;
}

/**
 * The way from the palette to a customer's orders: the orders list searched by what was typed, by name or
 * e-mail (components/orders/list/customer-search.tsx). Offered last, so that Enter still takes the best match.
 */
export function customerOrdersResult(query: string) {
  const text = query.trim();
  return {
    id: "orders:customer",
    label: `Orders of “${text}”`,
    detail: "Search orders by customer name or e-mail",
    href: `/orders?q=${encodeURIComponent(text)}`,
  };
}
