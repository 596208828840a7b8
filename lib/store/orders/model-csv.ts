import { csvCell } from "../../csv";
import { moneyText } from "../../money";
import { fulfilmentLabel, type OrderSummary, paymentGatewayLabel, paymentStateLabel } from "./model";

/**
 * Orders as CSV, for the list's export (app/api/orders/export/route.ts
 * writes it page by page; the browser only counts what arrives). RFC 4180:
 * comma-separated, CRLF lines, fields quoted when they hold a comma, a quote
 * or a line break. Plain: safe anywhere.
 *
 * - The file starts with a UTF-8 byte-order mark: without it Excel reads the
 *   file as the system's legacy code page and mangles every accented name;
 *   other spreadsheets and CSV readers skip it.
 * - Text cells are written by lib/csv.ts: one that a spreadsheet would run as
 *   a formula gets a leading apostrophe, one holding a separator is quoted
 *   (OWASP's CSV injection advice). Numbers and dates are written by us and
 *   never start so.
 * - Money is a plain decimal in the order's currency ("1234.50"), the
 *   currency in its own column: a spreadsheet can add it up.
 */
export const ordersCsvHeader = [
  "order number",
  "created",
  "customer",
  "email",
  "country",
  "items",
  "total",
  "currency",
  "payment state",
  "payment gateway",
  "fulfilment",
  "custom id",
] as const;

export const csvByteOrderMark = "\uFEFF";

export function orderCsvRow(order: OrderSummary): string {
  return [
    String(order.number),
    order.created === null ? "" : new Date(order.created * 1000).toISOString(),
    csvCell(order.customer),
    csvCell(order.email),
    csvCell(order.country),
    String(order.itemCount),
    moneyText(order.total, order.currency),
    csvCell(order.currency),
    csvCell(paymentStateLabel(order.paymentState)),
    // An API order says so; a store that does not send the field leaves the cell empty.
    order.paymentGatewayKnown ? csvCell(paymentGatewayLabel(order.paymentGateway)) : "",
    csvCell(fulfilmentLabel(order)),
    csvCell(order.customId),
  ].join(",");
}

/** The first chunk of the file: the mark and the header line. */
export function ordersCsvStart(): string {
  return `${csvByteOrderMark}${ordersCsvHeader.map(csvCell).join(",")}\r\n`;
}

/** One page's rows, each ending in CRLF. */
export function ordersCsvRows(orders: readonly OrderSummary[]): string {
  return orders.map((order) => `${orderCsvRow(order)}\r\n`).join("");
}

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
