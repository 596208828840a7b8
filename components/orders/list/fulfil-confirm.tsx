"use client";

import { useId } from "react";
import { fulfilMailText, type OrderSummary } from "@/lib/store/orders/model";
import { ConfirmDialog } from "../../ui/dialog";
import { confirmLabel, type FulfilPlan, type HeldBack } from "./bulk-fulfil";

/**
 * The bulk fulfil's confirmation: what fulfilling does (it may e-mail the customers), and the chosen
 * orders that are not paid, held back unless included on purpose. "Not now" rather than a bare "Cancel",
 * which beside orders reads as cancelling them.
 */
/**
 * The dialog's question, agreeing with its button: the orders it fulfils, and of how many chosen when some
 * are held back ("Fulfil 1 of 2 orders?" above "Fulfil 1 order"); the chosen ones while it fulfils none.
 */
export function fulfilTitle(chosen: readonly Pick<OrderSummary, "number">[], plan: Pick<FulfilPlan, "fulfil">): string {
  const going = plan.fulfil.length;
  if (going > 0 && going < chosen.length) return `Fulfil ${going} of ${chosen.length} orders?`;
  if (chosen.length === 1) return `Fulfil order #${chosen[0]!.number}?`;
  return `Fulfil ${chosen.length} orders?`;
}

export function FulfilConfirm({
  open,
  onOpenChange,
  chosen,
  plan,
  includeUnpaid,
  onIncludeUnpaid,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The orders chosen on the page that may be fulfilled. */
  chosen: readonly OrderSummary[];
  plan: FulfilPlan;
  includeUnpaid: boolean;
  onIncludeUnpaid: (include: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={fulfilTitle(chosen, plan)}
      description={`${plan.fulfil.length === 1 ? "It is marked fulfilled and leaves" : "They are marked fulfilled and leave"} the Unfulfilled list. ${fulfilMailText(
        plan.fulfil.length === 1
          ? { count: 1, email: chosen.find((o) => o.number === plan.fulfil[0])?.email }
          : { count: plan.fulfil.length },
      )}`}
      confirmLabel={confirmLabel(plan.fulfil.length)}
      confirmDisabled={plan.fulfil.length === 0}
      cancelLabel="Not now"
      tone="primary"
      onConfirm={onConfirm}
    >
      {plan.unpaid.length ? (
        <UnpaidChoice unpaid={plan.unpaid} include={includeUnpaid} onInclude={onIncludeUnpaid} />
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * In a fulfil's confirmation (the bulk one, and an order's page: components/orders/detail/order-actions.tsx):
 * the chosen orders that are not paid, held back unless included on purpose.
 */
export function UnpaidChoice({
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
