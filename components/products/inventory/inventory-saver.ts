import { saveStockAction } from "../../../lib/actions/products-inventory";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import {
  type InventoryRow,
  inventoryRows,
  type StockWrite,
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
 *
 * A write's answer is the option or extra, not its product, so it cannot
 * give the product's new `modified`: once every batch is written, each
 * product with a saved row is read once (readProductsNow: one by one up to
 * 50, else the catalogue once), never once per row or per batch, so that the
 * next conflict check does not take this save for someone else's.
 */

async function send(writes: StockWrite[]): Promise<StockWriteResult[]> {
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

/** The product keys of these inventory rows' keys (`option:<product>/<item>`, each part URI-encoded), each once. */
function productKeysOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => key.slice(key.indexOf(":") + 1).split("/")[0]!))].map(decodeURIComponent);
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
      const products = await readProductsNow(productKeysOf(keys), { stock: true });
      const rows = [...products.values()].flatMap(inventoryRows).filter((row) => loaded.has(row.key));
      return new Map(rows.map((row) => [row.key, row]));
    },
    take,
    async save({ edits, byKey, setEdits, progress }: SaveRun<InventoryRow>): Promise<SaveOutcome> {
      const writes = stockWrites(edits, byKey);
      const failed: SaveOutcome["failed"] = [];
      // The products as this save has written them so far: a product's rows may come in several batches.
      const written = new Map<string, BulkProduct>();
      const productNow = (key: string) => written.get(key) ?? productOf(key);
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
        const products = productsWithRows(savedRows, productNow);
        for (const product of products) written.set(product.key, product);
        replaceProducts(products);
        setEdits((current) =>
          dropEdits(
            current,
            savedRows.map((row) => row.key),
          ),
        );
        saved += savedRows.length;
        progress(at + batch.length, writes.length);
      }
      // Each saved write moved its product's `modified`: one read of each such product (best effort).
      if (written.size) {
        await readProductsNow([...written.keys()], { stock: true }).then(
          (fresh) => replaceProducts([...written.keys()].flatMap((key) => fresh.get(key) ?? [])),
          () => undefined,
        );
      }
      return { saved, failed };
    },
  };
}
