"use client";

import { type ReactNode, useRef } from "react";
import { Button, buttonClasses } from "../../ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "../../ui/dialog";

/**
 * A confirmation for a change that reaches a customer (fulfilling, which may
 * e-mail them) or cannot be undone (cancelling), on an order's page and in
 * the list's bulk fulfil. Both buttons say what they do ("Keep order",
 * "Cancel order"): a bare "Cancel" beside "Cancel order" reads as either.
 * Focus handling as components/ui/dialog.tsx's ConfirmDialog.
 */
export function OrderConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  backOutLabel,
  onConfirm,
  tone = "primary",
  confirmDisabled = false,
  returnFocusTo,
  focusAfterConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog and changes nothing ("Keep order", "Not now"). */
  backOutLabel: string;
  onConfirm: () => void;
  tone?: "primary" | "danger";
  confirmDisabled?: boolean;
  returnFocusTo?: () => HTMLElement | null;
  focusAfterConfirm?: () => HTMLElement | null;
  /** More to say or choose between the description and the buttons. */
  children?: ReactNode;
}) {
  const confirmed = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
        onOpenAutoFocus={() => {
          confirmed.current = false;
        }}
        onCloseAutoFocus={(event) => {
          const target = (confirmed.current ? focusAfterConfirm : returnFocusTo)?.();
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {children}
        <DialogFooter>
          <DialogClose className={buttonClasses("secondary")}>{backOutLabel}</DialogClose>
          <Button
            variant={tone}
            disabled={confirmDisabled}
            onClick={() => {
              confirmed.current = true;
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
