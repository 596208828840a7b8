import { describe, expect, it } from "vitest";
import { applyChanges, emptyEdits, setValues } from "./edits";
import { byKey, ctx, product } from "../../products/bulk/model/fixtures";
import { changeWarning, reviewChanges } from "./review";

const products = byKey([
  product("a", { name: "Alpha", price: 1000, salePrice: null }),
  product("b", { name: "Beta", shippingGroup: null }),
  product("c", { name: "Gamma" }),
]);

describe("reviewChanges", () => {
  it("lists every edit in the products' order, then the columns' order, in words", () => {
    const state = applyChanges(
      emptyEdits(),
      [
        { key: "c", column: "quantity", text: "unlimited" },
        { key: "a", column: "salePrice", text: "8" },
        { key: "a", column: "name", text: "Alpha 2" },
        { key: "b", column: "shippingGroup", text: "heavy goods" },
        { key: "b", column: "price", text: "ten" },
      ],
      products,
      ctx,
      "Paste",
    );
    expect(reviewChanges(state, products, ctx)).toEqual([
      { key: "a", name: "Alpha", column: "name", label: "Name", before: "Alpha", after: "Alpha 2", error: null },
      { key: "a", name: "Alpha", column: "salePrice", label: "Sale price", before: "", after: "8.00", error: null },
      {
        key: "b",
        name: "Beta",
        column: "price",
        label: "Price",
        before: "10.00",
        after: "ten",
        error: "Enter an amount such as 12.50.",
      },
      {
        key: "b",
        name: "Beta",
        column: "shippingGroup",
        label: "Shipping group",
        before: "",
        after: "Heavy goods",
        error: null,
      },
      { key: "c", name: "Gamma", column: "quantity", label: "Quantity", before: "5", after: "Unlimited", error: null },
    ]);
  });

  it("is empty without edits, and leaves out products it does not have", () => {
    expect(reviewChanges(emptyEdits(), products, ctx)).toEqual([]);
    const state = applyChanges(emptyEdits(), [{ key: "a", column: "sku", text: "N" }], products, ctx, "x");
    expect(reviewChanges(state, byKey([product("b")]), ctx)).toEqual([]);
  });

  it("leaves out an edit the product now holds (products updated without a rebase)", () => {
    const state = setValues(emptyEdits(), [{ key: "a", column: "order", value: 3 }], products, ctx, "Move");
    expect(reviewChanges(state, byKey([product("a", { order: 3 })]), ctx)).toEqual([]);
  });

  it("warns of a price cut by more than half, and of nothing else", () => {
    const state = applyChanges(
      emptyEdits(),
      [
        { key: "a", column: "price", text: "2.50" },
        { key: "b", column: "price", text: "5" },
        { key: "c", column: "salePrice", text: "1" },
      ],
      products,
      ctx,
      "Paste",
    );
    const changes = reviewChanges(state, products, ctx);
    expect(changes.map((c) => [c.key, c.column, c.warning])).toEqual([
      ["a", "price", "Cut by 75 %: check that it is meant."],
      ["b", "price", undefined],
      ["c", "salePrice", undefined],
    ]);
    expect(changeWarning("price", 1000, 499)).not.toBeNull();
    expect(changeWarning("price", 1000, 500)).toBeNull();
    expect(changeWarning("price", 0, 0)).toBeNull();
  });
});
