import type { ItemRow } from "@/lib/store/products/edit";

/**
 * How the options and extras tables show many rows, as plain data (tested
 * alone): past a dozen rows the table is collapsed to its first dozen, with a
 * filter over every row's values and fetch SKU; rows that must be seen (a
 * row with an error, one just added) always show.
 */

/** Rows shown before the table collapses, and what a collapsed table shows. */
export const collapseAfter = 12;

/** The text a filter looks in: the row's values and its fetch SKU. */
export function rowText(row: Pick<ItemRow, "values" | "fetchSku">): string {
  return [...row.values, row.fetchSku].join(" ").toLocaleLowerCase();
}

/** A row matches when every word of the filter is in its text ("m red" finds "M / Red"). */
export function rowMatches(row: Pick<ItemRow, "values" | "fetchSku">, filter: string): boolean {
  const words = filter.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = rowText(row);
  return words.every((word) => text.includes(word));
}

export interface RowsView {
  /** Indices of the rows to show, in the table's order. */
  shown: number[];
  /** Rows a filter matched (all rows without one). */
  matched: number;
  /** The table has more rows than a collapsed one shows: the filter and "Show all" are offered. */
  collapsible: boolean;
  /** Matching rows left out because the table is collapsed. */
  hidden: number;
}

/**
 * Which rows to show. Without a filter, a table past `collapseAfter` rows
 * shows its first `collapseAfter` unless `expanded`; with one, every match.
 * `keep` (indices) always shows.
 */
export function rowsView(
  rows: readonly Pick<ItemRow, "values" | "fetchSku">[],
  { filter = "", expanded = false, keep = [] }: { filter?: string; expanded?: boolean; keep?: readonly number[] } = {},
): RowsView {
  const collapsible = rows.length > collapseAfter;
  const kept = new Set(keep);
  const filtering = collapsible && filter.trim() !== "";
  const matching = rows.map((row, index) => (filtering ? rowMatches(row, filter) : true) || kept.has(index));
  const matched = matching.filter(Boolean).length;
  const limit = !collapsible || expanded || filtering ? Infinity : collapseAfter;
  const shown: number[] = [];
  let counted = 0;
  matching.forEach((match, index) => {
    if (!match) return;
    counted += 1;
    if (counted <= limit || kept.has(index)) shown.push(index);
  });
  return { shown, matched, collapsible, hidden: matched - shown.length };
}

/**
 * The width (in `ch`) an input needs to show the longest of `values` whole,
 * within bounds: a column of SKUs such as "APP-TEE-XS-HEATHER-GREY" is not
 * cut short, and one long value does not make the table a mile wide.
 */
export function inputWidthCh(values: readonly string[], { min = 6, max = 40 } = {}): number {
  // `ch` is the width of a "0": capitals and wide letters take about a third more.
  const width = (value: string) => [...value].reduce((sum, char) => sum + (/[A-Z@%&mw]/.test(char) ? 1.3 : 1), 0);
  const widest = values.reduce((most, value) => Math.max(most, width(value)), 0);
  // The input's padding and border, and a caret's room.
  return Math.min(max, Math.max(min, Math.ceil(widest + 4)));
}

/** A row in one line, for its compact form on a phone: "S / Red · 3 in stock · +2.00 USD". */
export function rowSummary(
  row: ItemRow,
  { currency, withQuantity = true }: { currency: string; withQuantity?: boolean },
) {
  const name =
    row.values
      .map((v) => v.trim())
      .filter(Boolean)
      .join(" / ") || "No values yet";
  const parts = [name];
  if (withQuantity) parts.push(row.unlimited ? "unlimited" : `${row.quantity.trim() || "0"} in stock`);
  const surcharge = row.surcharge.trim();
  if (surcharge && Number(surcharge) !== 0) {
    parts.push(`${surcharge.startsWith("-") ? "" : "+"}${surcharge} ${currency}`);
  }
  return parts.join(" · ");
}
