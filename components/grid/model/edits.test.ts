import { describe, expect, it } from "vitest";
import {
  applyChanges,
  canRedo,
  canUndo,
  cellId,
  cellText,
  currentValue,
  discardEdits,
  dropEdits,
  editedKeys,
  editOf,
  editsByKey,
  emptyEdits,
  type EditsState,
  errorCount,
  historyLimit,
  lockEdits,
  rebase,
  redo,
  redoLabel,
  setValues,
  undo,
  undoLabel,
} from "./edits";
import { quantityReadOnlyReason } from "../../products/bulk/model/columns";
import { byKey, ctx, product } from "../../products/bulk/model/fixtures";

const a = product("a", { price: 1000, name: "Mug" });
const b = product("b", { price: 2000, hasOptions: true, quantity: 9 });
const products = byKey([a, b]);

const apply = (state: EditsState, requests: Parameters<typeof applyChanges>[1], label = "Edit") =>
  applyChanges(state, requests, products, ctx, label);

describe("cell ids", () => {
  it("tell cells apart, whatever the key holds", () => {
    expect(cellId("a", "price")).not.toBe(cellId("a", "cost"));
    expect(cellId("a:b", "price")).not.toBe(cellId("a", "price"));
    expect(new Set([cellId("ab", "sku"), cellId("a", "bsku" as never)]).size).toBe(2);
  });
});

describe("applyChanges", () => {
  it("records a parsed value as an edit, one undo step", () => {
    const s = apply(emptyEdits(), [{ key: "a", column: "price", text: "$12.50" }], "Edit price");
    expect(editOf(s, "a", "price")).toEqual({ key: "a", column: "price", value: 1250, text: "$12.50", error: null });
    expect(currentValue(s, a, "price")).toBe(1250);
    expect(currentValue(s, a, "cost")).toBe(400);
    expect(undoLabel(s)).toBe("Edit price");
    expect(canUndo(s)).toBe(true);
    expect(canRedo(s)).toBe(false);
  });

  it("keeps a text that does not parse, with its error, over the original value", () => {
    const s = apply(emptyEdits(), [{ key: "a", column: "price", text: "twelve" }]);
    expect(editOf(s, "a", "price")).toEqual({
      key: "a",
      column: "price",
      value: 1000,
      text: "twelve",
      error: "Enter an amount such as 12.50.",
    });
    expect(currentValue(s, a, "price")).toBe(1000);
    expect(cellText(s, a, "price", ctx)).toBe("twelve");
    expect(errorCount(s)).toBe(1);
  });

  it("removes the edit when the value is back to the original", () => {
    const s1 = apply(emptyEdits(), [{ key: "a", column: "price", text: "12.50" }]);
    const s2 = apply(s1, [{ key: "a", column: "price", text: "10" }]);
    expect(editOf(s2, "a", "price")).toBeUndefined();
    expect(s2.cells.size).toBe(0);
    expect(s2.past).toHaveLength(2);
    expect(undo(s2).cells.get(cellId("a", "price"))?.value).toBe(1250);
  });

  it("adds no history for a batch that changes nothing", () => {
    const s0 = emptyEdits();
    expect(apply(s0, [])).toBe(s0);
    expect(apply(s0, [{ key: "a", column: "price", text: "10.00" }])).toBe(s0);
    const s1 = apply(s0, [{ key: "a", column: "price", text: "12.5" }]);
    // The same value typed another way is no change.
    expect(apply(s1, [{ key: "a", column: "price", text: "$12.50" }])).toBe(s1);
    // The same error again neither.
    const s2 = apply(s1, [{ key: "a", column: "name", text: "" }]);
    expect(apply(s2, [{ key: "a", column: "name", text: "" }])).toBe(s2);
  });

  it("skips unknown products and read-only cells", () => {
    const s0 = emptyEdits();
    expect(apply(s0, [{ key: "nope", column: "price", text: "1" }])).toBe(s0);
    expect(apply(s0, [{ key: "b", column: "quantity", text: "3" }])).toBe(s0);
    const s = apply(s0, [
      { key: "b", column: "quantity", text: "3" },
      { key: "b", column: "price", text: "3" },
    ]);
    expect([...s.cells.keys()]).toEqual([cellId("b", "price")]);
  });

  it("lets the last request for a cell win", () => {
    const s = apply(emptyEdits(), [
      { key: "a", column: "price", text: "1" },
      { key: "a", column: "price", text: "2" },
    ]);
    expect(currentValue(s, a, "price")).toBe(200);
    expect(s.past[0]!.changes).toHaveLength(1);
    expect(currentValue(undo(s), a, "price")).toBe(1000);
  });

  it("clears the redo steps on a new change", () => {
    const s1 = apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }], "one");
    const s2 = undo(s1);
    expect(redoLabel(s2)).toBe("one");
    const s3 = apply(s2, [{ key: "a", column: "sku", text: "X" }], "two");
    expect(canRedo(s3)).toBe(false);
    expect(undoLabel(s3)).toBe("two");
  });

  it("does not touch the state it was given", () => {
    const s1 = apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }]);
    const cells = new Map(s1.cells);
    const past = [...s1.past];
    apply(s1, [{ key: "a", column: "price", text: "2" }]);
    undo(s1);
    expect(new Map(s1.cells)).toEqual(cells);
    expect(s1.past).toEqual(past);
  });

  it("keeps at most historyLimit steps", () => {
    let s = emptyEdits();
    for (let i = 1; i <= historyLimit + 5; i++) s = apply(s, [{ key: "a", column: "order", text: String(i + 1) }]);
    expect(s.past).toHaveLength(historyLimit);
    while (canUndo(s)) s = undo(s);
    // The oldest steps are gone: undo stops at the 6th value.
    expect(currentValue(s, a, "order")).toBe(6);
  });
});

describe("undo and redo", () => {
  const s1 = apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }], "Price");
  const s2 = apply(
    s1,
    [
      { key: "a", column: "price", text: "2" },
      { key: "b", column: "name", text: "New" },
    ],
    "Paste",
  );

  it("step back and forth through batches", () => {
    const u1 = undo(s2);
    expect(currentValue(u1, a, "price")).toBe(100);
    expect(editOf(u1, "b", "name")).toBeUndefined();
    expect(undoLabel(u1)).toBe("Price");
    expect(redoLabel(u1)).toBe("Paste");
    const u2 = undo(u1);
    expect(u2.cells.size).toBe(0);
    expect(canUndo(u2)).toBe(false);
    expect(undo(u2)).toBe(u2);
    const r1 = redo(u2);
    expect(currentValue(r1, a, "price")).toBe(100);
    const r2 = redo(r1);
    expect(currentValue(r2, a, "price")).toBe(200);
    expect(currentValue(r2, b, "name")).toBe("New");
    expect(redo(r2)).toBe(r2);
  });

  it("undo after redo goes back again", () => {
    const again = undo(redo(undo(s2)));
    expect(currentValue(again, a, "price")).toBe(100);
    expect(editOf(again, "b", "name")).toBeUndefined();
    expect(redoLabel(again)).toBe("Paste");
  });

  it("restores an error as it was", () => {
    const e1 = apply(emptyEdits(), [{ key: "a", column: "price", text: "x" }]);
    const e2 = apply(e1, [{ key: "a", column: "price", text: "5" }]);
    expect(errorCount(e2)).toBe(0);
    const back = undo(e2);
    expect(editOf(back, "a", "price")?.text).toBe("x");
    expect(errorCount(back)).toBe(1);
  });

  it("labels are null without steps", () => {
    expect(undoLabel(emptyEdits())).toBeNull();
    expect(redoLabel(emptyEdits())).toBeNull();
  });
});

describe("setValues", () => {
  it("takes parsed values, formats their text, and removes edits back to the original", () => {
    const s1 = setValues(
      emptyEdits(),
      [
        { key: "a", column: "order", value: 2 },
        { key: "b", column: "order", value: 1 },
        { key: "nope", column: "order", value: 3 },
      ],
      products,
      ctx,
      "Move a product",
    );
    expect(editOf(s1, "a", "order")).toEqual({ key: "a", column: "order", value: 2, text: "2", error: null });
    // b's order is already 1.
    expect(editOf(s1, "b", "order")).toBeUndefined();
    expect(undoLabel(s1)).toBe("Move a product");
    const s2 = setValues(s1, [{ key: "a", column: "salePrice", value: 850 }], products, ctx, "Sale");
    expect(editOf(s2, "a", "salePrice")?.text).toBe("8.50");
    const s3 = setValues(s2, [{ key: "a", column: "order", value: 1 }], products, ctx, "Back");
    expect(editOf(s3, "a", "order")).toBeUndefined();
    expect(setValues(s3, [{ key: "b", column: "quantity", value: 1 }], products, ctx, "x")).toBe(s3);
  });
});

describe("dropEdits", () => {
  const s = apply(
    apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }], "one"),
    [
      { key: "a", column: "sku", text: "NEW" },
      { key: "b", column: "price", text: "3" },
    ],
    "two",
  );

  it("removes the products' edits and their history", () => {
    const d = dropEdits(s, ["a"]);
    expect([...d.cells.keys()]).toEqual([cellId("b", "price")]);
    // "one" only touched a: it is gone; "two" keeps b's change.
    expect(d.past.map((x) => x.label)).toEqual(["two"]);
    expect(d.past[0]!.changes).toHaveLength(1);
    const u = undo(d);
    expect(u.cells.size).toBe(0);
    expect(canUndo(u)).toBe(false);
  });

  it("only the given columns when named", () => {
    const d = dropEdits(s, ["a"], ["price"]);
    expect([...d.cells.keys()].sort()).toEqual([cellId("a", "sku"), cellId("b", "price")].sort());
    expect(d.past.map((x) => x.label)).toEqual(["two"]);
  });

  it("cleans the redo steps too", () => {
    const d = dropEdits(undo(s), ["b"]);
    expect(d.future).toHaveLength(1);
    const r = redo(d);
    expect(editOf(r, "b", "price")).toBeUndefined();
    expect(editOf(r, "a", "sku")?.value).toBe("NEW");
  });

  it("answers the same state when nothing is dropped", () => {
    expect(dropEdits(s, [])).toBe(s);
    expect(dropEdits(s, ["zzz"])).toBe(s);
  });

  it("a later undo does not bring back a saved value", () => {
    // a: price 1 then 2; saved at 2; undo must not bring back 1 (the store holds 2 now).
    const t = apply(apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }]), [
      { key: "a", column: "price", text: "2" },
    ]);
    const d = dropEdits(t, ["a"]);
    expect(d.past).toHaveLength(0);
    expect(undo(d).cells.size).toBe(0);
  });
});

describe("rebase", () => {
  it("drops edits the products now hold, and keeps the rest", () => {
    const s = apply(emptyEdits(), [
      { key: "a", column: "price", text: "12.50" },
      { key: "a", column: "sku", text: "NEW" },
    ]);
    const reloaded = byKey([{ ...a, price: 1250 }, b]);
    const r = rebase(s, reloaded);
    expect(editOf(r, "a", "price")).toBeUndefined();
    expect(editOf(r, "a", "sku")?.value).toBe("NEW");
    // The history step keeps only the sku.
    expect(r.past[0]!.changes.map((c) => c.id)).toEqual([cellId("a", "sku")]);
  });

  it("moves a cell in error onto the new value", () => {
    const s = apply(emptyEdits(), [{ key: "a", column: "price", text: "oops" }]);
    const r = rebase(s, byKey([{ ...a, price: 3000 }, b]));
    expect(editOf(r, "a", "price")).toMatchObject({ value: 3000, text: "oops" });
    expect(errorCount(r)).toBe(1);
  });

  it("keeps the edits of products it was not given, and the state when nothing moved", () => {
    const s = apply(emptyEdits(), [{ key: "a", column: "price", text: "1" }]);
    expect(rebase(s, new Map())).toBe(s);
    expect(rebase(s, products)).toBe(s);
  });

  it("an undo after a rebase does not leave an edit equal to the new original", () => {
    const s = apply(apply(emptyEdits(), [{ key: "a", column: "price", text: "5" }]), [
      { key: "a", column: "price", text: "6" },
    ]);
    // The store now holds 5: undoing the 6 shows 5 without an edit.
    const r = rebase(s, byKey([{ ...a, price: 500 }, b]));
    const u = undo(r);
    expect(editOf(u, "a", "price")).toBeUndefined();
  });
});

describe("counts", () => {
  it("count errors and edited products, each once", () => {
    const s = apply(emptyEdits(), [
      { key: "a", column: "price", text: "x" },
      { key: "a", column: "sku", text: "Y" },
      { key: "b", column: "name", text: "" },
    ]);
    expect(errorCount(s)).toBe(2);
    expect(editedKeys(s)).toEqual(["a", "b"]);
    expect(editedKeys(emptyEdits())).toEqual([]);
    // A copy: changing it does not change the next answer.
    editedKeys(s).push("zzz");
    expect(editedKeys(s)).toEqual(["a", "b"]);
    expect(
      editsByKey(s)
        .get("a")!
        .map((e) => e.column),
    ).toEqual(["price", "sku"]);
  });
});

describe("at scale", () => {
  it("takes 10,000 cells in one batch, and undoes them", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => product(`p${i}`));
    const map = byKey(many);
    const s = applyChanges(
      emptyEdits(),
      many.map((p) => ({ key: p.key, column: "price" as const, text: "9.99" })),
      map,
      ctx,
      "Paste",
    );
    expect(s.cells.size).toBe(10_000);
    expect(errorCount(s)).toBe(0);
    expect(undo(s).cells.size).toBe(0);
  });
});

describe("a cell the product no longer takes", () => {
  // The grid loaded "a" without options; the store has given it options since.
  const withOptions = byKey([{ ...a, hasOptions: true, quantity: 12 }, b]);

  it("becomes an error with the reason, on a rebase, and holds the product back", () => {
    const s = apply(emptyEdits(), [
      { key: "a", column: "quantity", text: "40" },
      { key: "a", column: "sku", text: "NEW" },
    ]);
    const r = rebase(s, withOptions);
    expect(editOf(r, "a", "quantity")).toMatchObject({ text: "40", value: 12, error: quantityReadOnlyReason });
    expect(editOf(r, "a", "sku")).toMatchObject({ value: "NEW", error: null });
    expect(errorCount(r)).toBe(1);
  });

  it("is left as it is where the product still takes it, and locking twice changes nothing", () => {
    const s = apply(emptyEdits(), [{ key: "a", column: "quantity", text: "40" }]);
    expect(lockEdits(s, products)).toBe(s);
    const locked = lockEdits(s, withOptions);
    expect(lockEdits(locked, withOptions)).toBe(locked);
  });

  it("loses its change by a discard, which undo brings back", () => {
    const locked = lockEdits(apply(emptyEdits(), [{ key: "a", column: "quantity", text: "40" }]), withOptions);
    const d = discardEdits(locked, [{ key: "a", column: "quantity" }], "Discard");
    expect(d.cells.size).toBe(0);
    expect(undoLabel(d)).toBe("Discard");
    expect(editOf(undo(d), "a", "quantity")?.error).toBe(quantityReadOnlyReason);
    expect(discardEdits(d, [{ key: "a", column: "quantity" }], "Discard")).toBe(d);
  });
});
