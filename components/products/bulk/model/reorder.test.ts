import { describe, expect, it } from "vitest";
import { byKey, product } from "./fixtures";
import { moveKeys } from "../../../grid";
import { orderChanges, orderMoves } from "./reorder";

const list = ["a", "b", "c", "d", "e"];

describe("moveKeys", () => {
  it("moves one key to an index of the result", () => {
    expect(moveKeys(list, ["a"], 2)).toEqual(["b", "c", "a", "d", "e"]);
    expect(moveKeys(list, ["e"], 0)).toEqual(["e", "a", "b", "c", "d"]);
    expect(moveKeys(list, ["c"], 4)).toEqual(["a", "b", "d", "e", "c"]);
    expect(moveKeys(list, ["c"], 2)).toEqual(list);
  });

  it("moves several keys together, in their order in the list", () => {
    expect(moveKeys(list, ["d", "b"], 0)).toEqual(["b", "d", "a", "c", "e"]);
    expect(moveKeys(list, ["a", "b"], 3)).toEqual(["c", "d", "e", "a", "b"]);
    expect(moveKeys(list, ["a", "c", "e"], 1)).toEqual(["b", "a", "c", "e", "d"]);
  });

  it("keeps the index inside the list, ignores unknown and repeated keys", () => {
    expect(moveKeys(list, ["a"], 99)).toEqual(["b", "c", "d", "e", "a"]);
    expect(moveKeys(list, ["e"], -3)).toEqual(["e", "a", "b", "c", "d"]);
    expect(moveKeys(list, ["zz"], 0)).toEqual(list);
    expect(moveKeys(list, ["b", "b", "zz"], 0)).toEqual(["b", "a", "c", "d", "e"]);
    expect(moveKeys([], ["a"], 0)).toEqual([]);
  });

  it("answers a new list", () => {
    const copy = moveKeys(list, [], 0);
    expect(copy).toEqual(list);
    expect(copy).not.toBe(list);
  });
});

describe("orderChanges", () => {
  const products = byKey([
    product("a", { order: 1 }),
    product("b", { order: 2 }),
    product("c", { order: null }),
    product("d", { order: 4 }),
  ]);

  it("gives positions 1..n, only where the order changes", () => {
    expect(orderChanges(["b", "a", "c", "d"], products)).toEqual([
      { key: "b", column: "order", value: 1 },
      { key: "a", column: "order", value: 2 },
      { key: "c", column: "order", value: 3 },
    ]);
    expect(orderChanges(["a", "b"], products)).toEqual([]);
  });

  it("leaves out keys it does not know", () => {
    expect(orderChanges(["zz", "a"], products)).toEqual([{ key: "a", column: "order", value: 2 }]);
  });
});

describe("orderMoves", () => {
  it("tells one product moved to the top from the 60 renumbered below it", () => {
    // 61 products at 1..61; the last moves to the top: it takes 1, the others shift down one.
    const changes = [
      { before: 61, after: 1 },
      ...Array.from({ length: 60 }, (_, i) => ({ before: i + 1, after: i + 2 })),
    ];
    expect(orderMoves(changes)).toEqual({ moved: 1, renumbered: 60 });
  });

  it("tells a block moved together, and swaps", () => {
    // 1..5: the block 4, 5 moves to the top.
    expect(
      orderMoves([
        { before: 4, after: 1 },
        { before: 5, after: 2 },
        { before: 1, after: 3 },
        { before: 2, after: 4 },
        { before: 3, after: 5 },
      ]),
    ).toEqual({ moved: 2, renumbered: 3 });
    expect(
      orderMoves([
        { before: 2, after: 1 },
        { before: 1, after: 2 },
      ]),
    ).toEqual({ moved: 1, renumbered: 1 });
  });

  it("counts products given their first position as renumbered when in order", () => {
    expect(
      orderMoves([
        { before: null, after: 1 },
        { before: null, after: 2 },
      ]),
    ).toEqual({ moved: 0, renumbered: 2 });
    expect(orderMoves([])).toEqual({ moved: 0, renumbered: 0 });
  });
});
