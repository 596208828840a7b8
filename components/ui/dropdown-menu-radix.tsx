"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import Check from "lucide-react/icons/check";
import { type ComponentProps, type ReactElement, type ReactNode, useLayoutEffect, useRef } from "react";
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

export interface RadixDropdownProps {
  trigger: ReactElement;
  children: ReactNode;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  contentClassName?: string;
  /** Opened by a click or key on the stand-in trigger before this loaded. */
  defaultOpen?: boolean;
  /** Whether the stand-in trigger had focus when this replaced it. */
  standInFocused?: boolean;
}

export default function RadixDropdown({
  trigger,
  children,
  align = "end",
  side = "bottom",
  contentClassName,
  defaultOpen,
  standInFocused,
}: RadixDropdownProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // This trigger replaces the stand-in: keep the keyboard where it was (once,
  // on mount: later changes of the prop are the stand-in's, long gone).
  const focusOnMount = useRef(standInFocused && !defaultOpen);
  useLayoutEffect(() => {
    if (focusOnMount.current) triggerRef.current?.focus();
  }, []);
  return (
    <MenuPartsContext.Provider value={parts}>
      {/* Not modal: a modal menu hides the page from assistive technology while its
          controls stay focusable (axe: aria-hidden-focus); a menu button closes on
          Tab or a click outside instead. */}
      <Menu.Root defaultOpen={defaultOpen} modal={false}>
        <Menu.Trigger asChild ref={triggerRef}>
          {trigger}
        </Menu.Trigger>
        <DropdownMenuContent align={align} side={side} className={contentClassName}>
          {children}
        </DropdownMenuContent>
      </Menu.Root>
    </MenuPartsContext.Provider>
  );
}
