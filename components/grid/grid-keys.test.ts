import { describe, expect, it } from "vitest";
import { clearRequests, type KeyContext, keyCommand, type KeyPress, lockedEditedCells } from "./grid-keys";
import { columnById } from "../products/bulk/model/columns";
import { applyChanges, emptyEdits } from "./model/edits";
import { byKey, ctx, product } from "../products/bulk/model/fixtures";
import { collapse } from "./model/selection";

const press = (key: string, mods: Partial<Omit<KeyPress, "key">> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** A 10 × 4 grid with the cell at row 5, column 2 active. */
const at = (overrides: Partial<KeyContext> = {}): KeyContext => ({
  active: { row: 5, col: 2 },
  selection: collapse({ row: 5, col: 2 }),
  bounds: { rows: 10, cols: 4 },
  page: 3,
  readOnly: false,
  reorder: false,
  ...overrides,
});

const selectsCell = (row: number, col: number) => ({ type: "select", selection: collapse({ row, col }) });

describe("moving with the keys", () => {
  it("moves one cell with the arrows, and stops at the edges", () => {
    expect(keyCommand(press("ArrowUp"), at())).toEqual(selectsCell(4, 2));
    expect(keyCommand(press("ArrowDown"), at())).toEqual(selectsCell(6, 2));
    expect(keyCommand(press("ArrowLeft"), at())).toEqual(selectsCell(5, 1));
    expect(keyCommand(press("ArrowRight"), at())).toEqual(selectsCell(5, 3));
    const corner = at({ active: { row: 0, col: 0 }, selection: collapse({ row: 0, col: 0 }) });
    expect(keyCommand(press("ArrowUp"), corner)).toEqual(selectsCell(0, 0));
    expect(keyCommand(press("ArrowLeft"), corner)).toEqual(selectsCell(0, 0));
  });

  it("jumps to the edges with Ctrl or Cmd and the arrows, and with Home and End", () => {
    expect(keyCommand(press("ArrowUp", { ctrlKey: true }), at())).toEqual(selectsCell(0, 2));
    expect(keyCommand(press("ArrowDown", { metaKey: true }), at())).toEqual(selectsCell(9, 2));
    expect(keyCommand(press("ArrowLeft", { ctrlKey: true }), at())).toEqual(selectsCell(5, 0));
    expect(keyCommand(press("ArrowRight", { ctrlKey: true }), at())).toEqual(selectsCell(5, 3));
    expect(keyCommand(press("Home"), at())).toEqual(selectsCell(5, 0));
    expect(keyCommand(press("End"), at())).toEqual(selectsCell(5, 3));
    expect(keyCommand(press("Home", { ctrlKey: true }), at())).toEqual(selectsCell(0, 0));
    expect(keyCommand(press("End", { ctrlKey: true }), at())).toEqual(selectsCell(9, 3));
  });

  it("moves a page with Page Up and Page Down", () => {
    expect(keyCommand(press("PageUp"), at())).toEqual(selectsCell(2, 2));
    expect(keyCommand(press("PageDown"), at())).toEqual(selectsCell(8, 2));
    expect(keyCommand(press("PageDown"), at({ page: 30 }))).toEqual(selectsCell(9, 2));
  });

  it("extends the range from its anchor with Shift", () => {
    expect(keyCommand(press("ArrowDown", { shiftKey: true }), at())).toEqual({
      type: "select",
      selection: { anchor: { row: 5, col: 2 }, focus: { row: 6, col: 2 } },
    });
    const range = { anchor: { row: 1, col: 1 }, focus: { row: 5, col: 2 } };
    expect(keyCommand(press("End", { shiftKey: true, ctrlKey: true }), at({ selection: range }))).toEqual({
      type: "select",
      selection: { anchor: { row: 1, col: 1 }, focus: { row: 9, col: 3 } },
    });
  });

  it("starts at the first cell when no cell is active", () => {
    expect(keyCommand(press("ArrowDown"), at({ active: null, selection: null }))).toEqual(selectsCell(1, 0));
    // Shift without a selection selects one cell.
    expect(keyCommand(press("ArrowRight", { shiftKey: true }), at({ active: null, selection: null }))).toEqual(
      selectsCell(0, 1),
    );
  });

  it("moves along the row with Tab and Shift+Tab, and leaves the grid at either end", () => {
    expect(keyCommand(press("Tab"), at())).toEqual(selectsCell(5, 3));
    expect(keyCommand(press("Tab", { shiftKey: true }), at())).toEqual(selectsCell(5, 1));
    expect(keyCommand(press("Tab"), at({ active: { row: 5, col: 3 } }))).toBeNull();
    expect(keyCommand(press("Tab", { shiftKey: true }), at({ active: { row: 5, col: 0 } }))).toBeNull();
  });

  it("collapses a range to its active cell with Escape, and leaves Escape alone otherwise", () => {
    const range = { anchor: { row: 1, col: 1 }, focus: { row: 5, col: 2 } };
    expect(keyCommand(press("Escape"), at({ selection: range }))).toEqual(selectsCell(5, 2));
    expect(keyCommand(press("Escape"), at())).toBeNull();
    expect(keyCommand(press("Escape"), at({ active: null, selection: null }))).toBeNull();
  });

  it("selects every cell with Ctrl+A", () => {
    expect(keyCommand(press("a", { ctrlKey: true }), at())).toEqual({
      type: "select",
      selection: { anchor: { row: 0, col: 0 }, focus: { row: 9, col: 3 } },
    });
  });
});

describe("editing with the keys", () => {
  it("edits the cell's value with Enter or F2, even where it cannot be changed (editing says why)", () => {
    const edit = { type: "edit", pos: { row: 5, col: 2 }, text: null, typed: false };
    expect(keyCommand(press("Enter"), at())).toEqual(edit);
    expect(keyCommand(press("F2"), at())).toEqual(edit);
    expect(keyCommand(press("Enter"), at({ readOnly: true }))).toEqual(edit);
    expect(keyCommand(press("Enter"), at({ active: null, selection: null }))).toEqual({
      ...edit,
      pos: { row: 0, col: 0 },
    });
  });

  it("starts editing with a printable character, not while read-only or reordering", () => {
    expect(keyCommand(press("7"), at())).toEqual({ type: "edit", pos: { row: 5, col: 2 }, text: "7", typed: true });
    expect(keyCommand(press("é"), at())).toMatchObject({ type: "edit", text: "é" });
    expect(keyCommand(press("7"), at({ readOnly: true }))).toBeNull();
    expect(keyCommand(press("7"), at({ reorder: true }))).toBeNull();
    expect(keyCommand(press("7", { altKey: true }), at())).toBeNull();
    expect(keyCommand(press("Shift", { shiftKey: true }), at())).toBeNull();
  });

  it("clears with Delete or Backspace when the grid may change and a cell is selected", () => {
    expect(keyCommand(press("Delete"), at())).toEqual({ type: "clear" });
    expect(keyCommand(press("Backspace"), at())).toEqual({ type: "clear" });
    expect(keyCommand(press("Delete"), at({ readOnly: true }))).toBeNull();
    expect(keyCommand(press("Delete"), at({ reorder: true }))).toBeNull();
    expect(keyCommand(press("Delete"), at({ selection: null }))).toBeNull();
  });

  it("undoes with Ctrl+Z, redoes with Ctrl+Shift+Z or Ctrl+Y, even while read-only", () => {
    expect(keyCommand(press("z", { ctrlKey: true }), at())).toEqual({ type: "undo" });
    expect(keyCommand(press("Z", { ctrlKey: true, shiftKey: true }), at())).toEqual({ type: "redo" });
    expect(keyCommand(press("y", { metaKey: true }), at())).toEqual({ type: "redo" });
    expect(keyCommand(press("z", { ctrlKey: true }), at({ readOnly: true }))).toEqual({ type: "undo" });
  });

  it("fills down with Ctrl+D when the grid may change", () => {
    expect(keyCommand(press("d", { ctrlKey: true }), at())).toEqual({ type: "fill-down" });
    expect(keyCommand(press("d", { ctrlKey: true }), at({ readOnly: true }))).toBeNull();
    expect(keyCommand(press("d", { ctrlKey: true }), at({ reorder: true }))).toBeNull();
    expect(keyCommand(press("d", { ctrlKey: true }), at({ selection: null }))).toBeNull();
  });

  it("leaves other shortcuts (copy, paste, AltGr characters) to the browser", () => {
    expect(keyCommand(press("c", { ctrlKey: true }), at())).toBeNull();
    expect(keyCommand(press("v", { metaKey: true }), at())).toBeNull();
    expect(keyCommand(press("z", { ctrlKey: true, altKey: true }), at())).toBeNull();
    expect(keyCommand(press("@", { ctrlKey: true, altKey: true }), at())).toBeNull();
  });
});

describe("reorder mode", () => {
  it("moves the selected rows with Alt+Up and Alt+Down", () => {
    expect(keyCommand(press("ArrowUp", { altKey: true }), at({ reorder: true }))).toEqual({
      type: "move-rows",
      delta: -1,
    });
    expect(keyCommand(press("ArrowDown", { altKey: true }), at({ reorder: true }))).toEqual({
      type: "move-rows",
      delta: 1,
    });
    // Outside reorder mode Alt+arrow moves the active cell.
    expect(keyCommand(press("ArrowDown", { altKey: true }), at())).toEqual(selectsCell(6, 2));
  });
});

describe("clearing a range", () => {
  const a = product("a", { salePrice: 900, shippingGroup: "1" });
  const b = product("b", { hasOptions: true, salePrice: 800 });
  const rows = [a, b];
  const columns = [columnById.name, columnById.price, columnById.salePrice, columnById.quantity];
  const all = { anchor: { row: 0, col: 0 }, focus: { row: 1, col: 3 } };

  it("empties only the cells that can be empty and that the product takes", () => {
    expect(clearRequests(all, rows, columns, ctx)).toEqual([
      { key: "a", column: "salePrice", text: "" },
      { key: "b", column: "salePrice", text: "" },
    ]);
    expect(clearRequests(collapse({ row: 0, col: 1 }), rows, columns, ctx)).toEqual([]);
  });

  it("finds the edits a product no longer takes, to discard them", () => {
    // Typed while b had no options.
    const before = byKey([{ ...b, hasOptions: false }, a]);
    const edits = applyChanges(
      emptyEdits(),
      [
        { key: "b", column: "quantity", text: "3" },
        { key: "a", column: "quantity", text: "4" },
      ],
      before,
      ctx,
      "Edit",
    );
    expect(lockedEditedCells(all, rows, columns, edits)).toEqual([{ key: "b", column: "quantity" }]);
    expect(lockedEditedCells(collapse({ row: 0, col: 3 }), rows, columns, edits)).toEqual([]);
  });
});
