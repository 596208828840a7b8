import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import { applyChanges, type EditsState, emptyEdits } from "../../grid";
import { bulkSaver } from "./bulk-saver";
import { byKey, ctx, product } from "./model/fixtures";

const action = vi.hoisted(() => ({ save: vi.fn() }));
vi.mock("../../../lib/actions/products-bulk", () => ({ saveProductsMultiAction: action.save }));

let reads: string[];

beforeEach(() => {
  reads = [];
  action.save.mockReset();
  vi.stubGlobal("fetch", async (input: string) => {
    reads.push(input);
    return Response.json({ products: [], missing: [] });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the bulk grid's save", () => {
  it("reads no product again: products_multi's answer gives each changed product's new `modified`", async () => {
    const products = [product("a", { price: 1000 }), product("b", { price: 2000 }), product("c", { sku: "C" })];
    const keyed = byKey(products);
    // The store answers the products it changed, as a PUT shows them; "b" already held its new price.
    const answers: Record<string, BulkProduct> = {
      a: { ...keyed.get("a")!, price: 1200, modified: 1_800_000_000 },
      c: { ...keyed.get("c")!, sku: "C-2", modified: 1_800_000_000 },
    };
    action.save.mockImplementation(async ({ products: payload }: { products: Record<string, object> }) => ({
      ok: true,
      data: { changed: Object.keys(payload).flatMap((key) => answers[key] ?? []) },
    }));
    let edits: EditsState = applyChanges(
      emptyEdits(),
      [
        { key: "a", column: "price", text: "12.00" },
        { key: "b", column: "price", text: "25.00" },
        { key: "c", column: "sku", text: "C-2" },
      ],
      keyed,
      ctx,
      "Edit",
    );
    const taken: BulkProduct[] = [];
    const saver = bulkSaver((updated) => taken.push(...updated), ctx);
    const outcome = await saver.save({
      edits,
      byKey: keyed,
      ctx,
      setEdits: (update) => (edits = typeof update === "function" ? update(edits) : update),
      take: saver.take,
      progress: () => undefined,
    });

    expect(outcome).toEqual({ saved: 3, failed: [] });
    // One products_multi per set of properties (price; sku), and no read of any product.
    expect(action.save).toHaveBeenCalledTimes(2);
    expect(reads).toEqual([]);
    expect(taken.map((p) => [p.key, p.price, p.sku, p.modified])).toEqual([
      ["a", 1200, "SKU-a", 1_800_000_000],
      ["b", 2500, "SKU-b", 1_700_000_000],
      ["c", 1000, "C-2", 1_800_000_000],
    ]);
    expect(edits.cells.size).toBe(0);
  });
});
