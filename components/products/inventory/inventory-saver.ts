import { saveStockAction } from "../../../lib/actions/products-inventory";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import {
  type InventoryRow,
  inventoryRows,
  type StockWriteResult,
  stockSaveLimits,
} from "../../../lib/store/products/model-inventory";
import { dropEdits, type GridSaver, readProductsNow, type SaveOutcome, type SaveRun } from "../../grid";
import { productsWithRows, stockWrites, withQuantity } from "./model";

/**
 * The inventory's saver (docs/bulk-editing.md#inventory), for the grid's
 * review and save dialog: the edited rows' products re-read for the
 * conflict check; each changed row one `PUT …/options|extras/{key}`, sent in
 * batches to saveStockAction, which writes a batch 4 at a time on the
 * dashboard's server and answers each row's result. A refused row keeps its
 * edit and says why.
 */

async function send(writes: Parameters<typeof saveStockAction>[0]["writes"]): Promise<StockWriteResult[]> {
  try {
    const result = await saveStockAction({ writes });
    if (result.ok) return result.data.results;
    return writes.map((w) => ({ row: w.row, ok: false, status: result.status, error: result.error }));
  } catch {
    // The action was not reached or not answered: these may or may not have saved.
    const error = "The dashboard did not answer, so this may or may not have saved. Retry to make sure.";
    return writes.map((w) => ({ row: w.row, ok: false, status: 0, error }));
  }
}

export function inventorySaver(
  replaceProducts: (products: readonly BulkProduct[]) => void,
  productOf: (key: string) => BulkProduct | undefined,
): GridSaver<InventoryRow> {
  const take = (rows: readonly InventoryRow[]) => replaceProducts(productsWithRows(rows, productOf));
  return {
    noun: { one: "option", many: "options" },
    async readCurrent(keys) {
      const loaded = new Set(keys);
      const productKeys = [...new Set(keys.map((key) => key.slice(key.indexOf(":") + 1).split("/")[0]!))].map(
        decodeURIComponent,
      );
      const products = await readProductsNow(productKeys, { stock: true });
      const rows = [...products.values()].flatMap(inventoryRows).filter((row) => loaded.has(row.key));
      return new Map(rows.map((row) => [row.key, row]));
    },
    take,
    async save({ edits, byKey, setEdits, progress }: SaveRun<InventoryRow>): Promise<SaveOutcome> {
      const writes = stockWrites(edits, byKey);
      const failed: SaveOutcome["failed"] = [];
      let saved = 0;
      progress(0, writes.length);
      for (let at = 0; at < writes.length; at += stockSaveLimits.writes) {
        const batch = writes.slice(at, at + stockSaveLimits.writes);
        const results = await send(batch);
        const savedRows: InventoryRow[] = [];
        for (const result of results) {
          const row = byKey.get(result.row);
          if (!row) continue;
          if (result.ok) savedRows.push(withQuantity(row, result.quantity));
          else failed.push({ key: row.key, name: row.name, message: result.error });
        }
        take(savedRows);
        setEdits((current) =>
          dropEdits(
            current,
            savedRows.map((row) => row.key),
          ),
        );
        saved += savedRows.length;
        progress(at + batch.length, writes.length);
      }
      // Each write moved its product's `modified`: read them again (best effort), so that the next
      // save's conflict check does not take this one for someone else's.
      const changed = [...new Set(writes.flatMap((w) => (failed.some((f) => f.key === w.row) ? [] : [w.product])))];
      if (changed.length && changed.length <= 50)
        await readProductsNow(changed, { stock: true }).then(
          (fresh) => replaceProducts([...fresh.values()]),
          () => undefined,
        );
      return { saved, failed };
    },
  };
}
