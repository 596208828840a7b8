"use client";

import MoreHorizontal from "lucide-react/icons/more-horizontal";
import {
  type ButtonHTMLAttributes,
  cloneElement,
  type ComponentType,
  type KeyboardEvent,
  lazy,
  type ReactElement,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { buttonClasses } from "./button";
import {
  type MenuItemProps,
  type MenuRadioGroupProps,
  type MenuRadioItemProps,
  useMenuParts,
} from "./dropdown-menu-parts";
import type { RadixDropdownProps } from "./dropdown-menu-radix";

/*
 * Menus for actions on one thing (a row's Edit / Delete, the user menu);
 * navigation stays in links. Radix does the work (arrow keys, typeahead,
 * Escape, focus back to the trigger), but its menu, with the positioning
 * engine under it, weighs about 30 kB: more than half a page's budget
 * (docs/architecture.md#budgets). So it is not part of the page: this file
 * draws the trigger at once, and the Radix half (./dropdown-menu-radix.tsx)
 * loads when the browser is idle, or at once when a menu is opened before
 * that. Usage (docs/design.md#menus):
 *
 *   <DropdownMenu trigger={<button className={buttonClasses("secondary")}>Export</button>}>
 *     <DropdownMenuItem onSelect={…}>As CSV</DropdownMenuItem>
 *   </DropdownMenu>
 */

const load = () => import("./dropdown-menu-radix");
const RadixDropdown: ComponentType<RadixDropdownProps> = lazy(load);

let loaded = false;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;

function loadMenus(): Promise<void> {
  loading ??= load().then(() => {
    loaded = true;
    listeners.forEach((notify) => notify());
  });
  return loading;
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** Loads the Radix half once the browser has nothing better to do. */
function useIdleLoad() {
  useEffect(() => {
    if (loaded) return;
    const start = () => void loadMenus();
    if (window.requestIdleCallback) {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, []);
}

export interface DropdownMenuProps {
  /** The button that opens the menu (a `<button>` element, with its accessible name). */
  trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;
  /** DropdownMenuItem, DropdownMenuSeparator, DropdownMenuLabel, DropdownMenuRadioGroup … */
  children: ReactNode;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  /** Classes of the open menu's panel (its width, say). */
  contentClassName?: string;
}

export function DropdownMenu({ trigger, ...menu }: DropdownMenuProps) {
  const ready = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => false,
  );
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [standInFocused, setStandInFocused] = useState(false);
  useIdleLoad();

  const open = () => {
    setOpenAtOnce(true);
    void loadMenus();
  };
  // The stand-in: the same button, announced as a menu button, that opens
  // the menu as soon as the Radix half is there.
  const standIn = cloneElement(trigger, {
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onClick: open,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
        event.preventDefault();
        open();
      }
    },
    onFocus: () => setStandInFocused(true),
    onBlur: () => setStandInFocused(false),
  } as ButtonHTMLAttributes<HTMLButtonElement>);

  if (!ready && !openAtOnce) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RadixDropdown
        trigger={cloneElement(trigger, { type: "button" })}
        defaultOpen={openAtOnce}
        standInFocused={standInFocused}
        {...menu}
      />
    </Suspense>
  );
}

export function DropdownMenuItem(props: MenuItemProps) {
  const { Item } = useMenuParts();
  return <Item {...props} />;
}

export function DropdownMenuSeparator(props: { className?: string }) {
  const { Separator } = useMenuParts();
  return <Separator {...props} />;
}

export function DropdownMenuLabel(props: { id?: string; className?: string; children?: ReactNode }) {
  const { Label } = useMenuParts();
  return <Label {...props} />;
}

export function DropdownMenuGroup(props: { children?: ReactNode }) {
  const { Group } = useMenuParts();
  return <Group {...props} />;
}

/** One choice among a few (the theme in the user menu). */
export function DropdownMenuRadioGroup(props: MenuRadioGroupProps) {
  const { RadioGroup } = useMenuParts();
  return <RadioGroup {...props} />;
}

/** A choice of a DropdownMenuRadioGroup, ticked when chosen. */
export function DropdownMenuRadioItem(props: MenuRadioItemProps) {
  const { RadioItem } = useMenuParts();
  return <RadioItem {...props} />;
}

/**
 * The actions of one row: an icon button named "Actions for <name>" opening a
 * menu of `DropdownMenuItem`s.
 */
export function RowActions({ name, children }: { name: string; children: ReactNode }) {
  return (
    <DropdownMenu
      trigger={
        <button className={buttonClasses("ghost", "", "icon")} aria-label={`Actions for ${name}`}>
          <MoreHorizontal aria-hidden="true" />
        </button>
      }
    >
      {children}
    </DropdownMenu>
  );
}
