import { describe, expect, it } from "vitest";
import { byKey, product } from "./fixtures";
import { moveKeys, orderChanges } from "./reorder";

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
