import { type OrderSummary, orderStatusBadges, paymentGatewayLabel, refundNote } from "@/lib/store/orders/model";
import { Badge } from "../../ui/badge";
import { cn } from "../../ui/cn";

/**
 * An order's state as badges, the same wherever an order shows (the lists,
 * Home's latest orders, the order's page): `orderStatusBadges`
 * (lib/store/orders/model.ts), so a cancelled order reads "Cancelled" first
 * and its payment in the past, never a plain "Paid"; a paid one reads
 * "Cancelled · was paid: refund it through Stripe" (`refundNote`: money to
 * give back, docs/design.md#home). The gateway, where the store tells it,
 * follows the payment. No hooks: server and client components both render it.
 */
export function OrderStatus({
  order,
  list = false,
  className,
}: {
  order: Pick<OrderSummary, "paymentState" | "fulfilled" | "cancelled" | "paymentGateway" | "paymentGatewayKnown">;
  /** A list (`<ul aria-label="Status">`) of its parts, as the order's page shows them. */
  list?: boolean;
  className?: string;
}) {
  const refund = refundNote(order);
  const parts = orderStatusBadges(order).flatMap((badge) => {
    const shown = (
      <Badge key={badge.label} tone={badge.tone} dot>
        {badge.label}
      </Badge>
    );
    if (badge.about === "cancelled" && refund) {
      return [
        shown,
        <span key="refund" className="text-xs font-medium text-fg">
          <span aria-hidden="true">· </span>
          {refund}
        </span>,
      ];
    }
    if (badge.about !== "payment" || !order.paymentGatewayKnown) return [shown];
    return [
      shown,
      <span key="gateway" className="text-xs text-fg-muted">
        {paymentGatewayLabel(order.paymentGateway)}
      </span>,
    ];
  });
  if (list) {
    return (
      <ul aria-label="Status" className={cn("flex flex-wrap items-center gap-2 text-sm", className)}>
        {parts.map((part) => (
          <li key={part.key}>{part}</li>
        ))}
      </ul>
    );
  }
  return <span className={cn("flex flex-wrap items-center gap-x-2 gap-y-1", className)}>{parts}</span>;
}
