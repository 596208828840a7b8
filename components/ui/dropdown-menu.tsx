"use client";

import MoreHorizontal from "lucide-react/icons/more-horizontal";
import {
  type ButtonHTMLAttributes,
  cloneElement,
  createElement,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useSyncExternalStore,
  useEffect,
  useId,
  useState,
} from "react";
import { buttonClasses } from "./button";
import {
  type MenuItemProps,
  type MenuRadioGroupProps,
  type MenuRadioItemProps,
  useMenuParts,
} from "./dropdown-menu-parts";
import { cn } from "./cn";
import type { MenuLayerProps } from "./dropdown-menu-radix";

/*
 * Menus for actions on one thing (a row's Edit / Delete, the user menu);
 * navigation stays in links. Radix does the work (arrow keys, typeahead,
 * Escape, focus back to the trigger), but its menu, with the positioning
 * engine under it, weighs about 30 kB: more than half a page's budget
 * (docs/architecture.md#budgets). So it is not part of the page: this file
 * draws the menu button, and the Radix half (./dropdown-menu-radix.tsx) is
 * fetched once the page is up and mounted when a menu first opens.
 * Usage (docs/design.md#menus):
 *
 *   <DropdownMenu trigger={<button className={buttonClasses("secondary")}>Export</button>}>
 *     <DropdownMenuItem onSelect={…}>As CSV</DropdownMenuItem>
 *   </DropdownMenu>
 */

// The Radix half, once here. Not React.lazy: a lazy component suspends on its
// first render even when its module is already loaded, and a key pressed in
// that moment (Enter, then End at once) would miss the menu.
let MenuLayer: ComponentType<MenuLayerProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadMenuLayer(): Promise<void> {
  loading ??= import("./dropdown-menu-radix").then((module) => {
    MenuLayer = module.default;
    listeners.forEach((notify) => notify());
  });
  return loading;
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The Radix half, fetched as soon as a menu is on the page (after hydration, so never in the way of the first paint). */
function usePreloadMenuLayer() {
  useEffect(() => void loadMenuLayer(), []);
}

/** The open menu once the Radix half is here; nothing before (it comes a moment later). */
function LoadedMenuLayer(props: MenuLayerProps) {
  const Layer = useSyncExternalStore(
    subscribe,
    () => MenuLayer,
    () => null,
  );
  return Layer ? createElement(Layer, props) : null;
}

const opensMenu = new Set(["Enter", " ", "ArrowDown"]);

/**
 * React events bubble along the component tree, portals included: the open
 * menu is rendered inside the button's tree, so its keys and presses reach
 * the button's handlers too. Only the button's own count.
 */
function fromMenu(event: { currentTarget: Element; target: EventTarget }): boolean {
  return !(event.target instanceof Node && event.currentTarget.contains(event.target));
}

export interface DropdownMenuProps {
  /** The button that opens the menu (a `<button>` element, with its accessible name). */
  trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }>;
  /** DropdownMenuItem, DropdownMenuSeparator, DropdownMenuLabel, DropdownMenuRadioGroup … */
  children: ReactNode;
  align?: "start" | "center" | "end";
  side?: "top" | "right" | "bottom" | "left";
  /** Classes of the open menu's panel (its width, say). */
  contentClassName?: string;
}

/**
 * A menu button (WAI-ARIA): the button is drawn here and is never replaced;
 * the open menu is the Radix half, mounted the first time the menu opens.
 * Press, Enter, Space or ArrowDown open it (from the keyboard, on its first
 * item); Escape or a choice bring focus back to the button.
 */
export function DropdownMenu({ trigger, children, ...layout }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  // A callback ref into state: the menu layer needs the element itself.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const id = useId();
  const contentId = `${id}-menu`;
  usePreloadMenuLayer();

  const show = (keyboard: boolean) => {
    setByKeyboard(keyboard);
    setMounted(true);
    setOpen(true);
  };

  const menuButton = cloneElement(trigger, {
    ref: setButton,
    id: trigger.props.id ?? id,
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": open,
    "aria-controls": open ? contentId : undefined,
    "data-state": open ? "open" : "closed",
    className: cn(trigger.props.className, "relative"),
    // On the press, as Radix's own trigger does: the menu takes focus
    // without the button competing for it.
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (fromMenu(event) || event.button !== 0 || event.ctrlKey) return;
      event.preventDefault();
      if (open) setOpen(false);
      else show(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (fromMenu(event) || !opensMenu.has(event.key)) return;
      event.preventDefault();
      show(true);
    },
    // A click with no press and no key before it (assistive technology).
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (!fromMenu(event) && event.detail === 0 && !open) show(true);
    },
    children: (
      <>
        {trigger.props.children}
        {mounted ? (
          <LoadedMenuLayer
            open={open}
            onOpenChange={setOpen}
            button={button}
            buttonId={trigger.props.id ?? id}
            contentId={contentId}
            byKeyboard={byKeyboard}
            {...layout}
          >
            {children}
          </LoadedMenuLayer>
        ) : null}
      </>
    ),
  } as ButtonHTMLAttributes<HTMLButtonElement> & { ref: Ref<HTMLButtonElement> });

  return menuButton;
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
