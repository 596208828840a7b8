import { readApiParams } from "@/lib/store/orders/input-list";
import { storeStream } from "@/lib/route-handler";
import { orderPages } from "@/lib/store/orders/api";
import { ordersCsvRows, ordersCsvStart } from "@/lib/store/orders/model-csv";

/**
 * A whole orders tab as CSV (`?view&created_since`; with `q`, a customer
 * search's matches, as the list shows them), streamed: the store is
 * read 100 orders at a time, newest first, and each page's rows are sent as
 * soon as they are read, so a large store never sits in memory and the
 * browser can show progress (components/orders/list/export-orders.tsx).
 * The first page is read before answering: a refusal or an unreachable
 * store is then a JSON failure with its status, as from every GET here.
 * `X-Total-Count` passes on the store's total when it sent one.
 */
export const GET = storeStream(async (store, { searchParams }) => {
  const { view, createdSince, q } = readApiParams(searchParams);
  const pages = orderPages(store, { view, createdSince, q, pageSize: 100 });
  const first = await pages.next();
  const total = first.done ? 0 : first.value.total;
  async function* chunks() {
    yield ordersCsvStart();
    if (first.done) return;
    yield ordersCsvRows(first.value.items);
    for await (const page of pages) yield ordersCsvRows(page.items);
  }
  return {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${view}.csv"`,
      ...(total !== null ? { "X-Total-Count": String(total) } : {}),
    },
    chunks: chunks(),
  };
});
