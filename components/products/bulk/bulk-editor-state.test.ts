import { describe, expect, it } from "vitest";
import {
  activeCellLine,
  applyChanges,
  canRedo,
  canUndo,
  changeSummary,
  currentValue,
  editOf,
  emptyEdits,
  nextSort,
  pinnedSelection,
  selectedRowCount,
  setValueRequests,
  undoLabel,
} from "../../grid";
import {
  ariaRowCount,
  type BulkEditorAction,
  bulkEditorReducer,
  type BulkEditorState,
  defaultHidden,
  editsSummary,
  gridColumns,
  gridRows,
  importReport,
  initialEditorState,
  productCountLine,
  reorderSentence,
} from "./bulk-editor-state";
import { columnById, quantityReadOnlyReason } from "./model/columns";
import { byKey, ctx, product } from "./model/fixtures";
import { emptyFilter } from "./model/view";

const a = product("a", { name: "Mug", price: 1000, order: 3 });
const b = product("b", { name: "Pot", price: 2000, order: 1, hasOptions: true });
const c = product("c", { name: "Cup", price: 3000, order: 2 });
const products = [a, b, c];
const keyed = byKey(products);
const storeIndex = new Map(products.map((p, i) => [p.key, i]));

const run = (actions: BulkEditorAction[], from: BulkEditorState = initialEditorState()) =>
  actions.reduce(bulkEditorReducer, from);
const change = (
  requests: { key: string; column: "price" | "sku" | "name" | "quantity"; text: string }[],
  label = "Edit",
): BulkEditorAction => ({ type: "change", requests, label, byKey: keyed, ctx });
const selectAt = (row: number, col: number, rows = products): BulkEditorAction => ({
  type: "select",
  selection: { anchor: { row, col }, focus: { row, col } },
  rows,
});

describe("the initial state", () => {
  it("has no edits, no filter, the store's order, the default columns hidden and nothing open", () => {
    const s = initialEditorState();
    expect(s.edits.cells.size).toBe(0);
    expect(s.filter).toEqual(emptyFilter);
    expect(s.sort).toEqual({ column: "store", direction: "asc" });
    expect([...s.hidden]).toEqual(defaultHidden);
    expect(s).toMatchObject({
      reorder: false,
      pinned: null,
      saving: false,
      reviewOpen: false,
      reviewNote: null,
      columnsOpen: false,
      setValueOpen: false,
      importProblems: [],
      message: "",
    });
    expect(s.problems.size).toBe(0);
  });

  it("is a new one each time (its sets and maps are not shared)", () => {
    expect(initialEditorState().hidden).not.toBe(initialEditorState().hidden);
  });
});

describe("filter, sort, columns and reorder mode", () => {
  it("merges a filter's part into the filter", () => {
    const s = run([
      { type: "filter", patch: { text: "mug" } },
      { type: "filter", patch: { priceMin: 500 } },
    ]);
    expect(s.filter).toEqual({ ...emptyFilter, text: "mug", priceMin: 500 });
    expect(run([{ type: "filter", patch: { priceMin: null } }], s).filter.priceMin).toBeNull();
  });

  it("sorts a column ascending, then descending, then back to the store's order", () => {
    expect(nextSort({ column: "store", direction: "asc" }, "price")).toEqual({ column: "price", direction: "asc" });
    expect(nextSort({ column: "price", direction: "asc" }, "price")).toEqual({ column: "price", direction: "desc" });
    expect(nextSort({ column: "price", direction: "desc" }, "price")).toEqual({ column: "store", direction: "asc" });
    expect(nextSort({ column: "price", direction: "desc" }, "sku")).toEqual({ column: "sku", direction: "asc" });
  });

  it("drops the selection when the sort, the columns or the mode change", () => {
    const selected = run([selectAt(1, 1)]);
    expect(selected.pinned).not.toBeNull();
    const sorted = run([{ type: "sort", column: "price" }], selected);
    expect(sorted.sort).toEqual({ column: "price", direction: "asc" });
    expect(sorted.pinned).toBeNull();
    const shown = run([{ type: "show-column", column: "cost", shown: true }], selected);
    expect(shown.hidden.has("cost")).toBe(false);
    expect(shown.pinned).toBeNull();
    const reorder = run([{ type: "reorder", on: true }], selected);
    expect(reorder.reorder).toBe(true);
    expect(reorder.pinned).toBeNull();
    expect(run([{ type: "reorder", on: false }], reorder).reorder).toBe(false);
  });

  it("hides and shows a column without changing the set it came from", () => {
    const s0 = initialEditorState();
    const s1 = run([{ type: "show-column", column: "sku", shown: false }], s0);
    expect(s1.hidden.has("sku")).toBe(true);
    expect(s0.hidden.has("sku")).toBe(false);
    expect(run([{ type: "show-column", column: "sku", shown: true }], s1).hidden.has("sku")).toBe(false);
  });

  it("says what reorder mode does when it is switched on", () => {
    expect(reorderSentence(true)).toMatch(/^Reorder mode: drag a row by its handle/);
    expect(reorderSentence(false)).toBe("Reorder mode off.");
  });
});

describe("the selection", () => {
  it("is pinned to the products at its corners", () => {
    const s = run([
      {
        type: "select",
        selection: { anchor: { row: 0, col: 1 }, focus: { row: 2, col: 3 } },
        rows: products,
      },
    ]);
    expect(s.pinned).toEqual({
      selection: { anchor: { row: 0, col: 1 }, focus: { row: 2, col: 3 } },
      anchorKey: "a",
      focusKey: "c",
    });
    expect(run([{ type: "select", selection: null, rows: products }], s).pinned).toBeNull();
  });

  it("is pinned to the keys given when the rows are about to change (a move)", () => {
    const selection = { anchor: { row: 0, col: 0 }, focus: { row: 1, col: 0 } };
    expect(pinnedSelection(selection, products, { anchor: "c", focus: "b" })).toEqual({
      selection,
      anchorKey: "c",
      focusKey: "b",
    });
  });

  it("is none when a corner holds no row", () => {
    expect(run([selectAt(5, 0)]).pinned).toBeNull();
  });

  it("spans its rows", () => {
    expect(selectedRowCount(null)).toBe(0);
    expect(selectedRowCount({ anchor: { row: 4, col: 0 }, focus: { row: 2, col: 3 } })).toBe(3);
  });
});

describe("edits", () => {
  it("applies a change as one undo step, and leaves the state alone for none", () => {
    const s0 = initialEditorState();
    expect(run([change([])], s0)).toBe(s0);
    const s1 = run([change([{ key: "a", column: "price", text: "12.50" }], "Edit price")], s0);
    expect(currentValue(s1.edits, a, "price")).toBe(1250);
    expect(undoLabel(s1.edits)).toBe("Edit price");
  });

  it("undoes and redoes, and changes nothing when there is nothing to undo or redo", () => {
    const s0 = initialEditorState();
    expect(run([{ type: "undo" }], s0)).toBe(s0);
    expect(run([{ type: "redo" }], s0)).toBe(s0);
    const s1 = run([change([{ key: "a", column: "sku", text: "NEW" }])], s0);
    const undone = run([{ type: "undo" }], s1);
    expect(editOf(undone.edits, "a", "sku")).toBeUndefined();
    expect(canRedo(undone.edits)).toBe(true);
    const redone = run([{ type: "redo" }], undone);
    expect(editOf(redone.edits, "a", "sku")?.value).toBe("NEW");
    expect(run([{ type: "redo" }], redone)).toBe(redone);
  });

  it("moves products: every product gets its position 1..n as an edit of order, one step", () => {
    const order = ["b", "c", "a"];
    const s = run([{ type: "move", order, keys: ["a"], toIndex: 0, byKey: keyed, ctx }]);
    expect(products.map((p) => currentValue(s.edits, p, "order"))).toEqual([1, 2, 3]);
    expect(undoLabel(s.edits)).toBe("Move a product");
    const two = run([{ type: "move", order, keys: ["c", "a"], toIndex: 0, byKey: keyed, ctx }]);
    expect(["c", "a", "b"].map((key) => currentValue(two.edits, keyed.get(key)!, "order"))).toEqual([1, 2, 3]);
    expect(undoLabel(two.edits)).toBe("Move 2 products");
  });

  it("discards edits a product no longer takes", () => {
    // Typed while the product had no options; it has some now.
    const before = byKey([{ ...b, hasOptions: false }]);
    const locked = applyChanges(emptyEdits(), [{ key: "b", column: "quantity", text: "4" }], before, ctx, "Edit");
    const s1 = run([{ type: "set-edits", update: locked }]);
    expect(editOf(s1.edits, "b", "quantity")?.value).toBe(4);
    const s2 = run([{ type: "discard", cells: [{ key: "b", column: "quantity" }], label: "Discard changes" }], s1);
    expect(editOf(s2.edits, "b", "quantity")).toBeUndefined();
    expect(undoLabel(s2.edits)).toBe("Discard changes");
  });

  it("takes the save dialog's edits as a value or as an update of the current ones", () => {
    const s1 = run([change([{ key: "a", column: "sku", text: "ONE" }])]);
    const replaced = emptyEdits();
    expect(run([{ type: "set-edits", update: replaced }], s1).edits).toBe(replaced);
    const updated = run([{ type: "set-edits", update: (current) => (current === s1.edits ? replaced : current) }], s1);
    expect(updated.edits).toBe(replaced);
    expect(run([{ type: "set-edits", update: (current) => current }], s1)).toBe(s1);
  });
});

describe("a CSV import", () => {
  const result = {
    requests: [
      { key: "a", column: "price" as const, text: "11" },
      { key: "c", column: "price" as const, text: "33" },
    ],
    rows: 2,
    unknownKeys: [],
    unknownColumns: [],
    problems: [],
  };

  it("makes its changes one undo step and opens the review with its note", () => {
    const { problems, note } = importReport(result, "prices.csv");
    expect(problems).toEqual([]);
    expect(note).toBe(
      "A dry run of prices.csv: 2 values in 2 rows would change. Nothing is saved until you save; Undo takes the import back.",
    );
    const s = run([
      { type: "import", problems, requests: result.requests, label: "Import prices.csv", note, byKey: keyed, ctx },
    ]);
    expect(currentValue(s.edits, c, "price")).toBe(3300);
    expect(undoLabel(s.edits)).toBe("Import prices.csv");
    expect(s.reviewOpen).toBe(true);
    expect(s.reviewNote).toBe(note);
  });

  it("that changes nothing shows only what it left out", () => {
    const s0 = run([change([{ key: "a", column: "sku", text: "X" }])]);
    const s = run(
      [
        {
          type: "import",
          problems: ["The file is empty."],
          requests: [],
          label: "Import",
          note: null,
          byKey: keyed,
          ctx,
        },
      ],
      s0,
    );
    expect(s.importProblems).toEqual(["The file is empty."]);
    expect(s.edits).toBe(s0.edits);
    expect(s.reviewOpen).toBe(false);
  });

  it("names what it left out: unknown products (five at most) and columns", () => {
    const report = importReport(
      {
        ...result,
        requests: [],
        rows: 0,
        unknownKeys: ["k1", "k2", "k3", "k4", "k5", "k6"],
        unknownColumns: ["Colour"],
        problems: ["Row 4 has no key."],
      },
      "x.csv",
    );
    expect(report.note).toBeNull();
    expect(report.problems).toEqual([
      "Row 4 has no key.",
      "6 rows name products this store does not have (k1, k2, k3, k4, k5, …); they were left out.",
      "These columns are not bulk-editable and were left out: Colour.",
    ]);
    expect(importReport({ ...result, unknownKeys: ["z"] }, "x.csv").problems).toEqual([
      "1 row names a product this store does not have (z); they were left out.",
    ]);
  });
});

describe("dialogs, saving and announcements", () => {
  it("opens the review with no note from the button, and closes it keeping the note", () => {
    const withNote = run([{ type: "review", open: true, note: "A dry run" }]);
    expect(run([{ type: "review", open: false }], withNote)).toMatchObject({
      reviewOpen: false,
      reviewNote: "A dry run",
    });
    expect(run([{ type: "review", open: true, note: null }], withNote)).toMatchObject({
      reviewOpen: true,
      reviewNote: null,
    });
  });

  it("keeps the dialogs, the saving flag, the problems and the message", () => {
    const problems = new Map([["a", { message: "No." }]]);
    const s = run([
      { type: "columns-dialog", open: true },
      { type: "set-value-dialog", open: true },
      { type: "saving", saving: true },
      { type: "problems", problems },
      { type: "message", text: "Undid: Edit." },
    ]);
    expect(s).toMatchObject({ columnsOpen: true, setValueOpen: true, saving: true, message: "Undid: Edit." });
    expect(s.problems).toBe(problems);
  });
});

describe("the grid's rows and columns", () => {
  it("shows the name and the columns not hidden; in reorder mode, name, order, SKU, status and price", () => {
    const shown = gridColumns(new Set(defaultHidden), false).map((c) => c.id);
    expect(shown[0]).toBe("name");
    for (const id of defaultHidden) expect(shown).not.toContain(id);
    expect(shown).toContain("price");
    expect(gridColumns(new Set(["name", "price"]), false).map((c) => c.id)).toContain("name");
    expect(gridColumns(new Set(), true).map((c) => c.id)).toEqual(["name", "order", "sku", "status", "price"]);
  });

  it("are the filter's rows, sorted on current values", () => {
    const edits = applyChanges(emptyEdits(), [{ key: "c", column: "price", text: "5" }], keyed, ctx, "Edit");
    const view = { filter: emptyFilter, sort: { column: "price" as const, direction: "asc" as const }, edits };
    expect(gridRows(products, { ...view, reorder: false }, ctx, storeIndex).map((p) => p.key)).toEqual(["c", "a", "b"]);
    const filtered = { ...view, filter: { ...emptyFilter, text: "mug" }, reorder: false };
    expect(gridRows(products, filtered, ctx, storeIndex).map((p) => p.key)).toEqual(["a"]);
  });

  it("in reorder mode are every product by its edited order, then the store's order", () => {
    const d = product("d", { order: 2 });
    const all = [a, b, c, d];
    const index = new Map(all.map((p, i) => [p.key, i]));
    const view = {
      filter: { ...emptyFilter, text: "mug" },
      sort: { column: "store" as const, direction: "asc" as const },
    };
    expect(gridRows(all, { ...view, edits: emptyEdits(), reorder: true }, ctx, index).map((p) => p.key)).toEqual([
      "b",
      "c",
      "d",
      "a",
    ]);
    const edits = applyChanges(emptyEdits(), [{ key: "a", column: "order", text: "1" }], byKey(all), ctx, "Edit");
    // Equal orders keep the store's order: a (now 1) before b (1).
    expect(gridRows(all, { ...view, edits, reorder: true }, ctx, index).map((p) => p.key)).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
  });

  it("count for aria-rowcount with the header: the store's total, the loaded rows, or the filter's", () => {
    const base = { filter: emptyFilter, reorder: false, rows: 3, loaded: 40, total: 2000 };
    expect(ariaRowCount(base)).toBe(2001);
    expect(ariaRowCount({ ...base, total: null })).toBe(41);
    const filtering = { ...base, filter: { ...emptyFilter, status: "hidden" } };
    expect(ariaRowCount(filtering)).toBe(4);
    expect(ariaRowCount({ ...filtering, reorder: true })).toBe(2001);
  });
});

describe("the lines around the grid", () => {
  it("sum up the changes", () => {
    expect(changeSummary(0, 0, 0)).toBe("No changes yet");
    expect(changeSummary(1, 1, 0)).toBe("1 change in 1 product");
    expect(changeSummary(3, 3, 2)).toBe("3 changes in 3 products, 2 values to fix");
    expect(changeSummary(1200, 1001, 1)).toBe("1,200 changes in 1,001 products, 1 value to fix");
  });

  it("tells a move as one: the product moved, and how many were renumbered around it", () => {
    const products = Array.from({ length: 61 }, (_, i) => product(`p${i + 1}`, { order: i + 1 }));
    const keys = products.map((p) => p.key);
    const moved = bulkEditorReducer(initialEditorState(), {
      type: "move",
      order: keys,
      keys: ["p61"],
      toIndex: 0,
      byKey: byKey(products),
      ctx,
    });
    expect(moved.edits.cells.size).toBe(61);
    expect(editsSummary(moved.edits, byKey(products))).toBe("1 product moved (60 renumbered)");
    // With other changes beside it, and a value to fix.
    const more = bulkEditorReducer(moved, {
      type: "change",
      requests: [
        { key: "p1", column: "price", text: "9" },
        { key: "p2", column: "price", text: "nine" },
      ],
      label: "Paste",
      byKey: byKey(products),
      ctx,
    });
    expect(editsSummary(more.edits, byKey(products))).toBe(
      "1 product moved (60 renumbered); 2 changes in 2 products, 1 value to fix",
    );
    expect(editsSummary(initialEditorState().edits, byKey(products))).toBe("No changes yet");
  });

  it("marks a CSV turned away whole apart from one taken in part", () => {
    const products = [product("a")];
    const base = { type: "import" as const, label: "Import x.csv", note: null, byKey: byKey(products), ctx };
    const whole = bulkEditorReducer(initialEditorState(), { ...base, problems: ["No Key column."], requests: [] });
    expect(whole.importRejected).toBe(true);
    const part = bulkEditorReducer(whole, {
      ...base,
      problems: ["1 row has no key and was left out."],
      requests: [{ key: "a", column: "price", text: "3" }],
    });
    expect(part.importRejected).toBe(false);
    expect(part.importProblems).toEqual(["1 row has no key and was left out."]);
  });

  const columns = gridColumns(new Set(defaultHidden), false);
  const col = (id: string) => columns.findIndex((c) => c.id === id);
  const at = (row: number, id: string) => ({ anchor: { row, col: col(id) }, focus: { row, col: col(id) } });
  const none = new Map<string, { message: string }>();

  it("name the active cell, or invite to select one", () => {
    const view = { rows: products, columns, edits: emptyEdits(), problems: none };
    expect(activeCellLine({ ...view, selection: null })).toEqual({
      text: "Select a cell, then type to change it. Paste a range from a spreadsheet with Ctrl+V.",
      alert: false,
    });
    expect(activeCellLine({ ...view, rows: [], selection: null })).toEqual({ text: null, alert: false });
    expect(activeCellLine({ ...view, selection: at(0, "price") })).toEqual({ text: "Price of Mug", alert: false });
    // A cell the product does not take says why.
    expect(activeCellLine({ ...view, selection: at(1, "quantity") })).toEqual({
      text: quantityReadOnlyReason,
      alert: false,
    });
  });

  it("say why a value cannot be saved as typed, or why its product did not save", () => {
    const edits = applyChanges(
      emptyEdits(),
      [
        { key: "a", column: "price", text: "twelve" },
        { key: "c", column: "price", text: "12" },
      ],
      keyed,
      ctx,
      "Edit",
    );
    const problems = new Map([["c", { message: "The store did not accept this shipping group." }]]);
    const view = { rows: products, columns, edits, problems };
    expect(activeCellLine({ ...view, selection: at(0, "price") })).toEqual({
      text: "Price of Mug: Enter an amount such as 12.50.",
      alert: true,
    });
    expect(activeCellLine({ ...view, selection: at(2, "sku") })).toEqual({
      text: "Cup did not save: The store did not accept this shipping group.",
      alert: true,
    });
    // An edit in error that its product no longer takes can only be discarded.
    // (Typed while the product had no options.)
    const before = byKey([{ ...b, hasOptions: false }]);
    const locked = applyChanges(emptyEdits(), [{ key: "b", column: "quantity", text: "many" }], before, ctx, "Edit");
    const line = activeCellLine({ ...view, edits: locked, selection: at(1, "quantity") });
    expect(line.alert).toBe(true);
    expect(line.text).toMatch(/^Quantity of Pot: .+ Press Delete to discard this change\.$/);
  });

  it("count the products: what the filter keeps, or what is loaded of the store's total", () => {
    const base = { filter: emptyFilter, reorder: false, rows: 3, loaded: 1500, total: 2000, loading: true };
    expect(productCountLine(base)).toBe("1,500 products of 2,000");
    expect(productCountLine({ ...base, loading: false, loaded: 2000 })).toBe("2,000 products");
    expect(productCountLine({ ...base, total: null })).toBe("1,500 products");
    expect(productCountLine({ ...base, filter: { ...emptyFilter, text: "x" } })).toBe("3 products of 1,500 match");
    expect(productCountLine({ ...base, filter: { ...emptyFilter, text: "x" }, rows: 1 })).toBe(
      "1 product of 1,500 match",
    );
  });
});

describe("set value", () => {
  it("puts the text in the chosen column for every row of the selection", () => {
    const columns = gridColumns(new Set(defaultHidden), false);
    const selection = { anchor: { row: 2, col: 0 }, focus: { row: 0, col: 1 } };
    expect(setValueRequests(selection, products, columns, "sku", "S-1")).toEqual(
      products.map((p) => ({ key: p.key, column: "sku", text: "S-1" })),
    );
    expect(columnById.sku.label).toBe("SKU");
  });
});

describe("undo availability follows the edits", () => {
  it("after a change", () => {
    const s = run([change([{ key: "a", column: "name", text: "Big mug" }])]);
    expect(canUndo(s.edits)).toBe(true);
  });
});
