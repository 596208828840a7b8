import { describe, expect, it } from "vitest";
import { indexAtPoint, moveItem, sortMessages, targetIndex } from "./sortable-list";

describe("moveItem", () => {
  it("moves an item forward and back, leaving the input alone", () => {
    const list = ["a", "b", "c", "d", "e"];
    expect(moveItem(list, 2, 0)).toEqual(["c", "a", "b", "d", "e"]);
    expect(moveItem(list, 0, 3)).toEqual(["b", "c", "d", "a", "e"]);
    expect(moveItem(list, 4, 4)).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("clamps the target to the list and ignores a source outside it", () => {
    expect(moveItem(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, -3)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });
});

describe("indexAtPoint", () => {
  // A 2 × 2 grid of 100 px cells with a 10 px gap.
  const boxes = [
    { left: 0, top: 0, right: 100, bottom: 100 },
    { left: 110, top: 0, right: 210, bottom: 100 },
    { left: 0, top: 110, right: 100, bottom: 210 },
    { left: 110, top: 110, right: 210, bottom: 210 },
  ];
  it("finds the cell under the point", () => {
    expect(indexAtPoint(boxes, 50, 50)).toBe(0);
    expect(indexAtPoint(boxes, 150, 20)).toBe(1);
    expect(indexAtPoint(boxes, 20, 150)).toBe(2);
    expect(indexAtPoint(boxes, 209, 209)).toBe(3);
  });
  it("answers -1 over a gap or outside", () => {
    expect(indexAtPoint(boxes, 105, 50)).toBe(-1);
    expect(indexAtPoint(boxes, 100, 50)).toBe(-1);
    expect(indexAtPoint(boxes, 300, 300)).toBe(-1);
  });
});

describe("targetIndex", () => {
  it("moves by one with the arrows, stopping at the ends", () => {
    expect(targetIndex("ArrowUp", 2, 5)).toBe(1);
    expect(targetIndex("ArrowLeft", 0, 5)).toBe(0);
    expect(targetIndex("ArrowDown", 2, 5)).toBe(3);
    expect(targetIndex("ArrowRight", 4, 5)).toBe(4);
  });
  it("jumps to the ends with Home and End; other keys do not move", () => {
    expect(targetIndex("Home", 3, 5)).toBe(0);
    expect(targetIndex("End", 1, 5)).toBe(4);
    expect(targetIndex("a", 1, 5)).toBeNull();
    expect(targetIndex("Tab", 1, 5)).toBeNull();
  });
});

describe("sortMessages", () => {
  it("counts positions from one", () => {
    expect(sortMessages.pickedUp("Back", 2, 5)).toMatch(/^Picked up Back, position 3 of 5\./);
    expect(sortMessages.moved(0, 5)).toBe("Moved to position 1 of 5.");
    expect(sortMessages.dropped("Back", 0, 5)).toBe("Dropped Back at position 1 of 5.");
    expect(sortMessages.cancelled("Back", 2, 5)).toBe("Cancelled. Back is back at position 3 of 5.");
  });
});
