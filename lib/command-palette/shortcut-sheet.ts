/**
 * Every keyboard shortcut, as the sheet (`?`) lists them: a module of its own,
 * loaded with the sheet, so that the shell on every page carries only the keys
 * (lib/command-palette/shortcuts.ts). A unit test checks that it lists every
 * "g" key of `goKeys`.
 */

/** Every shortcut, as the sheet lists them. `keys`: what is pressed, in turn ("g", "o"); `mod`: ⌘ or Ctrl. */
export interface ShortcutEntry {
  keys: readonly string[];
  mod?: boolean;
  label: string;
}

export interface ShortcutGroup {
  title: string;
  entries: readonly ShortcutEntry[];
}

export const shortcutSheet: readonly ShortcutGroup[] = [
  {
    title: "Anywhere",
    entries: [
      { keys: ["K"], mod: true, label: "Open the command palette: pages, orders, products, coupons, users, commands" },
      { keys: ["?"], label: "Show these shortcuts" },
      { keys: ["/"], label: "Search the list on this page" },
      { keys: ["g", "o"], label: "Go to Orders" },
      { keys: ["g", "p"], label: "Go to Products" },
      { keys: ["g", "c"], label: "Go to Coupons" },
      { keys: ["g", "s"], label: "Go to Shipping" },
      { keys: ["g", "t"], label: "Go to Tax" },
      { keys: ["g", "u"], label: "Go to Users" },
    ],
  },
  {
    title: "In the command palette",
    entries: [
      { keys: ["↑", "↓"], label: "Move through the results" },
      { keys: ["Enter"], label: "Open the result or run the command" },
      { keys: ["Esc"], label: "Close" },
    ],
  },
  {
    title: "In the bulk grid and the inventory",
    entries: [
      { keys: ["←", "↑", "→", "↓"], label: "Move between cells (with Shift: select a range)" },
      { keys: ["Enter"], label: "Edit the cell (F2 too), or type to replace its value" },
      { keys: ["Esc"], label: "Leave the cell's editor without keeping it" },
      { keys: ["Delete"], label: "Clear the selected cells" },
      { keys: ["A"], mod: true, label: "Select every cell" },
      { keys: ["C"], mod: true, label: "Copy the selected cells" },
      { keys: ["V"], mod: true, label: "Paste cells from a spreadsheet" },
      { keys: ["D"], mod: true, label: "Fill the first row's value down the selection" },
      { keys: ["Z"], mod: true, label: "Undo" },
      { keys: ["Y"], mod: true, label: "Redo (Shift+Z with ⌘ or Ctrl too)" },
    ],
  },
];
