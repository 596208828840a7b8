"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import Check from "lucide-react/icons/check";
import { type ComponentProps, type ReactNode, useEffect, useRef } from "react";
import { cn } from "./cn";
import { type MenuParts, MenuPartsContext } from "./dropdown-menu-parts";

/*
 * The Radix half of components/ui/dropdown-menu.tsx (arrow keys, typeahead,
 * Escape, focus back to the trigger), loaded when the page is idle or a menu
 * is first opened. Pages never import this file.
 */

function DropdownMenuContent({
  className,
  align = "end",
  sideOffset = 4,
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-44 overflow-y-auto rounded-md border border-border bg-surface p-1 text-sm text-fg shadow-lg",
          className,
        )}
        {...props}
      />
    </Menu.Portal>
  );
}

interface DropdownMenuItemProps extends ComponentProps<typeof Menu.Item> {
  /** A lucide icon element, decorative. */
  icon?: ReactNode;
  /** "danger" for what destroys: Delete, Cancel order. */
  tone?: "default" | "danger";
}

function DropdownMenuItem({ icon, tone = "default", className, children, ...props }: DropdownMenuItemProps) {
  return (
    <Menu.Item
      className={cn(
        "flex min-h-9 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 select-none data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-surface-hover [&_svg]:size-4 [&_svg]:shrink-0",
        tone === "danger" ? "text-danger" : "text-fg",
        className,
      )}
      {...props}
    >
      {icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </Menu.Item>
  );
}

const DropdownMenuRadioGroup = Menu.RadioGroup;

interface DropdownMenuRadioItemProps extends ComponentProps<typeof Menu.RadioItem> {
  /** A lucide icon element, decorative. */
  icon?: ReactNode;
}

/** One choice of a DropdownMenuRadioGroup (the theme in the user menu), ticked when chosen. */
function DropdownMenuRadioItem({ icon, className, children, ...props }: DropdownMenuRadioItemProps) {
  return (
    <Menu.RadioItem
      className={cn(
        "flex min-h-9 cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-fg select-none data-highlighted:bg-surface-hover [&_svg]:size-4 [&_svg]:shrink-0",
        className,
      )}
      {...props}
    >
      {icon ? (
        <span aria-hidden="true" className="text-fg-muted">
          {icon}
        </span>
      ) : null}
      <span className="flex-1">{children}</span>
      <Menu.ItemIndicator>
        <Check aria-hidden="true" className="text-accent" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}

function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn("px-2 py-1.5 text-xs font-semibold text-fg-muted", className)} {...props} />;
}

const parts: MenuParts = {
  Item: DropdownMenuItem,
  Separator: DropdownMenuSeparator,
  Label: DropdownMenuLabel,
  Group: Menu.Group,
  RadioGroup: DropdownMenuRadioGroup,
  RadioItem: DropdownMenuRadioItem,
};

export interface MenuLayerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button (drawn by ./dropdown-menu.tsx): what names the menu and gets focus back. */
  button: HTMLButtonElement | null;
  buttonId: string;
  contentId: string;
  /** Opened from the keyboard: the first item takes focus, as in the WAI-ARIA menu button pattern. */
  byKeyboard: boolean;
  children: ReactNode;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  contentClassName?: string;
}

/**
 * The open menu, on Radix. The button stays the page's own (it is never
 * replaced, so a press or a key on it is never lost while this loads); Radix
 * gets an invisible anchor laid over it for positioning, and is told whom to
 * hand focus back to.
 */
export default function MenuLayer({
  open,
  onOpenChange,
  button,
  buttonId,
  contentId,
  byKeyboard,
  children,
  align = "end",
  side = "bottom",
  contentClassName,
}: MenuLayerProps) {
  const interactedOutside = useRef(false);
  const content = useRef<HTMLDivElement>(null);
  const isButton = (target: EventTarget | null) => target instanceof Node && !!button?.contains(target);
  // Opened from the keyboard: the first item takes the focus (Radix would do
  // it only for a menu it saw opened by a key, and it mounts after the key).
  useEffect(() => {
    if (!open || !byKeyboard) return;
    const frame = requestAnimationFrame(() =>
      content.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, byKeyboard]);
  return (
    <MenuPartsContext.Provider value={parts}>
      {/* Not modal: a modal menu hides the page from assistive technology while its
          controls stay focusable (axe: aria-hidden-focus); a menu button closes on
          Tab or a click outside instead. */}
      <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
        <Menu.Trigger asChild>
          <span aria-hidden="true" tabIndex={-1} className="pointer-events-none absolute inset-0" />
        </Menu.Trigger>
        <DropdownMenuContent
          ref={content}
          id={contentId}
          aria-labelledby={buttonId}
          align={align}
          side={side}
          className={contentClassName}
          // The button toggles the menu itself: a press on it is not "outside".
          onPointerDownOutside={(event) => {
            if (isButton(event.target)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (!isButton(event.target)) interactedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Escape or a choice: back to the button. A click or Tab elsewhere: leave focus there.
            if (!interactedOutside.current) button?.focus();
            interactedOutside.current = false;
          }}
        >
          {children}
        </DropdownMenuContent>
      </Menu.Root>
    </MenuPartsContext.Provider>
  );
}
