import "server-only";
import type { StoreClient } from "../client";
import { StoreAuthError, StoreNotFoundError, failureFrom } from "../errors";
import { updateStockItem } from "./api";
import { eachLimited } from "./api-bulk";
import { type StockWrite, type StockWriteResult, stockWriteConcurrency } from "./model-inventory";

/**
 * The inventory's store calls (docs/bulk-editing.md#inventory): its rows are
 * read with the catalogue (`readCatalogue` and `readProducts` of api-bulk.ts,
 * `?with=stock`), and written here, one option or extra at a time
 * (lib/actions/products-inventory.ts).
 */

/**
 * The inventory's save: each write is one
 * `PUT /products/{key}/options|extras/{item}` with `quantity`, `concurrency`
 * at a time, and each answers for itself: a refusal (a 422 naming `quantity`,
 * an option deleted since) is that row's result, and the others go on. Only
 * a session that ended fails the whole.
 */
export async function writeStock(
  store: StoreClient,
  writes: readonly StockWrite[],
  concurrency = stockWriteConcurrency,
): Promise<StockWriteResult[]> {
  const results = new Map<string, StockWriteResult>();
  await eachLimited(writes, concurrency, async (write) => {
    try {
      const quantity = await updateStockItem(store, write);
      results.set(write.row, { row: write.row, ok: true, quantity });
    } catch (error) {
      if (error instanceof StoreAuthError) throw error;
      const failure = failureFrom(error, { where: "writeStock" });
      const sentence =
        failure.fieldErrors?.quantity ??
        (error instanceof StoreNotFoundError ? "The store no longer has this option or product." : failure.error);
      results.set(write.row, { row: write.row, ok: false, status: failure.status, error: sentence });
    }
  });
  return writes.map((write) => results.get(write.row)!);
}
