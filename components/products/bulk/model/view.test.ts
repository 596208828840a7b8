import { describe, expect, it } from "vitest";
import { applyChanges, categoriesOf, emptyEdits, type GridSort, prepareSort, searchText } from "../../../grid";
import { byKey, ctx, product } from "./fixtures";
import { emptyFilter, type GridFilter, isFiltering, matches, prepareSearch, visibleRows } from "./view";

const products = [
  product("k1", {
    name: "Crème brûlée mug",
    slug: "creme-brulee-mug",
    sku: "MUG-1",
    price: 1500,
    categories: ["Mugs"],
  }),
  product("k2", { name: "Tea pot", nameShort: "Pot", sku: "POT-10", status: "hidden", price: 4000, quantity: -1 }),
  product("k3", { name: "mug 2", sku: "MUG-2", price: 900, categories: ["Mugs", "Sale"], weight: null }),
  product("k4", { name: "Mug 10", sku: "", price: 900, status: "sold out", categories: ["Éditions"], weight: 0.5 }),
];
const keys = (rows: readonly { key: string }[]) => rows.map((r) => r.key);
const filter = (f: Partial<GridFilter>): GridFilter => ({ ...emptyFilter, ...f });
const store: GridSort = { column: "store", direction: "asc" };

describe("filtering", () => {
  it("knows when it filters", () => {
    expect(isFiltering(emptyFilter)).toBe(false);
    expect(isFiltering(filter({ text: "  " }))).toBe(false);
    expect(isFiltering(filter({ priceMin: 0 }))).toBe(true);
    expect(isFiltering(filter({ status: "hidden" }))).toBe(true);
  });

  it("matches text without case or accents, in name, short name, SKU, key and slug", () => {
    const s = emptyEdits();
    const find = (text: string) => keys(products.filter((p) => matches(p, filter({ text }), s)));
    expect(find("CREME")).toEqual(["k1"]);
    expect(find("brûlée")).toEqual(["k1"]);
    expect(find("mug")).toEqual(["k1", "k3", "k4"]);
    expect(find("pot")).toEqual(["k2"]);
    expect(find("pot-10")).toEqual(["k2"]);
    expect(find("k3")).toEqual(["k3"]);
    expect(find("creme-brulee")).toEqual(["k1"]);
    // Every word must match, anywhere.
    expect(find("mug 10")).toEqual(["k4"]);
    expect(find("mug crème")).toEqual(["k1"]);
    expect(find("nothing")).toEqual([]);
    expect(searchText("  ÉDITIONS\u00a0Spéciales ")).toBe("editions speciales");
  });

  it("matches the edited name, not the loaded one", () => {
    const s = applyChanges(emptyEdits(), [{ key: "k2", column: "name", text: "Kettle" }], byKey(products), ctx, "x");
    expect(matches(products[1]!, filter({ text: "kettle" }), s)).toBe(true);
    expect(matches(products[1]!, filter({ text: "tea" }), s)).toBe(false);
    // Its short name still matches.
    expect(matches(products[1]!, filter({ text: "pot" }), s)).toBe(true);
  });

  it("prepares the search texts in the background, and an edited name is still matched over them", async () => {
    const stop = prepareSearch(products, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(keys(products.filter((p) => matches(p, filter({ text: "mug" }), emptyEdits())))).toEqual(["k1", "k3", "k4"]);
    const s = applyChanges(emptyEdits(), [{ key: "k2", column: "name", text: "Kettle" }], byKey(products), ctx, "x");
    expect(keys(products.filter((p) => matches(p, filter({ text: "tea" }), s)))).toEqual([]);
    expect(keys(products.filter((p) => matches(p, filter({ text: "kettle" }), s)))).toEqual(["k2"]);
    // Stopped before its first step: nothing runs after.
    prepareSearch(products)();
  });

  it("filters by status, category and price range (edited values, bounds included)", () => {
    const s = applyChanges(
      emptyEdits(),
      [
        { key: "k1", column: "status", text: "Hidden" },
        { key: "k3", column: "price", text: "15" },
      ],
      byKey(products),
      ctx,
      "x",
    );
    expect(keys(visibleRows(products, filter({ status: "hidden" }), store, s, ctx))).toEqual(["k1", "k2"]);
    expect(keys(visibleRows(products, filter({ category: "Mugs" }), store, s, ctx))).toEqual(["k1", "k3"]);
    expect(keys(visibleRows(products, filter({ priceMin: 1500 }), store, s, ctx))).toEqual(["k1", "k2", "k3"]);
    expect(keys(visibleRows(products, filter({ priceMax: 900 }), store, s, ctx))).toEqual(["k4"]);
    expect(keys(visibleRows(products, filter({ priceMin: 900, priceMax: 1500 }), store, s, ctx))).toEqual([
      "k1",
      "k3",
      "k4",
    ]);
    expect(keys(visibleRows(products, filter({ text: "mug", category: "Sale" }), store, s, ctx))).toEqual(["k3"]);
  });
});

describe("sorting", () => {
  const s = emptyEdits();
  const sorted = (sort: GridSort, state = s) => keys(visibleRows(products, emptyFilter, sort, state, ctx));

  it("keeps the store's order, or reverses it", () => {
    expect(sorted(store)).toEqual(["k1", "k2", "k3", "k4"]);
    expect(sorted({ column: "store", direction: "desc" })).toEqual(["k4", "k3", "k2", "k1"]);
    // A new array: the caller may not be handed its own.
    expect(visibleRows(products, emptyFilter, store, s, ctx)).not.toBe(products);
  });

  it("sorts text naturally, ignoring case, empty last in both directions", () => {
    expect(sorted({ column: "name", direction: "asc" })).toEqual(["k1", "k3", "k4", "k2"]);
    expect(sorted({ column: "name", direction: "desc" })).toEqual(["k2", "k4", "k3", "k1"]);
    expect(sorted({ column: "sku", direction: "asc" })).toEqual(["k1", "k3", "k2", "k4"]);
    expect(sorted({ column: "sku", direction: "desc" })).toEqual(["k2", "k3", "k1", "k4"]);
  });

  it("sorts numbers numerically and stably (ties keep the store's order, in both directions)", () => {
    expect(sorted({ column: "price", direction: "asc" })).toEqual(["k3", "k4", "k1", "k2"]);
    expect(sorted({ column: "price", direction: "desc" })).toEqual(["k2", "k1", "k3", "k4"]);
  });

  it("puts unlimited after every count, and no weight last", () => {
    expect(sorted({ column: "quantity", direction: "asc" })).toEqual(["k1", "k3", "k4", "k2"]);
    expect(sorted({ column: "quantity", direction: "desc" })).toEqual(["k2", "k1", "k3", "k4"]);
    expect(sorted({ column: "weight", direction: "asc" })).toEqual(["k4", "k1", "k2", "k3"]);
    expect(sorted({ column: "weight", direction: "desc" })).toEqual(["k1", "k2", "k4", "k3"]);
  });

  it("sorts choices by their label", () => {
    // Available, Available, Hidden, Sold out
    expect(sorted({ column: "status", direction: "asc" })).toEqual(["k1", "k3", "k2", "k4"]);
  });

  it("sorts on edited values", () => {
    const edited = applyChanges(emptyEdits(), [{ key: "k2", column: "price", text: "1" }], byKey(products), ctx, "x");
    expect(sorted({ column: "price", direction: "asc" }, edited)).toEqual(["k2", "k3", "k4", "k1"]);
  });

  it("orders text as the collator does, ties (case, accents) in the store's order in both directions", () => {
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
    const names = [
      "Lamp 10",
      "lamp 2",
      "LAMP 2",
      "Lamp — Studio",
      "Lampe",
      "Lämpe",
      "Cæsar",
      "Caesar",
      "",
      "Desk 02",
      "desk 2",
    ];
    const many = Array.from({ length: 300 }, (_, i) => product(`p${i}`, { name: names[(i * 7) % names.length]! }));
    for (const direction of ["asc", "desc"] as const) {
      const expected = many
        .map((p, i) => ({ p, i }))
        .sort((a, b) => {
          if (!a.p.name || !b.p.name) return a.p.name === b.p.name ? a.i - b.i : a.p.name ? -1 : 1;
          return (direction === "asc" ? 1 : -1) * collator.compare(a.p.name, b.p.name) || a.i - b.i;
        })
        .map(({ p }) => p.key);
      expect(keys(visibleRows(many, emptyFilter, { column: "name", direction }, s, ctx))).toEqual(expected);
    }
  });

  it("filters and sorts 10,000 products", () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      product(`p${i}`, { name: `Item ${(i * 7919) % 10_000}`, price: (i * 31) % 500, categories: ["All"] }),
    );
    const rows = visibleRows(many, filter({ text: "item 1" }), { column: "name", direction: "desc" }, s, ctx);
    visibleRows(many, emptyFilter, { column: "price", direction: "asc" }, s, ctx);
    // Every word matches somewhere ("1" in the name, key or SKU); natural order, highest first.
    expect(rows.length).toBeGreaterThan(1000);
    const numbers = rows.map((r) => Number(r.name.slice(5)));
    expect(numbers.every((n, i) => i === 0 || numbers[i - 1]! >= n)).toBe(true);
  });
});

describe("categoriesOf", () => {
  it("lists each category once, sorted", () => {
    expect(categoriesOf(products)).toEqual(["Éditions", "Mugs", "Sale"]);
    expect(categoriesOf([])).toEqual([]);
    expect(categoriesOf([product("a", { categories: ["b", "B", "a10", "a9"] })])).toEqual(["a9", "a10", "B", "b"]);
  });
});

describe("sorting with the order made ahead", () => {
  it("sorts as without it, edited and new names included", async () => {
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
    const many = Array.from({ length: 2000 }, (_, i) =>
      product(`p${i}`, { name: `${["Lamp", "lamp", "Lämp", "Desk"][i % 4]} ${(i * 7919) % 997}`, sku: `S-${i % 50}` }),
    );
    // Before the order is made, and after (made in slices, each in a later task).
    const none = emptyEdits();
    const before = keys(visibleRows(many, emptyFilter, { column: "name", direction: "asc" }, none, ctx));
    await new Promise<void>((done) => prepareSort(many, ["name", "sku"], ctx, { sliceMs: 0.01, done }));
    expect(keys(visibleRows(many, emptyFilter, { column: "name", direction: "asc" }, none, ctx))).toEqual(before);
    // Names the order lacks (an edit, a product renamed since), between, before and after the others.
    const edited = applyChanges(
      emptyEdits(),
      [
        { key: "p1", column: "name", text: "Lamp 5000" },
        { key: "p2", column: "name", text: "aardvark" },
        { key: "p3", column: "name", text: "Lamp 1.5" },
        { key: "p4", column: "name", text: "LAMP 5000" },
      ],
      byKey(many),
      ctx,
      "x",
    );
    const renamed = [...many.slice(0, 10), product("new", { name: "Desk 0" }), ...many.slice(10)];
    for (const direction of ["asc", "desc"] as const) {
      const expected = renamed
        .map((p, i) => ({ p, i, name: String(edited.cells.get(`${p.key}\u0000name`)?.value ?? p.name) }))
        .sort((a, b) => (direction === "asc" ? 1 : -1) * collator.compare(a.name, b.name) || a.i - b.i)
        .map(({ p }) => p.key);
      expect(keys(visibleRows(renamed, emptyFilter, { column: "name", direction }, edited, ctx))).toEqual(expected);
    }
  });
});
