/**
 * What the browser needs of the orders' CSV export (components/orders/list/export-orders.tsx)
 * while the server writes the file (./model-csv.ts, app/api/orders/export/route.ts): the
 * records counted as they arrive, and the file's name. Apart from the writer, so that the
 * orders page does not carry the CSV library.
 */

/**
 * Counts the records completed in a CSV stream as it arrives, chunk by chunk:
 * line breaks outside quotes (a customer's name may hold one inside quotes).
 * The header is a record too; the caller subtracts it.
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    push(chunk: string): number {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 34) quoted = !quoted;
        else if (c === 10 && !quoted) records++;
      }
      return records;
    },
    get records() {
      return records;
    },
  };
}

/** "orders-unfulfilled-2026-11-24.csv" (with "-since-2026-11-01" when filtered). */
export function ordersCsvFileName(view: string, today: string, since = ""): string {
  return `orders-${view}${since ? `-since-${since}` : ""}-${today}.csv`;
}
