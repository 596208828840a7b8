"use client";

import GripVertical from "lucide-react/icons/grip-vertical";
import { type KeyboardEvent, type PointerEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from "react";
import { buttonClasses } from "./button";
import { cn } from "./cn";

/** `list` with the item at `from` moved to `to` (clamped to the list); a new array. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  if (from < 0 || from >= list.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(list.length - 1, to)), 0, item as T);
  return next;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The index of the box under the point (x, y), or -1 over a gap: a list and a grid alike. */
export function indexAtPoint(boxes: readonly Box[], x: number, y: number): number {
  return boxes.findIndex((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom);
}

/**
 * Where a key moves the picked-up item from `index` in a list of `count`:
 * arrows by one (up and left back, down and right on), Home and End to the
 * ends; null for any other key.
 */
export function targetIndex(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowUp":
    case "ArrowLeft":
      return Math.max(0, index - 1);
    case "ArrowDown":
    case "ArrowRight":
      return Math.min(count - 1, index + 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** What the live region says; positions are zero-based in, one-based out. */
export const sortMessages = {
  pickedUp: (label: string, index: number, count: number) =>
    `Picked up ${label}, position ${index + 1} of ${count}. Arrow keys move it, Space drops it, Escape cancels.`,
  moved: (index: number, count: number) => `Moved to position ${index + 1} of ${count}.`,
  dropped: (label: string, index: number, count: number) => `Dropped ${label} at position ${index + 1} of ${count}.`,
  cancelled: (label: string, index: number, count: number) =>
    `Cancelled. ${label} is back at position ${index + 1} of ${count}.`,
};

/** How far (px) a pointer travels on a handle before it drags: a plain click does nothing. */
const dragThreshold = 4;

export interface SortableItemState {
  index: number;
  /** The drag handle: place it in the item (it is the item's only draggable part). */
  handle: ReactNode;
  /** This item is being moved. */
  dragging: boolean;
}

export interface SortableListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** The item's name, read in the handle's label ("Move <label>") and the announcements. */
  getLabel: (item: T) => string;
  /** Called once per drop that changed the order, with the new order. */
  onReorder: (items: T[], move: { from: number; to: number }) => void;
  renderItem: (item: T, state: SortableItemState) => ReactNode;
  /** The list's name: "Images". */
  label: string;
  /** Classes of the `<ul>` (a grid, say). */
  className?: string;
  itemClassName?: string;
  disabled?: boolean;
}

interface Drag {
  key: string;
  from: number;
  order: string[];
  /** Set while a pointer drags; keyboard moves have none. */
  pointerId?: number;
}

/**
 * A list reordered by dragging its handles with a mouse, a pen or a finger,
 * or by keyboard alone: Space or Enter picks an item up, the arrow keys (Home,
 * End) move it, Space or Enter drops it and Escape puts it back. Every step
 * is announced in a live region. The order on screen changes as the item
 * moves; `onReorder` is called on the drop only.
 */
export function SortableList<T>({
  items,
  getKey,
  getLabel,
  onReorder,
  renderItem,
  label,
  className,
  itemClassName,
  disabled = false,
}: SortableListProps<T>) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [message, setMessage] = useState("");
  const said = useRef(0);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLUListElement>(null);
  const pressed = useRef<{ key: string; x: number; y: number; pointerId: number } | null>(null);
  const instructionsId = useId();

  const byKey = new Map(items.map((item) => [getKey(item), item] as const));
  const keys = drag
    ? [...drag.order.filter((k) => byKey.has(k)), ...[...byKey.keys()].filter((k) => !drag.order.includes(k))]
    : [...byKey.keys()];
  const count = keys.length;
  const nameOf = (key: string) => {
    const item = byKey.get(key);
    return item === undefined ? "" : getLabel(item);
  };

  // A live region repeats nothing: alternate a trailing no-break space so the same words are read again.
  const announce = (text: string) => setMessage(text + (said.current++ % 2 ? "\u00a0" : ""));

  // Moving an element in the DOM can take focus from it: keep it on the handle being moved (Escape goes there).
  useLayoutEffect(() => {
    if (!drag) return;
    const handle = handles.current.get(drag.key);
    if (handle && document.activeElement !== handle) handle.focus();
  }, [drag]);

  function start(key: string, pointerId?: number) {
    const from = keys.indexOf(key);
    setDrag({ key, from, order: keys, pointerId });
    announce(sortMessages.pickedUp(nameOf(key), from, count));
  }

  function moveTo(to: number) {
    if (!drag) return;
    const at = keys.indexOf(drag.key);
    if (to === at || to < 0 || to >= count) return;
    setDrag({ ...drag, order: moveItem(keys, at, to) });
    announce(sortMessages.moved(to, count));
  }

  function finish(commit: boolean) {
    if (!drag) return;
    const to = keys.indexOf(drag.key);
    pressed.current = null; // a pointer still down after Escape does not pick the item up again
    setDrag(null);
    if (!commit) {
      announce(sortMessages.cancelled(nameOf(drag.key), drag.from, count));
      return;
    }
    announce(sortMessages.dropped(nameOf(drag.key), to, count));
    if (to !== drag.from)
      onReorder(
        keys.map((k) => byKey.get(k) as T),
        { from: drag.from, to },
      );
  }

  function onKeyDown(key: string, event: KeyboardEvent<HTMLButtonElement>) {
    const mine = drag?.key === key;
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (mine) finish(true);
      else if (!drag) start(key);
      return;
    }
    if (!mine) return;
    if (event.key === "Escape") {
      // Not the dialog's Escape: this one only puts the item back.
      event.preventDefault();
      event.stopPropagation();
      finish(false);
      return;
    }
    const to = targetIndex(event.key, keys.indexOf(key), count);
    if (to !== null) {
      event.preventDefault();
      moveTo(to);
    }
  }

  function onPointerDown(key: string, event: PointerEvent<HTMLButtonElement>) {
    if (disabled || drag || event.button !== 0) return;
    event.preventDefault(); // no text selection; focus is given by hand, for Escape
    event.currentTarget.focus();
    // The list takes the pointer, not the handle: an element moved in the DOM loses its capture.
    list.current?.setPointerCapture(event.pointerId);
    pressed.current = { key, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function onPointerMove(event: PointerEvent<HTMLUListElement>) {
    const press = pressed.current;
    if (!press || press.pointerId !== event.pointerId) return;
    if (!drag) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < dragThreshold) return;
      start(press.key, press.pointerId);
      return;
    }
    const boxes = keys.map(
      (k) => rows.current.get(k)?.getBoundingClientRect() ?? { left: 0, top: 0, right: 0, bottom: 0 },
    );
    const to = indexAtPoint(boxes, event.clientX, event.clientY);
    if (to >= 0) moveTo(to);
  }

  function onPointerEnd(event: PointerEvent<HTMLUListElement>, commit: boolean) {
    if (pressed.current?.pointerId !== event.pointerId) return;
    pressed.current = null;
    if (drag?.pointerId === event.pointerId) finish(commit);
  }

  return (
    <>
      <ul
        ref={list}
        aria-label={label}
        className={className}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => onPointerEnd(event, true)}
        onPointerCancel={(event) => onPointerEnd(event, false)}
      >
        {keys.map((key, index) => {
          const item = byKey.get(key) as T;
          const dragging = drag?.key === key;
          const handle = (
            <button
              type="button"
              ref={(el) => {
                if (el) handles.current.set(key, el);
                else handles.current.delete(key);
              }}
              disabled={disabled}
              aria-label={`Move ${getLabel(item)}`}
              aria-describedby={instructionsId}
              className={buttonClasses(
                "ghost",
                cn("touch-none text-fg-muted", dragging ? "cursor-grabbing bg-surface-hover" : "cursor-grab"),
                "icon",
              )}
              onKeyDown={(event) => onKeyDown(key, event)}
              onPointerDown={(event) => onPointerDown(key, event)}
              onBlur={(event) => {
                // Tab away while holding an item drops it; a blur from the item's own move (no target) does not.
                if (dragging && drag?.pointerId === undefined && event.relatedTarget) finish(true);
              }}
            >
              <GripVertical aria-hidden="true" />
            </button>
          );
          return (
            <li
              key={key}
              ref={(el) => {
                if (el) rows.current.set(key, el);
                else rows.current.delete(key);
              }}
              data-dragging={dragging || undefined}
              className={cn(
                itemClassName,
                dragging && "relative z-10 rounded-md bg-surface-muted opacity-90 shadow-lg",
              )}
            >
              {renderItem(item, { index, handle, dragging })}
            </li>
          );
        })}
      </ul>
      <span id={instructionsId} className="sr-only">
        Press Space or Enter to pick up, the arrow keys to move, Space or Enter to drop, Escape to cancel.
      </span>
      <span role="status" aria-live="assertive" aria-atomic="true" className="sr-only">
        {message}
      </span>
    </>
  );
}
