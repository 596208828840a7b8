import { copyLines } from "@/lib/catalogue/stream";
import { openCatalogue } from "@/lib/catalogue/registry";
import { catchUp } from "@/lib/catalogue/writes";
import { storeStream } from "@/lib/route-handler";
import type { CatalogueLine } from "@/lib/store/products/model-bulk";

const ndjson = (line: CatalogueLine) => `${JSON.stringify(line)}\n`;

/**
 * The whole catalogue for the bulk grid, the inventory and the images by file name
 * (components/grid/use-catalogue.ts), streamed as NDJSON: one CatalogueLine a line, from the dashboard
 * server's copy of the catalogue (docs/architecture.md#the-catalogue-copy), which is read from the
 * store once for everyone and kept current. Opening the copy asks the store whether it accepts the
 * person's token: a refusal, or an unreachable store, is a JSON failure with its status, as from every
 * GET here; a later failure is the last line. `?with=stock`: each product with its options' and
 * extras' stock (the inventory, docs/bulk-editing.md#inventory); the bulk grid does without them.
 */
export const GET = storeStream(async (store, { searchParams }) => {
  const stock = searchParams.get("with") === "stock";
  const copy = await openCatalogue(store);
  await catchUp(copy, store);
  // Opening a grid is when people expect everything made elsewhere until now: checked first, when that is
  // one small read (the store's version) or a re-read of under 10 s (what every opening cost before the copy).
  await copy.refreshIfCheap(10_000);
  const lines = copyLines(copy, { stock });
  async function* chunks() {
    try {
      for await (const line of lines) yield ndjson(line);
    } finally {
      // A browser that went away: the sending stops too.
      await lines.return();
    }
  }
  return { headers: { "Content-Type": "application/x-ndjson; charset=utf-8" }, chunks: chunks() };
});
