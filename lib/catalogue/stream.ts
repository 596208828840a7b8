import "server-only";
import type { CatalogueLine } from "../store/products/model-bulk";
import type { CatalogueCopy } from "./copy";

/**
 * The whole catalogue as the grids' NDJSON lines (GET /api/products/bulk, components/grid/use-catalogue.ts),
 * from the dashboard server's copy (docs/architecture.md#the-catalogue-copy) rather than from the store:
 * a warm copy answers at once, whoever asks, and the store is read once for everyone. While the copy's
 * first reading runs, its rows are sent as they come. `stock`: with each product's options and extras
 * (the inventory); without, the lighter rows of the bulk grid.
 */
export async function* copyLines<R>(
  copy: CatalogueCopy<R>,
  { stock, pageSize = 250, signal }: { stock: boolean; pageSize?: number; signal?: AbortSignal },
): AsyncGenerator<CatalogueLine, void, undefined> {
  yield { type: "start", total: copy.phase === "ready" ? copy.rows().length : copy.expected, pageSize };
  let sent = 0;
  let page = 0;
  for (;;) {
    if (signal?.aborted) return;
    const ready = copy.phase === "ready";
    const rows = copy.rows();
    while (sent < rows.length) {
      const slice = rows.slice(sent, sent + pageSize);
      sent += slice.length;
      yield { type: "page", page: page++, products: stock ? slice : slice.map(({ stock: _stock, ...row }) => row) };
    }
    if (ready) break;
    if (copy.phase === "failed" || copy.phase === "too_big") {
      const message = copy.stats().lastError ?? "The catalogue could not be read from the store. Try again.";
      yield {
        type: "error",
        status: copy.phase === "too_big" ? 507 : 502,
        code: `catalogue_${copy.phase}`,
        error: message,
      };
      return;
    }
    // The first reading goes on: the rows it adds in a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  yield { type: "end", count: sent };
}
