import { describe, expect, it } from "vitest";
import { dropTarget, keyboardMoveTarget, movedSelection, movedSentence, moveKeys, rangeKeys } from "./grid-moves";

const rows = ["a", "b", "c", "d", "e", "f"].map((key) => ({ key }));
const keysOf = (list: readonly { key: string }[]) => list.map((r) => r.key);

describe("moving rows with the keyboard", () => {
  it("moves the range's rows one place, and not past either end", () => {
    const range = { top: 2, bottom: 3, left: 0, right: 0 };
    expect(rangeKeys(rows, range)).toEqual(["c", "d"]);
    expect(keyboardMoveTarget(range, 2, rows.length, -1)).toBe(1);
    expect(keyboardMoveTarget(range, 2, rows.length, 1)).toBe(3);
    expect(keyboardMoveTarget({ ...range, top: 0, bottom: 1 }, 2, rows.length, -1)).toBeNull();
    expect(keyboardMoveTarget({ ...range, top: 4, bottom: 5 }, 2, rows.length, 1)).toBeNull();
  });

  it("selects the moved rows where they went", () => {
    expect(movedSelection(1, 2)).toEqual({ anchor: { row: 1, col: 0 }, focus: { row: 2, col: 0 } });
    expect(movedSelection(4, 1)).toEqual({ anchor: { row: 4, col: 0 }, focus: { row: 4, col: 0 } });
  });
});

describe("dropping dragged rows", () => {
  it("puts one row before the row it was dropped above", () => {
    // e (row 4) dropped on the gap before b (row 1).
    const { first, target } = dropTarget(rows, ["e"], 1);
    expect({ first, target }).toEqual({ first: 4, target: 1 });
    expect(moveKeys(keysOf(rows), ["e"], target)).toEqual(["a", "e", "b", "c", "d", "f"]);
  });

  it("counts the moved rows out of the places above the gap (dragging down)", () => {
    // b dropped on the gap before e: b leaves its place first, so it lands at 3, just above e.
    const { target } = dropTarget(rows, ["b"], 4);
    expect(target).toBe(3);
    expect(moveKeys(keysOf(rows), ["b"], target)).toEqual(["a", "c", "d", "b", "e", "f"]);
  });

  it("moves nothing when dropped back where it was, and stays inside the rows", () => {
    const back = dropTarget(rows, ["c"], 3);
    expect(back.target).toBe(back.first);
    expect(dropTarget(rows, ["b", "c"], 6)).toEqual({ first: 1, target: 4 });
  });
});

describe("what a move announces", () => {
  it("names the product moved, or the number of products", () => {
    expect(movedSentence({ name: "Mug", count: 1, target: 2, rowCount: 6, withTotal: true })).toBe(
      "Mug moved to position 3 of 6.",
    );
    expect(movedSentence({ name: undefined, count: 1, target: 0, rowCount: 6, withTotal: false })).toBe(
      "Product moved to position 1 of 6.",
    );
    expect(movedSentence({ name: "Mug", count: 2, target: 1, rowCount: 6, withTotal: true })).toBe(
      "2 products moved to positions 2 to 3 of 6.",
    );
    expect(movedSentence({ name: "Mug", count: 2, target: 1, rowCount: 6, withTotal: false })).toBe(
      "2 products moved to positions 2 to 3.",
    );
  });
});
