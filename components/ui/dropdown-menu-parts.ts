"use client";

import { createContext, type ComponentType, type ReactNode, useContext } from "react";

/**
 * The pieces of an open menu, handed from the Radix half
 * (./dropdown-menu-radix.tsx, loaded when needed) to the light components of
 * ./dropdown-menu.tsx that pages use. Kept apart so that neither imports the
 * other's weight.
 */
export interface MenuItemProps {
  /** A lucide icon element, decorative. */
  icon?: ReactNode;
  /** "danger" for what destroys: Delete, Cancel order. */
  tone?: "default" | "danger";
  disabled?: boolean;
  onSelect?: (event: Event) => void;
  className?: string;
  children?: ReactNode;
}

export interface MenuRadioItemProps extends Omit<MenuItemProps, "tone"> {
  value: string;
}

export interface MenuRadioGroupProps {
  value?: string;
  onValueChange?: (value: string) => void;
  "aria-labelledby"?: string;
  children?: ReactNode;
}

export interface MenuParts {
  Item: ComponentType<MenuItemProps>;
  Separator: ComponentType<{ className?: string }>;
  Label: ComponentType<{ id?: string; className?: string; children?: ReactNode }>;
  Group: ComponentType<{ children?: ReactNode }>;
  RadioGroup: ComponentType<MenuRadioGroupProps>;
  RadioItem: ComponentType<MenuRadioItemProps>;
}

export const MenuPartsContext = createContext<MenuParts | null>(null);

export function useMenuParts(): MenuParts {
  const parts = useContext(MenuPartsContext);
  if (!parts) throw new Error("A menu item was rendered outside a DropdownMenu.");
  return parts;
}
