import { storeStream } from "@/lib/route-handler";
import { readCatalogue } from "@/lib/store/products/api-bulk";
import type { CatalogueLine } from "@/lib/store/products/model-bulk";

const ndjson = (line: CatalogueLine) => `${JSON.stringify(line)}\n`;

/**
 * The whole catalogue for the bulk grid and the inventory page (components/grid/use-catalogue.ts),
 * streamed as NDJSON: one CatalogueLine a line, a `page` line as soon as the
 * store's page is read (lib/store/products/api-bulk.ts reads them in parallel
 * when the store sends X-Total-Count). The first page is read before
 * answering: a refusal or an unreachable store is then a JSON failure with
 * its status, as from every GET here; a later failure is the last line.
 */
export const GET = storeStream(async (store, { searchParams }) => {
  // The contract's largest page (docs/contract.md#lists: 1–250): 10,000 products are 40 reads, which the
  // bundled store's rate limit (40 a second per token) takes without a wait; 100 a page was 100 reads.
  // `?with=stock`: each product with its options' and extras' stock, for the inventory page
  // (docs/bulk-editing.md#inventory); the bulk grid does without them.
  const stock = searchParams.get("with") === "stock";
  const lines = readCatalogue(store, { pageSize: 250, stock, where: "GET /api/products/bulk" });
  const first = await lines.next();
  const total = !first.done && first.value.type === "start" ? first.value.total : null;
  async function* chunks() {
    try {
      if (first.done) return;
      yield ndjson(first.value);
      for (let next = await lines.next(); !next.done; next = await lines.next()) yield ndjson(next.value);
    } finally {
      // A browser that went away: the reading stops too.
      await lines.return();
    }
  }
  return {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      ...(total !== null ? { "X-Total-Count": String(total) } : {}),
    },
    chunks: chunks(),
  };
});
