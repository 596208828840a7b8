import { describe, expect, it } from "vitest";
import { findConflicts } from "./conflicts";
import { applyChanges, editedKeys, emptyEdits } from "./edits";
import { byKey, ctx, product } from "../../products/bulk/model/fixtures";

const loaded = byKey([
  product("a", { name: "Alpha", price: 1000, modified: 100 }),
  product("b", { name: "Beta", price: 1000, modified: 100 }),
  product("c", { name: "Gamma", modified: 100 }),
  product("d", { name: "Delta", modified: null }),
]);
const state = applyChanges(
  emptyEdits(),
  [
    { key: "a", column: "price", text: "12" },
    { key: "a", column: "sku", text: "A-2" },
    { key: "b", column: "price", text: "13" },
    { key: "c", column: "price", text: "14" },
    { key: "d", column: "price", text: "15" },
  ],
  loaded,
  ctx,
  "Edit",
);
const keys = editedKeys(state);

describe("findConflicts", () => {
  it("finds none when nothing moved", () => {
    expect(findConflicts(loaded, loaded, keys, state)).toEqual([]);
  });

  it("reports a deleted product", () => {
    const current = new Map(loaded);
    current.delete("b");
    expect(findConflicts(loaded, current, keys, state)).toEqual([
      { key: "b", name: "Beta", deleted: true, modifiedMoved: false, fields: [] },
    ]);
  });

  it("lists the edited columns whose stored value moved", () => {
    const current = byKey([
      product("a", { name: "Alpha", price: 1100, sku: "A-9", modified: 200 }),
      product("b", { name: "Beta", price: 1000, modified: 100 }),
      product("c", { name: "Gamma", modified: 100, cost: 1 }),
      product("d", { name: "Delta", modified: 999 }),
    ]);
    expect(findConflicts(loaded, current, keys, state)).toEqual([
      {
        key: "a",
        name: "Alpha",
        deleted: false,
        modifiedMoved: true,
        fields: [
          // In column order.
          { column: "sku", loaded: "SKU-a", theirs: "A-9", mine: "A-2" },
          { column: "price", loaded: 1000, theirs: 1100, mine: 1200 },
        ],
      },
    ]);
  });

  it("reports a moved modified with no edited column moved, fields empty", () => {
    const current = new Map(loaded);
    // Its cost moved, which was not edited.
    current.set("c", { ...loaded.get("c")!, modified: 150, cost: 1 });
    const [conflict] = findConflicts(loaded, current, keys, state);
    expect(conflict).toEqual({ key: "c", name: "Gamma", deleted: false, modifiedMoved: true, fields: [] });
  });

  it("a value moved without modified moving (a store that does not move it) is a conflict too", () => {
    const current = new Map(loaded);
    current.set("b", { ...loaded.get("b")!, price: 999 });
    expect(findConflicts(loaded, current, keys, state)).toEqual([
      {
        key: "b",
        name: "Beta",
        deleted: false,
        modifiedMoved: false,
        fields: [{ column: "price", loaded: 1000, theirs: 999, mine: 1300 }],
      },
    ]);
  });

  it("ignores modified when the store does not send it", () => {
    const current = new Map(loaded);
    current.set("d", { ...loaded.get("d")!, modified: 5 });
    current.set("a", { ...loaded.get("a")!, modified: null });
    expect(findConflicts(loaded, current, keys, state)).toEqual([]);
  });

  it("does not compare a column in error, and skips keys it never loaded", () => {
    const withError = applyChanges(emptyEdits(), [{ key: "b", column: "price", text: "x" }], loaded, ctx, "E");
    const current = new Map(loaded);
    current.set("b", { ...loaded.get("b")!, price: 5 });
    expect(findConflicts(loaded, current, ["b", "zzz", "b"], withError)).toEqual([]);
  });
});
