"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Ban from "lucide-react/icons/ban";
import PackageCheck from "lucide-react/icons/package-check";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { cancelOrderAction, fulfilOrderAction, unfulfilOrderAction } from "@/lib/actions/orders";
import { applyFieldErrors } from "@/lib/forms/apply-field-errors";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  type OrderSummary,
  cancelAvailability,
  canFulfil,
  fulfilMailText,
  orderLabel,
  undoFulfilMs,
} from "@/lib/store/orders/model";
import { type FulfilShipmentInput, fulfilShipmentFields, fulfilShipmentInput } from "@/lib/store/orders/input-fulfil";
import { type FulfilmentOffer, fulfilNotifyText, plainFulfilment } from "@/lib/store/orders/model-fulfil";
import { writeFailureMessage } from "@/lib/write-failure";
import { Button } from "../../ui/button";
import { confirmLabel, planFulfil } from "../list/bulk-fulfil";
import { UnpaidChoice } from "../list/fulfil-confirm";
import { FulfilShipmentFields } from "./fulfil-shipment";
import { ConfirmDialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toast } from "../../ui/toast";

type ActionOrder = Pick<
  OrderSummary,
  | "number"
  | "fulfilled"
  | "cancelled"
  | "paymentState"
  | "paymentGateway"
  | "paymentGatewayKnown"
  | "itemCount"
  | "email"
> & {
  /** What the store takes with the fulfilment (an extension); absent or plain: the contract's fulfilment only. */
  fulfilment?: FulfilmentOffer;
};

/**
 * "Fulfil" and "Cancel order" on an order's page. Which orders may be
 * cancelled follows `cancelAvailability` (lib/store/orders/model.ts): where
 * the store tells API orders and cancelled ones apart, cancel is offered only
 * where it can work, and a sentence says why not otherwise; where it does not
 * tell, cancel is offered and the store's refusal is shown. After a write the
 * page is read again (the action invalidates the orders tag; router.refresh
 * brings the new state), as the coupon and product pages do.
 *
 * Fulfilling reaches the customer (the store may e-mail them), so it asks
 * first and says so. An order that is not paid is held back there as the
 * bulk fulfil holds it back (`planFulfil`, components/orders/list/bulk-fulfil.ts):
 * its reason is said and "Fulfil it too" must be ticked first. Its toast then offers an undo for a few seconds
 * (`fulfilled=false`, docs/contract.md#orders), and a store that refuses it
 * is said to in a sentence. Where the store takes them (`X-Order-Fulfilment`, docs/contract.md#extensions),
 * the dialog also asks for a carrier, service and tracking number and whether to e-mail the customer
 * (FulfilShipmentFields), and its sentence about the e-mail follows that choice; against a store that does
 * not, it is exactly the contract's fulfilment. The page's other actions (the packing slip's link) follow
 * these in the header's row (./order-actions-lazy.tsx); the reasons and problems below wrap under them all.
 */
export function OrderActions({ order }: { order: ActionOrder }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<"fulfil" | "cancel" | null>(null);
  const [pending, setPending] = useState<"fulfil" | "cancel" | "undo" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [includeUnpaid, setIncludeUnpaid] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const fulfilButton = useRef<HTMLButtonElement>(null);
  const label = orderLabel(order);
  const cancel = cancelAvailability(order);
  const fulfil = canFulfil(order);
  // The bulk fulfil's rule, for this one order: not paid, it is held back unless included on purpose.
  const plan = planFulfil([order], new Set([order.number]), { includeUnpaid });
  const offer = order.fulfilment ?? plainFulfilment;
  const asksMore = offer.shipment || offer.notify;
  const defaults: FulfilShipmentInput = { carrier: "", service: "", tracking_number: "", notify: true };
  const form = useForm<FulfilShipmentInput>({ resolver: zodResolver(fulfilShipmentInput), defaultValues: defaults });
  const {
    formState: { errors },
  } = form;
  const notify = useWatch({ control: form.control, name: "notify" }) !== false;
  const mailText = offer.notify
    ? fulfilNotifyText({ email: order.email, notify })
    : fulfilMailText({ count: 1, email: order.email });

  // Fulfilled, the Fulfil button goes, and focus with it: it moves to the next action (or the heading).
  const couldFulfil = useRef(fulfil);
  useEffect(() => {
    if (couldFulfil.current && !fulfil && (document.activeElement === document.body || !document.activeElement)) {
      (cancelButton.current ?? document.querySelector<HTMLElement>("main h1"))?.focus();
    }
    couldFulfil.current = fulfil;
  }, [fulfil]);

  async function settle() {
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    router.refresh();
  }

  async function run(kind: "fulfil" | "cancel", shipment?: FulfilShipmentInput) {
    setPending(kind);
    setProblem(null);
    const result =
      kind === "fulfil"
        ? await fulfilOrderAction({ number: order.number, ...(shipment ? { shipment } : {}) })
        : await cancelOrderAction({ number: order.number });
    setPending(null);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      // The store refused what was entered: back to the dialog, the message under its field.
      if (kind === "fulfil" && result.fieldErrors && asksMore) {
        const fields = [...fulfilShipmentFields, "notify"] as const;
        if (fields.some((field) => result.fieldErrors?.[field])) {
          setConfirming("fulfil");
          // The dialog's fields mount with it: place the messages once they are there.
          requestAnimationFrame(() => applyFieldErrors(form.setError, result.fieldErrors, fields));
          return;
        }
      }
      const message = writeFailureMessage(result, {
        failed: kind === "fulfil" ? `fulfil order ${label}` : `cancel order ${label}`,
        happened: kind === "fulfil" ? `the fulfilment of order ${label}` : `the cancellation of order ${label}`,
      });
      setProblem(message.text);
      if (message.reread) await settle();
      return;
    }
    if (kind === "fulfil") {
      toast.success(`Fulfilled order ${label}.`, {
        duration: undoFulfilMs,
        action: { label: "Undo", onClick: () => void undo() },
      });
    } else {
      toast.success(`Cancelled order ${label}.`);
    }
    await settle();
  }

  /** The toast's undo: back to unfulfilled, or the store's refusal in words. */
  async function undo() {
    setPending("undo");
    setProblem(null);
    const result = await unfulfilOrderAction({ number: order.number });
    setPending(null);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const message = writeFailureMessage(result, {
        failed: `undo the fulfilment of order ${label}`,
        happened: `the undo of order ${label}'s fulfilment`,
      });
      // In the page, where it stays; and as a toast, for a person who has moved on since.
      setProblem(message.text);
      toast.error(message.text);
      if (message.reread) await settle();
      return;
    }
    toast.success(`Order ${label} is unfulfilled again.`);
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
          ref={fulfilButton}
          pending={pending === "fulfil"}
          pendingLabel="Fulfilling…"
          disabled={pending !== null}
          onClick={() => {
            setIncludeUnpaid(false);
            form.reset(defaults);
            setConfirming("fulfil");
          }}
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
          onClick={() => setConfirming("cancel")}
        >
          <Ban aria-hidden="true" />
          Cancel order
        </Button>
      ) : null}
      {/* On a phone these wrap under the buttons; on a desktop, under the header's row: last in it, after
          the page's own actions that follow these in the page (the packing slip's link). */}
      <div className="order-last basis-full space-y-2">
        {!cancel.allowed && order.cancelled !== true ? (
          <p className="max-w-prose text-sm text-fg-muted">{cancel.reason}</p>
        ) : null}
        <div role="alert">{problem ? <Notice tone="error">{problem}</Notice> : null}</div>
      </div>
      <ConfirmDialog
        open={confirming === "fulfil"}
        onOpenChange={(open) => setConfirming(open ? "fulfil" : null)}
        title={`Fulfil order ${label}?`}
        description={`It is marked fulfilled and leaves the Unfulfilled list. ${mailText}`}
        confirmLabel={plan.fulfil.length ? "Fulfil order" : confirmLabel(0)}
        confirmDisabled={plan.fulfil.length === 0}
        cancelLabel="Not now"
        tone="primary"
        returnFocusTo={() => fulfilButton.current}
        focusAfterConfirm={() => fulfilButton.current ?? document.querySelector<HTMLElement>("main h1")}
        onConfirm={() => {
          if (!plan.fulfil.length) return;
          if (!asksMore) {
            setConfirming(null);
            void run("fulfil");
            return;
          }
          // Checked first: a field's message keeps the dialog open, beside the field.
          void form.handleSubmit((values) => {
            setConfirming(null);
            void run("fulfil", {
              ...(offer.shipment
                ? { carrier: values.carrier, service: values.service, tracking_number: values.tracking_number }
                : {}),
              ...(offer.notify ? { notify: values.notify !== false } : {}),
            });
          })();
        }}
      >
        <FulfilShipmentFields offer={offer} register={form.register} errors={errors} />
        {plan.unpaid.length ? (
          <UnpaidChoice unpaid={plan.unpaid} include={includeUnpaid} onInclude={setIncludeUnpaid} />
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "cancel"}
        onOpenChange={(open) => setConfirming(open ? "cancel" : null)}
        title={`Cancel order ${label}?`}
        description={`Cancelling cannot be undone: the order stays cancelled and can no longer be fulfilled. ${stock}`.trim()}
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        tone="danger"
        returnFocusTo={() => cancelButton.current}
        focusAfterConfirm={() => cancelButton.current ?? document.querySelector<HTMLElement>("main h1")}
        onConfirm={() => {
          setConfirming(null);
          void run("cancel");
        }}
      />
    </>
  );
}
