/**
 * The dashboard's keyboard shortcuts (docs/design.md#keyboard-shortcuts),
 * pure: which key presses mean what, and when a key belongs to what the
 * person is typing instead. components/shell/command-palette/ listens and
 * carries them out; the shortcuts sheet (`?`) lists `shortcutSheet`.
 */

/** "g" then one of these: the section it goes to. */
export const goKeys = {
  o: "/orders",
  p: "/products",
  c: "/coupons",
  s: "/shipping",
  t: "/tax",
  u: "/users",
} as const satisfies Record<string, string>;

export type GoKey = keyof typeof goKeys;

/** How long after "g" the second key still counts. */
export const SEQUENCE_MS = 1500;

/** The parts of a keydown the shortcuts read. */
export interface ShortcutPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The time of the press (event.timeStamp), to time "g" sequences. */
  time: number;
}

export type ShortcutCommand =
  | { type: "palette" }
  | { type: "go"; path: string }
  | { type: "focus-search" }
  | { type: "sheet" }
  /** "g" pressed: wait for the second key. */
  | { type: "pending" };

/**
 * What a key press means, given whether the person is typing in a field and
 * when "g" was last pressed (null: not pending). ⌘K / Ctrl+K opens the palette
 * from anywhere, fields included (the convention people know); the others
 * only away from fields, without Ctrl, ⌘ or Alt, so that no typed letter and
 * no browser shortcut is ever taken.
 */
export function shortcutCommand(
  press: ShortcutPress,
  typing: boolean,
  pendingSince: number | null,
): ShortcutCommand | null {
  const key = press.key;
  if ((press.metaKey || press.ctrlKey) && !press.altKey && key.toLowerCase() === "k") return { type: "palette" };
  if (typing || press.metaKey || press.ctrlKey || press.altKey) return null;
  if (pendingSince !== null && press.time - pendingSince <= SEQUENCE_MS) {
    const path = (goKeys as Record<string, string>)[key.toLowerCase()];
    if (path) return { type: "go", path };
  }
  if (key === "g" || key === "G") return { type: "pending" };
  if (key === "/") return { type: "focus-search" };
  if (key === "?") return { type: "sheet" };
  return null;
}

/** Input types that take no typed text: a shortcut pressed on them is still a shortcut. */
const notTyped = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** The parts of an element `isTypingTarget` reads (an Element, or a plain object in tests). */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

/**
 * Whether a key pressed on `target` is typing: a text field, a text area, a
 * select, anything editable, or a cell of the bulk grid or the inventory
 * (whose letters start editing the cell: docs/bulk-editing.md#the-grid).
 */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target || typeof target !== "object") return false;
  const tag = (target.tagName ?? "").toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !notTyped.has((target.type ?? "text").toLowerCase());
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.("role");
  if (role === "textbox" || role === "combobox" || role === "searchbox" || role === "spinbutton") return true;
  return Boolean(target.closest?.('[role="grid"], [role="treegrid"]'));
}
