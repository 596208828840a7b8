"use client";

import * as Menu from "@radix-ui/react-dropdown-menu";
import Check from "lucide-react/icons/check";
import MoreHorizontal from "lucide-react/icons/more-horizontal";
import type { ComponentProps, ReactNode } from "react";
import { buttonClasses } from "./button";
import { cn } from "./cn";

/*
 * Menus on Radix (arrow keys, typeahead, Escape, focus back to the trigger).
 * Use a menu for actions on one thing; navigation stays in links.
 */

export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuGroup = Menu.Group;

export function DropdownMenuContent({
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

export interface DropdownMenuItemProps extends ComponentProps<typeof Menu.Item> {
  /** A lucide icon element, decorative. */
  icon?: ReactNode;
  /** "danger" for what destroys: Delete, Cancel order. */
  tone?: "default" | "danger";
}

export function DropdownMenuItem({ icon, tone = "default", className, children, ...props }: DropdownMenuItemProps) {
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

export const DropdownMenuRadioGroup = Menu.RadioGroup;

export interface DropdownMenuRadioItemProps extends ComponentProps<typeof Menu.RadioItem> {
  /** A lucide icon element, decorative. */
  icon?: ReactNode;
}

/** One choice of a DropdownMenuRadioGroup (the theme in the user menu), ticked when chosen. */
export function DropdownMenuRadioItem({ icon, className, children, ...props }: DropdownMenuRadioItemProps) {
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

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cn("px-2 py-1.5 text-xs font-semibold text-fg-muted", className)} {...props} />;
}

/**
 * The actions of one row: an icon button named "Actions for <name>" opening a
 * menu of `DropdownMenuItem`s.
 */
export function RowActions({ name, children }: { name: string; children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClasses("ghost", "", "icon")} aria-label={`Actions for ${name}`}>
        <MoreHorizontal aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
