"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fulfilOrderAction, unfulfilOrderAction } from "@/lib/actions/orders";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { canFulfil, type OrderSummary, undoFulfilMs } from "@/lib/store/orders/model";
import { toast } from "../../ui/toast";
import {
  type FulfilProgress,
  fulfilInTurn,
  type HeldBack,
  planFulfil,
  stillSelected,
  summaryText,
} from "./bulk-fulfil";

/**
 * The orders chosen on a page of the list and their bulk fulfil: a confirmation first (unpaid orders held
 * back unless included on purpose), then one order after another with its progress, a toast whose undo
 * unfulfils them again, and what failed or was held back. A choice belongs to the view it was made in
 * (`here`): another tab, page or date starts with none.
 */
export function useBulkFulfil({ here, rows, mayFulfil }: { here: string; rows: OrderSummary[]; mayFulfil: boolean }) {
  const queryClient = useQueryClient();
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

  return {
    selected,
    fulfillable,
    chosenHere,
    allChosen,
    running,
    progress,
    heldBack,
    plan,
    confirming,
    includeUnpaid,
    toggle,
    toggleAll,
    clear: () => setSelection({ key: here, numbers: new Set() }),
    askToFulfil,
    setConfirming,
    setIncludeUnpaid,
    confirm: () => {
      setConfirming(false);
      void fulfilSelected();
    },
    dismissResults: () => {
      setProgress(null);
      setHeldBack([]);
    },
  };
}
