"use client";

import { useQueryClient } from "@tanstack/react-query";
import Ban from "lucide-react/icons/ban";
import PackageCheck from "lucide-react/icons/package-check";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { cancelOrderAction, fulfilOrderAction } from "@/lib/actions/orders";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { type OrderSummary, cancelAvailability, canFulfil, orderLabel } from "@/lib/store/orders/model";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toast } from "../../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";

type ActionOrder = Pick<
  OrderSummary,
  "number" | "fulfilled" | "cancelled" | "paymentGateway" | "paymentGatewayKnown" | "itemCount"
>;

/**
 * "Fulfil" and "Cancel order" on an order's page. Which orders may be
 * cancelled follows `cancelAvailability` (lib/store/orders/model.ts): where
 * the store tells API orders and cancelled ones apart, cancel is offered only
 * where it can work, and a sentence says why not otherwise; where it does not
 * tell, cancel is offered and the store's refusal is shown. After a write the
 * page is read again (the action invalidates the orders tag; router.refresh
 * brings the new state), as the coupon and product pages do.
 */
export function OrderActions({ order }: { order: ActionOrder }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<"fulfil" | "cancel" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const label = orderLabel(order);
  const cancel = cancelAvailability(order);
  const fulfil = canFulfil(order);

  async function settle() {
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    router.refresh();
  }

  async function run(kind: "fulfil" | "cancel") {
    setPending(kind);
    setProblem(null);
    const result =
      kind === "fulfil"
        ? await fulfilOrderAction({ number: order.number })
        : await cancelOrderAction({ number: order.number });
    setPending(null);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const message = writeFailureMessage(result, {
        failed: kind === "fulfil" ? `fulfil order ${label}` : `cancel order ${label}`,
        happened: kind === "fulfil" ? `the fulfilment of order ${label}` : `the cancellation of order ${label}`,
      });
      setProblem(message.text);
      if (message.reread) await settle();
      return;
    }
    toast.success(kind === "fulfil" ? `Fulfilled order ${label}.` : `Cancelled order ${label}.`);
    await settle();
  }

  const stock =
    order.itemCount === 1
      ? "Its item goes back into stock."
      : order.itemCount > 1
        ? "Its items go back into stock."
        : "";

  return (
    <>
      {fulfil ? (
        <Button
          pending={pending === "fulfil"}
          pendingLabel="Fulfilling…"
          disabled={pending !== null}
          onClick={() => void run("fulfil")}
        >
          <PackageCheck aria-hidden="true" />
          Fulfil
        </Button>
      ) : null}
      {cancel.allowed ? (
        <Button
          ref={cancelButton}
          variant="secondary"
          pending={pending === "cancel"}
          pendingLabel="Cancelling…"
          disabled={pending !== null}
          onClick={() => setConfirming(true)}
        >
          <Ban aria-hidden="true" />
          Cancel order
        </Button>
      ) : null}
      {/* On a phone these wrap under the buttons; on a desktop, under the header's row. */}
      <div className="basis-full space-y-2">
        {!cancel.allowed && order.cancelled !== true ? (
          <p className="max-w-prose text-sm text-fg-muted">{cancel.reason}</p>
        ) : null}
        <div role="alert">{problem ? <Notice tone="error">{problem}</Notice> : null}</div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel order ${label}?`}
        description={`Cancelling cannot be undone: the order stays cancelled and can no longer be fulfilled. ${stock}`.trim()}
        confirmLabel="Cancel order"
        returnFocusTo={() => cancelButton.current}
        focusAfterConfirm={() => cancelButton.current ?? document.querySelector<HTMLElement>("main h1")}
        onConfirm={() => {
          setConfirming(false);
          void run("cancel");
        }}
      />
    </>
  );
}
