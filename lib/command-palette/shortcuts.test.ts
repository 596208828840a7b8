import { describe, expect, it } from "vitest";
import { shortcutSheet } from "./shortcut-sheet";
import { goKeys, isTypingTarget, SEQUENCE_MS, shortcutCommand } from "./shortcuts";

const press = (
  key: string,
  more: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; time: number }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  time: 1000,
  ...more,
});

describe("shortcutCommand", () => {
  it("opens the palette with ⌘K or Ctrl+K, even while typing", () => {
    expect(shortcutCommand(press("k", { metaKey: true }), false, null)).toEqual({ type: "palette" });
    expect(shortcutCommand(press("K", { ctrlKey: true }), true, null)).toEqual({ type: "palette" });
    expect(shortcutCommand(press("k", { ctrlKey: true, altKey: true }), false, null)).toBeNull();
    expect(shortcutCommand(press("k"), false, null)).toBeNull();
  });

  it("goes to a section with g then a letter, within the time", () => {
    expect(shortcutCommand(press("g"), false, null)).toEqual({ type: "pending" });
    for (const [key, path] of Object.entries(goKeys)) {
      expect(shortcutCommand(press(key, { time: 1500 }), false, 1000)).toEqual({ type: "go", path });
    }
    expect(shortcutCommand(press("o", { time: 1000 + SEQUENCE_MS + 1 }), false, 1000)).toBeNull();
    expect(shortcutCommand(press("o"), false, null)).toBeNull();
    expect(shortcutCommand(press("x", { time: 1100 }), false, 1000)).toBeNull();
  });

  it("focuses the list's search with /, shows the sheet with ?", () => {
    expect(shortcutCommand(press("/"), false, null)).toEqual({ type: "focus-search" });
    expect(shortcutCommand(press("?"), false, null)).toEqual({ type: "sheet" });
  });

  it("takes nothing while typing, nor with a modifier", () => {
    for (const key of ["g", "/", "?", "o"]) {
      expect(shortcutCommand(press(key), true, 999)).toBeNull();
      expect(shortcutCommand(press(key, { ctrlKey: true }), false, 999)).toBeNull();
      expect(shortcutCommand(press(key, { metaKey: true }), false, 999)).toBeNull();
      expect(shortcutCommand(press(key, { altKey: true }), false, 999)).toBeNull();
    }
  });
});

describe("isTypingTarget", () => {
  const el = (tagName: string, more: Record<string, unknown> = {}) => ({
    tagName,
    getAttribute: (name: string) => (more[name] as string | undefined) ?? null,
    closest: () => (more.inGrid ? {} : null),
    ...more,
  });

  it("is typing in text fields, text areas, selects, editable content and grid cells", () => {
    expect(isTypingTarget(el("INPUT", { type: "text" }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "search" }))).toBe(true);
    expect(isTypingTarget(el("INPUT", { type: "number" }))).toBe(true);
    expect(isTypingTarget(el("TEXTAREA"))).toBe(true);
    expect(isTypingTarget(el("SELECT"))).toBe(true);
    expect(isTypingTarget(el("DIV", { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(el("DIV", { role: "combobox" }))).toBe(true);
    expect(isTypingTarget(el("DIV", { inGrid: true }))).toBe(true);
  });

  it("is not typing on buttons, links, checkboxes or the page", () => {
    expect(isTypingTarget(el("INPUT", { type: "checkbox" }))).toBe(false);
    expect(isTypingTarget(el("BUTTON"))).toBe(false);
    expect(isTypingTarget(el("A"))).toBe(false);
    expect(isTypingTarget(el("BODY"))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("shortcutSheet", () => {
  it("lists every go-to key the shortcuts take", () => {
    const listed = shortcutSheet
      .flatMap((g) => g.entries)
      .filter((e) => e.keys[0] === "g")
      .map((e) => e.keys[1]);
    expect(listed.sort()).toEqual(Object.keys(goKeys).sort());
  });
});
