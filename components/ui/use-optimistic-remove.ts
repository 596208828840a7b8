"use client";

import { useMutation } from "@tanstack/react-query";
import { type RefObject, useState } from "react";
import { type ActionResult, unwrap } from "@/lib/actions/result";
import { type Failure, FailureError } from "@/lib/failure";
import type { useOptimisticList } from "@/lib/query/use-optimistic-list";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { type WriteAttempt, writeFailureMessage } from "@/lib/write-failure";
import { toast } from "./toast";

/*
 * Deleting a row of a list, as every list does it (docs/design.md#optimistic-remove): a confirmation
 * (the page renders a ConfirmDialog with `confirm`), the row gone at once, put back with the reason in
 * the list's alert if the store refuses, a toast once deleted, the list read again either way. Focus
 * goes to the list's heading after a confirmed delete (the row and its menu button are gone), and back
 * to the row's menu button after a cancelled one.
 */

/** How a list shows a delete before the store answers. */
export interface RemoveOptimism<T> {
  /** Takes the item off the list at once; answers how to put it back. */
  take: (item: T) => Promise<() => void>;
  /** The store deleted it: for a list the re-read does not cover (one held outside React Query). */
  removed?: (item: T) => void;
  /** Once the store answered, either way: read the list again, so that it agrees with the store. */
  settle: () => unknown;
}

type CachedList<T> = ReturnType<typeof useOptimisticList<T>>;

/** The optimism of a list React Query caches as an array (`useOptimisticList`, lib/query/use-optimistic-list.ts). */
export function removeFromList<T>(list: CachedList<T>, keyOf: (item: T) => string): RemoveOptimism<T> {
  return {
    take: async (item) => {
      const context = await list.apply((items) => items.filter((other) => keyOf(other) !== keyOf(item)));
      return () => list.rollback(context);
    },
    settle: () => list.settle(),
  };
}

/** The menu button of a row (`data-row-actions` on its actions cell, docs/design.md#menus), if it is still there. */
export function rowActionsTrigger(key: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-row-actions="${CSS.escape(key)}"] button`);
}

function failureOf(error: Error): Failure {
  return error instanceof FailureError
    ? error.failure
    : { status: 500, code: "internal", error: "Something went wrong in Store Admin." };
}

export interface OptimisticRemoveOptions<T> {
  /** The row's key: its `data-row-actions`. */
  keyOf: (item: T) => string;
  /** The server action: `(coupon) => deleteCouponAction({ id: coupon.id })`. */
  remove: (item: T) => Promise<ActionResult<unknown>>;
  list: RemoveOptimism<T>;
  /** The delete in words, for a failure: "delete the coupon Summer", "the deletion of the coupon Summer". */
  attempt: (item: T) => WriteAttempt;
  /** The toast once deleted: "Deleted the coupon Summer." */
  done: (item: T) => string;
  /** The list's heading (tabIndex -1): focus goes there once a confirmed delete took the row away. */
  heading: RefObject<HTMLElement | null>;
  /** Toast failures too, not only in the list's alert. */
  toastFailures?: boolean;
}

/**
 * A list's delete: `ask(item)` from the row's menu opens the confirmation, whose props are `confirm`
 * (title, description and label are the page's); `problem` is the list's alert, which the list's other
 * writes share through `failed` and `clearProblem`.
 */
export function useOptimisticRemove<T>({
  keyOf,
  remove,
  list,
  attempt,
  done,
  heading,
  toastFailures = false,
}: OptimisticRemoveOptions<T>) {
  const [problem, setProblem] = useState<string | null>(null);
  // The item asked about, kept past the confirmation's closing: its words and its row's menu button.
  const [asked, setAsked] = useState<{ item: T; open: boolean } | null>(null);

  /**
   * A write that failed, told honestly: "Nothing was changed." only when so; otherwise the list is read
   * again (when settled) and shows what the store holds. A 401 sends the person to sign in and back.
   */
  function failed(error: Error, what: WriteAttempt) {
    if (error instanceof FailureError && signInAgainIfNeeded(error)) return;
    const message = writeFailureMessage(failureOf(error), what).text;
    setProblem(message);
    if (toastFailures) toast.error(message);
  }

  const mutation = useMutation({
    mutationFn: async (item: T) => unwrap(await remove(item)),
    onMutate: async (item) => {
      setProblem(null);
      return { undo: await list.take(item) };
    },
    onError: (error, item, context) => {
      context?.undo();
      failed(error, attempt(item));
    },
    onSuccess: (_data, item) => {
      list.removed?.(item);
      toast.success(done(item));
    },
    onSettled: () => list.settle(),
  });

  const close = () => setAsked((current) => current && { ...current, open: false });

  return {
    problem,
    failed,
    clearProblem: () => setProblem(null),
    /** The key of the row being deleted, while the store has not answered. */
    busyKey: mutation.isPending && mutation.variables !== undefined ? keyOf(mutation.variables) : undefined,
    ask: (item: T) => setAsked({ item, open: true }),
    /** The item of the confirmation, open or closing; null before any. */
    asked: asked?.item ?? null,
    /** ConfirmDialog's props but its words. */
    confirm: {
      open: asked?.open ?? false,
      onOpenChange: (open: boolean) => {
        if (!open) close();
      },
      onConfirm: () => {
        if (asked?.open) mutation.mutate(asked.item);
        close();
      },
      // The row (and its menu button) is about to go: focus the list heading.
      focusAfterConfirm: () => heading.current,
      returnFocusTo: () => (asked ? rowActionsTrigger(keyOf(asked.item)) : null),
    },
  };
}
