import { saveProductsMultiAction } from "../../../lib/actions/products-bulk";
import type { BulkProduct } from "../../../lib/store/products/model-bulk";
import {
  cellId,
  dropEdits,
  type EditsState,
  type GridSaver,
  readProductsNow,
  type SaveOutcome,
  type SaveRun,
} from "../../grid";
import { columns as allColumns, type ColumnId, type GridContext } from "./model/columns";
import { planSave, type SaveChunk, splitChunk } from "./model/save-plan";

/**
 * What one products_multi request may carry from here: measured on the
 * encoded body, well inside the bundled store's 10 MB and Next's 1 MB for a
 * server action's arguments. A store with a smaller limit answers 413; the
 * chunk is then halved and sent again (docs/bulk-editing.md#saving).
 */
export const SAVE_LIMITS = { maxBytes: 256 * 1024, maxProducts: 500 } as const;

const columnOfField = new Map(allColumns.map((c) => [c.field, c.id]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A product with its edited values written in (the store answered it unchanged: it already held them). */
function withValues(product: BulkProduct, edits: EditsState, columns: readonly ColumnId[]): BulkProduct {
  const next: Record<string, unknown> = { ...product };
  for (const column of columns) {
    const edit = edits.cells.get(cellId(product.key, column));
    if (edit && !edit.error) next[column] = edit.value;
  }
  return next as unknown as BulkProduct;
}

/** The changed products in chunks through products_multi (docs/bulk-editing.md#saving). */
async function saveProducts(
  { edits: now, byKey: products, setEdits, take, progress }: SaveRun<BulkProduct>,
  ctx: GridContext,
): Promise<SaveOutcome> {
  const queue: SaveChunk[] = planSave(now, products, ctx, SAVE_LIMITS);
  const total = queue.reduce((sum, chunk) => sum + chunk.keys.length, 0);
  const failed: { key: string; name: string; message: string }[] = [];
  let done = 0;
  let saved = 0;
  let waits = 0;
  progress(done, total);

  while (queue.length) {
    const chunk = queue.shift()!;
    let result: Awaited<ReturnType<typeof saveProductsMultiAction>>;
    try {
      result = await saveProductsMultiAction({ products: chunk.payload });
    } catch {
      // The action itself was not reached or not answered (the connection, or Next refused the body).
      result = {
        ok: false,
        status: 0,
        code: "outcome_unknown",
        error: "The dashboard did not answer, so these may or may not have saved. Retry to make sure.",
      };
    }
    if (result.ok) {
      const answered = new Set(result.data.changed.map((p) => p.key));
      const columns = chunk.fields.flatMap((f) => columnOfField.get(f) ?? []);
      const unchanged = chunk.keys
        .filter((key) => !answered.has(key))
        .flatMap((key) => {
          const product = products.get(key);
          return product ? [withValues(product, now, columns)] : [];
        });
      take([...result.data.changed, ...unchanged]);
      setEdits((current) => dropEdits(current, chunk.keys, columns));
      saved += chunk.keys.length;
      done += chunk.keys.length;
    } else if (result.status === 413 && chunk.keys.length > 1) {
      // Over this store's body limit: halve and go on.
      queue.unshift(...splitChunk(chunk));
      continue;
    } else if (result.status === 429 && waits < 6) {
      waits += 1;
      await sleep(1000 * 2 ** Math.min(waits, 4));
      queue.unshift(chunk);
      continue;
    } else {
      for (const key of chunk.keys) {
        // `products.<key>.<property>`: the property has no dot, the key may.
        const own = Object.entries(result.fieldErrors ?? {}).find(
          ([field]) => field.slice(0, field.lastIndexOf(".")) === `products.${key}`,
        );
        failed.push({ key, name: products.get(key)?.name ?? key, message: own ? own[1] : result.error });
      }
      done += chunk.keys.length;
    }
    progress(done, total);
  }

  return { saved, failed };
}

/**
 * The bulk grid's saver: products re-read for the check, and saved through products_multi, whose answer
 * gives each changed product's new `modified` (a product it did not answer was not written): nothing is
 * read again after the save.
 */
export function bulkSaver(
  replaceProducts: (products: readonly BulkProduct[]) => void,
  ctx: GridContext,
): GridSaver<BulkProduct> {
  return {
    noun: { one: "product", many: "products" },
    readCurrent: (keys) => readProductsNow(keys),
    take: replaceProducts,
    save: (run) => saveProducts(run, ctx),
  };
}
