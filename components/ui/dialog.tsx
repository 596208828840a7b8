"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import X from "lucide-react/icons/x";
import { type ComponentProps, type ReactNode, useRef } from "react";
import { Button, buttonClasses } from "./button";
import { cn } from "./cn";

/*
 * Dialogs on Radix: focus is trapped inside and goes back on close, Escape
 * closes, the page behind does not scroll. Every dialog has a title and a
 * description (screen readers read both on opening) and a labelled close
 * button. On a phone the dialog is a sheet along the bottom edge; long content
 * scrolls inside it.
 */

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, "title"> {
  title: ReactNode;
  description: ReactNode;
  /** Wider, for forms: max-w-lg instead of max-w-md. */
  wide?: boolean;
}

export function DialogContent({ title, description, wide = false, className, children, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <RadixDialog.Content
        className={cn(
          "fixed z-50 flex max-h-[90dvh] flex-col overflow-y-auto border border-border bg-surface text-fg shadow-xl",
          // A sheet on phones, a centred box from sm up.
          "inset-x-0 bottom-0 rounded-t-lg p-4 pb-[max(1rem,env(safe-area-inset-bottom))]",
          "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:p-6",
          wide ? "sm:max-w-lg" : "sm:max-w-md",
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold text-fg">{title}</RadixDialog.Title>
          <RadixDialog.Close className={buttonClasses("ghost", "-me-2 -mt-2 shrink-0", "icon")} aria-label="Close">
            <X aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <RadixDialog.Description className="mt-1 text-sm text-fg-muted">{description}</RadixDialog.Description>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The dialog's buttons: stacked full width on phones (main action on top), in a row from sm up. */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{children}</div>;
}

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
  /**
   * The button that closes the dialog and changes nothing: "Cancel", or what it keeps when the action's
   * own words would make a bare "Cancel" read as either ("Keep order" beside "Cancel order").
   */
  cancelLabel?: string;
  /** The confirming button unavailable (nothing to do with what is chosen inside). */
  confirmDisabled?: boolean;
  /** More to say or choose, between the description and the buttons. */
  children?: ReactNode;
}

/** A confirmation in a dialog: focus is trapped inside and returns on close. */
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
  cancelLabel = "Cancel",
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const confirmed = useRef(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={title}
        description={description}
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
      >
        {children}
        <DialogFooter>
          <DialogClose className={buttonClasses("secondary")}>{cancelLabel}</DialogClose>
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
