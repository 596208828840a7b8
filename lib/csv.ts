/**
 * CSV cells, written one way for every file the dashboard makes (the orders
 * export, a coupon's codes, the bulk grid's export): RFC 4180 quoting, and
 * OWASP's CSV-injection advice. Plain: safe anywhere.
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

/** One cell, quoted when it holds the separator, a quote or a line break. */
export function delimitedCell(value: string, separator: string): string {
  const needs = value.includes(separator) || /["\r\n]/.test(value);
  return needs ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A text cell of a CSV file: guarded against formulas, quoted when it holds any separator a spreadsheet may split on. */
export function csvCell(value: string): string {
  const safe = guardFormula(value);
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
