"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useRef } from "react";
import { buttonClasses } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  tone?: "danger" | "primary";
  /** Where focus goes back to on cancel: the control that opened the dialog. */
  returnFocusTo?: () => HTMLElement | null;
  /** Where focus goes after confirming, when that control may be gone by then. */
  focusAfterConfirm?: () => HTMLElement | null;
}

/** A confirmation in a Radix dialog: focus is trapped inside and returns on close. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = "danger",
  returnFocusTo,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const confirmed = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            confirmed.current = false;
          }}
          // Opened without a Radix Trigger (one dialog serves every row), so
          // focus is handed back by hand.
          onCloseAutoFocus={(event) => {
            const target = (confirmed.current ? focusAfterConfirm : returnFocusTo)?.();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-gray-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-gray-700">{description}</Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClasses("secondary")}>Cancel</Dialog.Close>
            <button
              type="button"
              className={buttonClasses(tone)}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
