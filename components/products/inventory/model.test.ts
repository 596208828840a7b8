import { describe, expect, it } from "vitest";
import {
  type InventoryRow,
  inventoryRows,
  type StockProduct,
  stockOf,
} from "../../../lib/store/products/model-inventory";
import { applyChanges, emptyEdits } from "../../grid";
import {
  currentQuantity,
  emptyInventoryFilter,
  filterFromQuery,
  filterToQuery,
  inventoryView,
  plannedQuantity,
  productsWithRows,
  stockWrites,
} from "./model";

const ctx = { currency: "USD", shippingGroups: [], taxGroups: [] };
const store = { column: "store" as const, direction: "asc" as const };

function product(key: string, overrides: Partial<StockProduct> = {}): StockProduct {
  return {
    key,
    slug: key,
    name: `Tee ${key}`,
    sku: `SKU-${key}`,
    modified: 100,
    categories: ["Shirts"],
    stock: [
      { kind: "option", key: `${key}-d`, isDefault: true, values: [], quantity: 0, sku: "" },
      { kind: "option", key: `${key}-m`, isDefault: false, values: ["M", "White"], quantity: 3, sku: "TEE-M" },
      { kind: "option", key: `${key}-l`, isDefault: false, values: ["L", "White"], quantity: -1, sku: "TEE-L" },
      { kind: "extra", key: `${key}-g`, isDefault: false, values: ["Gift wrap: Yes"], quantity: 0, sku: "" },
    ],
    ...overrides,
  };
}

const rowsOf = (...products: StockProduct[]) => products.flatMap(inventoryRows);
const byKey = (rows: InventoryRow[]) => new Map(rows.map((r) => [r.key, r]));

describe("inventory rows", () => {
  it("makes a row per own option and extra, hiding the default option of a product with options", () => {
    const rows = rowsOf(product("a"));
    expect(rows.map((r) => [r.values, r.itemSku, r.stock, r.unlimited])).toEqual([
      ["M, White", "TEE-M", 3, "no"],
      ["L, White", "TEE-L", -1, "yes"],
      ["Extra: Gift wrap: Yes", "", 0, "no"],
    ]);
    expect(rows[0]!.name).toBe("Tee a (M, White)");
  });

  it("names an extra once: an extra named only 'Extra' reads 'Extra: Gift wrap', not 'Extra: Extra: Gift wrap'", () => {
    const stock = stockOf({
      options: [],
      extras: [
        { key: "g", metadata: { Extra: "Gift wrap" }, quantity: -1 },
        { key: "e", metadata: { "Engraving ": "Yes" }, quantity: 5 },
      ],
    });
    const rows = inventoryRows({ key: "p", slug: "p", name: "Tee", sku: "", modified: 1, categories: [], stock });
    expect(rows.map((r) => r.values)).toEqual(["Extra: Gift wrap", "Extra: Engraving : Yes"]);
  });

  it("keeps the default option of a product without options, with the product's SKU", () => {
    const rows = rowsOf(
      product("b", { stock: [{ kind: "option", key: "d", isDefault: true, values: [], quantity: 7, sku: "" }] }),
    );
    expect(rows.map((r) => [r.values, r.itemSku, r.stock])).toEqual([["No options", "SKU-b", 7]]);
  });
});

describe("filters", () => {
  const rows = rowsOf(product("a"), product("b", { categories: ["Mugs"], name: "Mug" }));

  it("round-trips through the URL", () => {
    const f = { text: "tee", low: 5, soldOut: true, category: "Shirts" };
    expect(filterFromQuery(new URLSearchParams(filterToQuery(f)))).toEqual(f);
    expect(filterToQuery(emptyInventoryFilter)).toBe("");
    expect(filterFromQuery(new URLSearchParams("low=abc")).low).toBeNull();
  });

  it("keeps low stock at or below the threshold, never unlimited, on edited values", () => {
    const low = { ...emptyInventoryFilter, low: 3 };
    expect(inventoryView(rows, low, store, emptyEdits(), ctx).map((r) => r.stock)).toEqual([3, 0, 3, 0]);
    const edits = applyChanges(
      emptyEdits(),
      [{ key: rows[0]!.key, column: "stock", text: "9" }],
      byKey(rows),
      ctx,
      "t",
    );
    expect(inventoryView(rows, low, store, edits, ctx)).toHaveLength(3);
    // Pinned (edited under this filter): kept, though its new count is over the threshold.
    expect(inventoryView(rows, low, store, edits, ctx, new Set([rows[0]!.key]))).toHaveLength(4);
    expect(
      inventoryView(rows, { ...emptyInventoryFilter, soldOut: true }, store, edits, ctx, new Set([rows[0]!.key])),
    ).toHaveLength(3);
  });

  it("keeps sold out, a category, and text in the product, the values or the SKU", () => {
    expect(inventoryView(rows, { ...emptyInventoryFilter, soldOut: true }, store, emptyEdits(), ctx)).toHaveLength(2);
    expect(inventoryView(rows, { ...emptyInventoryFilter, category: "Mugs" }, store, emptyEdits(), ctx)).toHaveLength(
      3,
    );
    const text = (t: string) => inventoryView(rows, { ...emptyInventoryFilter, text: t }, store, emptyEdits(), ctx);
    expect(text("mug tee-m").map((r) => r.values)).toEqual(["M, White"]);
    expect(text("tee-l")).toHaveLength(2);
  });
});

describe("save planning", () => {
  it("plans the quantity from the stock and unlimited cells", () => {
    expect(plannedQuantity(5, "yes", true)).toBe(-1);
    expect(plannedQuantity(-1, "yes", false)).toBe(-1);
    expect(plannedQuantity(5, "yes", false)).toBe(5);
    expect(plannedQuantity(-1, "no", true)).toBe(0);
    expect(plannedQuantity(-1, "no", false)).toBe(-1);
    expect(plannedQuantity(8, "no", true)).toBe(8);
  });

  it("sends one write per changed row, none for errors or values put back", () => {
    const rows = rowsOf(product("a"));
    const [m, l, gift] = rows as [InventoryRow, InventoryRow, InventoryRow];
    let edits = applyChanges(
      emptyEdits(),
      [
        { key: m.key, column: "stock", text: "12" },
        { key: l.key, column: "unlimited", text: "No" },
        { key: gift.key, column: "stock", text: "lots" },
      ],
      byKey(rows),
      ctx,
      "t",
    );
    expect(currentQuantity(l, edits)).toBe(0);
    expect(stockWrites(edits, byKey(rows))).toEqual([
      { row: m.key, product: "a", kind: "option", item: "a-m", quantity: 12 },
      { row: l.key, product: "a", kind: "option", item: "a-l", quantity: 0 },
    ]);
    edits = applyChanges(edits, [{ key: m.key, column: "stock", text: "3" }], byKey(rows), ctx, "t");
    expect(stockWrites(edits, byKey(rows)).map((w) => w.item)).toEqual(["a-l"]);
  });

  it("writes saved rows back into their product", () => {
    const p = { ...product("a"), price: 0 } as unknown as Parameters<typeof productsWithRows>[1] extends (
      k: string,
    ) => infer P
      ? NonNullable<P>
      : never;
    const [m] = rowsOf(p);
    const [next] = productsWithRows([{ ...m!, stock: 40, modified: 200 }], () => p);
    expect(next!.modified).toBe(200);
    expect(next!.stock!.find((i) => i.key === "a-m")!.quantity).toBe(40);
  });
});
