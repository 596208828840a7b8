import { type CsvValue, csvRows } from "../../csv";
import { moneyText } from "../../money";
import { fulfilmentLabel, type OrderSummary, paymentGatewayLabel, paymentStateLabel } from "./model";

/**
 * Orders as CSV, for the list's export (app/api/orders/export/route.ts
 * writes it page by page; the browser only counts what arrives). RFC 4180:
 * comma-separated, CRLF lines, fields quoted when they hold a comma, a quote
 * or a line break, written by lib/csv.ts (csvRows, on papaparse). Plain: safe
 * anywhere.
 *
 * - The file starts with a UTF-8 byte-order mark: without it Excel reads the
 *   file as the system's legacy code page and mangles every accented name;
 *   other spreadsheets and CSV readers skip it.
 * - Text cells are guarded by lib/csv.ts: one that a spreadsheet would run
 *   as a formula gets a leading apostrophe, one holding a separator is quoted
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

/** One order's cells, in the header's order. */
function orderCsvCells(order: OrderSummary): CsvValue[] {
  return [
    order.number,
    order.created === null ? null : new Date(order.created * 1000).toISOString(),
    order.customer,
    order.email,
    order.country,
    order.itemCount,
    moneyText(order.total, order.currency),
    order.currency,
    paymentStateLabel(order.paymentState),
    // An API order says so; a store that does not send the field leaves the cell empty.
    order.paymentGatewayKnown ? paymentGatewayLabel(order.paymentGateway) : null,
    fulfilmentLabel(order),
    order.customId,
  ];
}

/** One order's line, without its line break. */
export function orderCsvRow(order: OrderSummary): string {
  return csvRows([orderCsvCells(order)]).slice(0, -2);
}

/** The first chunk of the file: the mark and the header line. */
export function ordersCsvStart(): string {
  return `${csvByteOrderMark}${csvRows([ordersCsvHeader])}`;
}

/** One page's rows, each ending in CRLF. */
export function ordersCsvRows(orders: readonly OrderSummary[]): string {
  return csvRows(orders.map(orderCsvCells));
}
