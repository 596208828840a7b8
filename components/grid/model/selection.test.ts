import { describe, expect, it } from "vitest";
import {
  clampPos,
  clampSelection,
  collapse,
  extendTo,
  followRows,
  inRange,
  moveBy,
  pinSelection,
  rangeOf,
  rangeSize,
  selectAll,
} from "./selection";

describe("ranges", () => {
  it("span anchor to focus in any direction", () => {
    const sel = { anchor: { row: 5, col: 3 }, focus: { row: 2, col: 1 } };
    expect(rangeOf(sel)).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
    expect(rangeSize(sel)).toEqual({ rows: 4, cols: 3 });
    expect(inRange(sel, { row: 2, col: 1 })).toBe(true);
    expect(inRange(sel, { row: 5, col: 3 })).toBe(true);
    expect(inRange(sel, { row: 4, col: 2 })).toBe(true);
    expect(inRange(sel, { row: 6, col: 2 })).toBe(false);
    expect(inRange(sel, { row: 3, col: 0 })).toBe(false);
  });

  it("collapse to one cell, and extend from the same anchor", () => {
    const one = collapse({ row: 1, col: 2 });
    expect(rangeOf(one)).toEqual({ top: 1, bottom: 1, left: 2, right: 2 });
    const wide = extendTo(one, { row: 4, col: 0 });
    expect(wide.anchor).toEqual({ row: 1, col: 2 });
    expect(wide.focus).toEqual({ row: 4, col: 0 });
    // Copies: changing the position given does not move the selection.
    const pos = { row: 0, col: 0 };
    const sel = collapse(pos);
    pos.row = 9;
    expect(sel.anchor.row).toBe(0);
  });
});

describe("moving", () => {
  const bounds = { rows: 10, cols: 4 };

  it("moves and stops at the edges", () => {
    expect(moveBy({ row: 0, col: 0 }, 1, 1, bounds)).toEqual({ row: 1, col: 1 });
    expect(moveBy({ row: 0, col: 0 }, -1, -1, bounds)).toEqual({ row: 0, col: 0 });
    expect(moveBy({ row: 8, col: 3 }, 20, 5, bounds)).toEqual({ row: 9, col: 3 });
    expect(moveBy({ row: 5, col: 1 }, -25, 0, bounds)).toEqual({ row: 0, col: 1 });
  });

  it("stays at 0, 0 in an empty grid, and copes with nonsense", () => {
    expect(moveBy({ row: 3, col: 3 }, 1, 1, { rows: 0, cols: 0 })).toEqual({ row: 0, col: 0 });
    expect(clampPos({ row: Number.NaN, col: 1.7 }, bounds)).toEqual({ row: 0, col: 1 });
  });

  it("clamps a selection after rows or columns went away, keeping it when it fits", () => {
    const sel = { anchor: { row: 2, col: 1 }, focus: { row: 20, col: 6 } };
    expect(clampSelection(sel, bounds)).toEqual({ anchor: { row: 2, col: 1 }, focus: { row: 9, col: 3 } });
    const fits = { anchor: { row: 1, col: 1 }, focus: { row: 2, col: 2 } };
    expect(clampSelection(fits, bounds)).toBe(fits);
  });

  it("selects everything", () => {
    expect(selectAll(bounds)).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 9, col: 3 } });
    expect(selectAll({ rows: 0, cols: 0 })).toEqual({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } });
  });
});

describe("a selection pinned to its products", () => {
  const rows = (...keys: string[]) => keys.map((key) => ({ key }));

  it("stays the same object while the rows at its corners are the same products", () => {
    const sel = { anchor: { row: 1, col: 0 }, focus: { row: 2, col: 3 } };
    const pinned = pinSelection(sel, rows("a", "b", "c", "d"))!;
    expect(pinned).toEqual({ selection: sel, anchorKey: "b", focusKey: "c" });
    // A page appended below, or another row changed: nothing moves.
    expect(followRows(pinned, rows("a", "b", "c", "d", "e"))).toBe(sel);
  });

  it("moves with its products when rows arrive above them (a sorted view while pages load)", () => {
    const sel = { anchor: { row: 0, col: 2 }, focus: { row: 1, col: 4 } };
    const pinned = pinSelection(sel, rows("a", "b", "c"))!;
    expect(followRows(pinned, rows("x", "y", "a", "b", "c"))).toEqual({
      anchor: { row: 2, col: 2 },
      focus: { row: 3, col: 4 },
    });
  });

  it("collapses on the focus when the anchor's product went, and is gone when the focused one did", () => {
    const sel = { anchor: { row: 0, col: 1 }, focus: { row: 2, col: 1 } };
    const pinned = pinSelection(sel, rows("a", "b", "c"))!;
    expect(followRows(pinned, rows("b", "c"))).toEqual(collapse({ row: 1, col: 1 }));
    expect(followRows(pinned, rows("a", "b"))).toBeNull();
  });

  it("cannot pin a corner outside the rows", () => {
    expect(pinSelection(collapse({ row: 3, col: 0 }), rows("a", "b"))).toBeNull();
  });
});
