import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { saveStockAction } from "../../../lib/actions/products-inventory";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import { type InventoryRow, inventoryRows, type StockItem } from "../../../lib/store/products/model-inventory";
import { applyChanges, type EditsState, emptyEdits } from "../../grid";
import { inventoryContext } from "./columns";
import { inventorySaver } from "./inventory-saver";

const action = vi.hoisted(() => ({ save: vi.fn() }));
vi.mock("../../../lib/actions/products-inventory", () => ({ saveStockAction: action.save }));

type Write = Parameters<typeof saveStockAction>[0]["writes"][number];

function product(key: string, options: number, modified = 100): BulkProduct {
  const stock: StockItem[] = Array.from({ length: options }, (_, i) => ({
    kind: "option",
    key: `${key}-o${i}`,
    isDefault: false,
    values: [`Size ${i}`],
    quantity: 1,
    sku: "",
  }));
  return {
    key,
    slug: key,
    name: `Tee ${key}`,
    nameShort: "",
    sku: `SKU-${key}`,
    status: "available",
    price: 1000,
    salePrice: null,
    cost: null,
    quantity: options,
    hasOptions: true,
    weight: null,
    type: "physical",
    shippingGroup: null,
    taxGroup: null,
    order: 1,
    categories: [],
    modified,
    currency: "USD",
    image: null,
    stock,
  };
}

/** Every request the saver sent to the dashboard's read routes, and the products they named. */
let reads: string[];
/** The store, as the read routes answer it: the products after the save, their `modified` moved. */
let stored: Map<string, BulkProduct>;

beforeEach(() => {
  reads = [];
  stored = new Map();
  action.save.mockReset();
  // The store takes every write but those of products named "refused…", and answers the quantity written.
  action.save.mockImplementation(async ({ writes }: { writes: Write[] }) => ({
    ok: true,
    data: {
      results: writes.map((w) =>
        w.product.startsWith("refused")
          ? { row: w.row, ok: false, status: 422, error: "The store did not take this quantity." }
          : { row: w.row, ok: true, quantity: w.quantity },
      ),
    },
  }));
  vi.stubGlobal("fetch", async (input: string) => {
    reads.push(input);
    const url = new URL(input, "http://dashboard");
    if (url.pathname === "/api/products/bulk/current") {
      const keys = (url.searchParams.get("keys") ?? "").split(",").map(decodeURIComponent);
      return Response.json({ products: keys.flatMap((k) => stored.get(k) ?? []), missing: [] });
    }
    const lines = [
      { type: "start", total: stored.size, pageSize: 250 },
      { type: "page", page: 0, products: [...stored.values()] },
      { type: "end", count: stored.size },
    ];
    return new Response(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The products each read named: a read of one product by key, or of the whole catalogue ("*"). */
function productsRead(): string[] {
  return reads.flatMap((input) => {
    const url = new URL(input, "http://dashboard");
    if (url.pathname !== "/api/products/bulk/current") return ["*"];
    return (url.searchParams.get("keys") ?? "").split(",").map(decodeURIComponent);
  });
}

async function save(products: BulkProduct[], stock: (row: InventoryRow) => string | null) {
  const rows = products.flatMap(inventoryRows);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const requests = rows.flatMap((row) => {
    const text = stock(row);
    return text === null ? [] : [{ key: row.key, column: "stock", text }];
  });
  let edits: EditsState = applyChanges(emptyEdits(), requests, byKey, inventoryContext, "Edit");
  const replaced: BulkProduct[][] = [];
  const productOf = (key: string) => products.find((p) => p.key === key);
  const saver = inventorySaver((updated) => replaced.push([...updated]), productOf);
  const outcome = await saver.save({
    edits,
    byKey,
    ctx: inventoryContext,
    setEdits: (update) => (edits = typeof update === "function" ? update(edits) : update),
    take: saver.take,
    progress: () => undefined,
  });
  return { outcome, replaced, edits };
}

describe("the inventory's save reads each changed product at most once", () => {
  it("after every batch is written: one read of each product with a saved row, none of one refused", async () => {
    // 45 + 2 + 1 rows changed: two batches of at most 40 writes, the first product's rows in both.
    const products = [product("big", 45), product("small", 2), product("refused", 1)];
    for (const p of products) stored.set(p.key, { ...p, modified: 200 });
    const { outcome, replaced, edits } = await save(products, () => "7");

    expect(action.save).toHaveBeenCalledTimes(2);
    expect(outcome.saved).toBe(47);
    expect(outcome.failed.map((f) => f.key)).toEqual(["option:refused/refused-o0"]);
    expect(productsRead().sort()).toEqual(["big", "small"]);
    expect(reads).toHaveLength(1);
    // The read gives the grid the products' new `modified`: the next conflict check sees no change of theirs.
    expect(replaced.at(-1)!.map((p) => [p.key, p.modified])).toEqual([
      ["big", 200],
      ["small", 200],
    ]);
    // The refused row keeps its edit; the saved ones are dropped.
    expect([...edits.cells.values()].map((e) => e.key)).toEqual(["option:refused/refused-o0"]);
  });

  it("reads the catalogue once instead when more than 50 products changed", async () => {
    const products = Array.from({ length: 60 }, (_, i) => product(`p${i}`, 1));
    for (const p of products) stored.set(p.key, { ...p, modified: 200 });
    const { replaced } = await save(products, () => "3");

    expect(action.save).toHaveBeenCalledTimes(2);
    expect(productsRead()).toEqual(["*"]);
    expect(reads).toEqual(["/api/products/bulk?with=stock"]);
    expect(replaced.at(-1)).toHaveLength(60);
    expect(replaced.at(-1)!.every((p) => p.modified === 200)).toBe(true);
  });

  it("reads nothing when nothing saved", async () => {
    const { outcome } = await save([product("refused", 3)], () => "5");
    expect(outcome.saved).toBe(0);
    expect(reads).toEqual([]);
  });

  it("keeps a product's rows saved in an earlier batch when a later batch saves more of its rows", async () => {
    // The read after the save fails: the grid keeps what the writes answered, every row of both batches.
    vi.stubGlobal("fetch", async () => Response.json({ error: "The store could not be read." }, { status: 502 }));
    const big = product("big", 45);
    const { replaced } = await save([big], (row) => String(Number(row.itemKey.slice(5)) + 10));

    const last = replaced.at(-1)!.find((p) => p.key === "big")!;
    expect(last.stock!.map((item) => item.quantity)).toEqual(Array.from({ length: 45 }, (_, i) => i + 10));
  });
});
