import { delimitedRows } from "../../../lib/csv";
import { columnDef, type ColumnId, type GridContext, type GridItem } from "../columns";
import { parseDelimited, splitDelimited } from "./delimited";
import { type CellChangeRequest, cellText, type EditsState } from "./edits";
import { rangeOf, type Selection } from "./selection";

/**
 * Copy and paste as spreadsheets do (Excel, Google Sheets, Numbers): cells
 * separated by tabs, rows by line breaks, a cell holding a tab, a line break
 * or a quote in quotes with its quotes doubled (docs/bulk-editing.md#the-grid),
 * written and read by papaparse (lib/csv.ts, ./delimited.ts).
 */

/** Cells as the clipboard's text: rows joined by "\n", no line break at the end. */
export function toTsv(cells: readonly (readonly string[])[]): string {
  const text = delimitedRows(cells, "\t", "\n");
  // A last row of one empty cell would read back as the line break that ends the text: quote it.
  return cells.length > 1 && text.endsWith("\n") ? `${text}""` : text;
}

/**
 * The clipboard's text as cells (CRLF or LF; a line break at the end is not
 * an empty row). Text whose quotes no spreadsheet would write (a quote never
 * closed, text after a closing quote: copied from elsewhere) is read as it
 * stands, quotes included, rather than as one cell running on to the next quote.
 */
export function parseTsv(text: string): string[][] {
  const read = parseDelimited(text, "\t");
  return read.unterminated || read.misquotedRow !== null ? splitDelimited(text, "\t") : read.rows;
}

export interface PasteResult {
  requests: CellChangeRequest[];
  /** Pasted cells that fell outside the grid (past its last row or column). */
  skipped: number;
  /** Cells of the grid that cannot change (quantity of a product with options): left out. */
  readOnly: number;
}

/**
 * What pasting `text` at the selection changes. The block goes at the
 * range's top-left. A block that fits a larger range a whole number of
 * times, down or across, is repeated to fill it (a single value fills the
 * whole range); otherwise it is pasted once, at its own size. What falls
 * outside the grid is counted in `skipped`; missing cells of a short row
 * paste as empty.
 */
export function pasteRequests(
  text: string,
  sel: Selection,
  rows: readonly GridItem[],
  cols: readonly ColumnId[],
): PasteResult {
  const block = parseTsv(text);
  const blockRows = block.length;
  const blockCols = block.reduce((max, line) => Math.max(max, line.length), 0);
  const result: PasteResult = { requests: [], skipped: 0, readOnly: 0 };
  if (!blockRows || !blockCols) return result;
  const r = rangeOf(sel);
  const fit = (range: number, size: number) => (range > size && range % size === 0 ? range : size);
  const height = fit(r.bottom - r.top + 1, blockRows);
  const width = fit(r.right - r.left + 1, blockCols);
  for (let dr = 0; dr < height; dr++) {
    const product = rows[r.top + dr];
    const line = block[dr % blockRows]!;
    for (let dc = 0; dc < width; dc++) {
      const column = cols[r.left + dc];
      if (!product || !column) {
        result.skipped += 1;
        continue;
      }
      if (columnDef(column).readOnly?.(product)) {
        result.readOnly += 1;
        continue;
      }
      result.requests.push({ key: product.key, column, text: line[dc % blockCols] ?? "" });
    }
  }
  return result;
}

/** The selected cells as shown (the current values, formatted; a text in error as typed), as TSV. */
export function copyCells(
  sel: Selection,
  rows: readonly GridItem[],
  cols: readonly ColumnId[],
  state: EditsState,
  ctx: GridContext,
): string {
  const r = rangeOf(sel);
  const cells: string[][] = [];
  for (let row = Math.max(0, r.top); row <= Math.min(r.bottom, rows.length - 1); row++) {
    const product = rows[row]!;
    const line: string[] = [];
    for (let col = Math.max(0, r.left); col <= Math.min(r.right, cols.length - 1); col++) {
      line.push(cellText(state, product, cols[col]!, ctx));
    }
    cells.push(line);
  }
  return toTsv(cells);
}
