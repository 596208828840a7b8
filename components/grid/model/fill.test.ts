import { describe, expect, it } from "vitest";
import type { ColumnId } from "../columns";
import { applyChanges, currentValue, emptyEdits } from "./edits";
import { fillDownRequests, setAllRequests } from "./fill";
import { byKey, ctx, product } from "../../products/bulk/model/fixtures";
import { collapse } from "./selection";

const rows = [
  product("a", { price: 1250, shippingGroup: "2", quantity: -1 }),
  product("b"),
  product("c", { hasOptions: true }),
  product("d", { cost: null }),
];
const cols: ColumnId[] = ["price", "shippingGroup", "quantity", "cost"];

describe("fill down", () => {
  it("copies each column's top cell into the rows below", () => {
    const requests = fillDownRequests(
      { anchor: { row: 0, col: 0 }, focus: { row: 3, col: 2 } },
      rows,
      cols,
      emptyEdits(),
      ctx,
    );
    expect(requests).toEqual([
      { key: "b", column: "price", text: "12.50" },
      { key: "c", column: "price", text: "12.50" },
      { key: "d", column: "price", text: "12.50" },
      { key: "b", column: "shippingGroup", text: "Heavy goods" },
      { key: "c", column: "shippingGroup", text: "Heavy goods" },
      { key: "d", column: "shippingGroup", text: "Heavy goods" },
      // c has options: its quantity is left out.
      { key: "b", column: "quantity", text: "Unlimited" },
      { key: "d", column: "quantity", text: "Unlimited" },
    ]);
    const state = applyChanges(emptyEdits(), requests, byKey(rows), ctx, "Fill down");
    expect(rows.map((p) => currentValue(state, p, "shippingGroup"))).toEqual(["2", "2", "2", "2"]);
    expect(rows.map((p) => currentValue(state, p, "quantity"))).toEqual([-1, -1, 5, -1]);
  });

  it("fills the top row's edited value, from a range selected upwards", () => {
    const state = applyChanges(emptyEdits(), [{ key: "b", column: "price", text: "1" }], byKey(rows), ctx, "Edit");
    const requests = fillDownRequests(
      { anchor: { row: 2, col: 0 }, focus: { row: 1, col: 0 } },
      rows,
      cols,
      state,
      ctx,
    );
    expect(requests).toEqual([{ key: "c", column: "price", text: "1.00" }]);
  });

  it("an empty cost fills as the store's none", () => {
    const list = [product("x", { cost: null }), product("y", { cost: 400 }), product("z", { cost: null })];
    const requests = fillDownRequests(
      { anchor: { row: 0, col: 3 }, focus: { row: 2, col: 3 } },
      list,
      cols,
      emptyEdits(),
      ctx,
    );
    expect(requests.map((r) => r.text)).toEqual(["", ""]);
    const state = applyChanges(emptyEdits(), requests, byKey(list), ctx, "Fill down");
    expect(list.map((p) => currentValue(state, p, "cost"))).toEqual([null, 0, null]);
    expect(state.cells.size).toBe(1);
  });

  it("does nothing for one row or an empty grid", () => {
    expect(fillDownRequests(collapse({ row: 0, col: 0 }), rows, cols, emptyEdits(), ctx)).toEqual([]);
    expect(fillDownRequests(collapse({ row: 0, col: 0 }), [], cols, emptyEdits(), ctx)).toEqual([]);
  });
});

describe("set all", () => {
  it("puts the text in every cell of the range but read-only ones", () => {
    const requests = setAllRequests({ anchor: { row: 0, col: 2 }, focus: { row: 3, col: 2 } }, rows, cols, "8");
    expect(requests).toEqual([
      { key: "a", column: "quantity", text: "8" },
      { key: "b", column: "quantity", text: "8" },
      { key: "d", column: "quantity", text: "8" },
    ]);
  });

  it("stays inside the grid", () => {
    expect(setAllRequests({ anchor: { row: 3, col: 3 }, focus: { row: 9, col: 9 } }, rows, cols, "")).toEqual([
      { key: "d", column: "cost", text: "" },
    ]);
  });
});
