/**
 * CSV, written one way for every file the dashboard makes (the orders
 * export, a coupon's codes, the bulk grid's export): RFC 4180 quoting by
 * papaparse, and OWASP's CSV-injection advice. Plain: safe anywhere (papaparse
 * runs in the browser and in Node).
 *
 * A spreadsheet runs a cell as a formula when it starts with `=`, `+`, `-` or
 * `@`, whatever spaces come first, and Excel also takes the full-width forms
 * (`＝`, `＋`, `－`, `＠`); a leading tab or CR starts one in some readers.
 * Such a cell gets a leading apostrophe, which spreadsheets show as text.
 * A negative number (-1, -2.50) is a number, not a formula, and stays.
 *
 * Excel in a locale whose decimal mark is a comma splits a CSV line on `;`,
 * so `Smith;=1+1` written bare would become two cells there, the second a
 * formula: a cell holding any common separator (`,` `;` tab) is quoted, and a
 * quoted cell is one cell in every locale.
 */
import Papa from "papaparse";

/** Starts like a formula, after any apostrophes already there and any blank. */
const FORMULA_START = /^'*(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/** A cell's text, guarded against formulas (a text already starting with the guard gets one more, to survive the way back). */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A cell's text with a guard's apostrophe taken off (a file read back): ours,
 * or the one a person types in a spreadsheet to keep `-5` as text.
 */
export function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A CSV cell's value: text, or what our code writes (a count, a flag, a missing value). */
export type CsvValue = string | number | boolean | null;

/** Separators a spreadsheet may split a line on besides the comma (papaparse quotes a comma itself). */
const holdsSeparator = (value: unknown) => typeof value === "string" && /[;\t]/.test(value);

/**
 * Rows as a CSV file, the one writer of every CSV the dashboard makes. Each
 * text cell is guarded against formulas here (guardFormula), then papaparse
 * writes the rows (RFC 4180: comma-separated, `""` for a quote, CRLF): it
 * quotes a cell holding a comma, a quote, a line break or a space at either
 * end, and `quotes` makes it quote one holding `;` or a tab too.
 *
 * papaparse's `escapeFormulae` stays off, though it takes a RegExp: it would
 * also quote every cell it guards (`"'=1+1"` where `'=1+1` is enough), and the
 * guard and its way back (unguardFormula) are one rule kept in one place.
 *
 * Numbers and booleans are written as they are, `null` as an empty cell.
 * Every line ends with CRLF, the last one too; no rows is "".
 */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  if (rows.length === 0) return "";
  const cells = rows.map((row) => row.map((value) => (typeof value === "string" ? guardFormula(value) : value)));
  return `${Papa.unparse(cells, { quotes: holdsSeparator, newline: "\r\n", escapeFormulae: false })}\r\n`;
}

/** A text cell of a CSV file, as csvRows writes it: guarded against formulas, quoted when it holds any separator a spreadsheet may split on. */
export function csvCell(value: string): string {
  return csvRows([[value]]).slice(0, -2);
}

/**
 * Rows as delimited text with no formula guard (the grid's clipboard: tabs
 * and "\n", as spreadsheets put cells there), written by papaparse: a cell
 * is quoted when it holds the separator, a quote, a line break or a space at
 * either end. No line break after the last row.
 */
export function delimitedRows(rows: readonly (readonly string[])[], separator: string, newline: string): string {
  return rows.length === 0 ? "" : Papa.unparse([...rows], { delimiter: separator, newline });
}

/** One cell as delimitedRows writes it: quoted for its own separator only. */
export function delimitedCell(value: string, separator: string): string {
  return delimitedRows([[value]], separator, "\n");
}
