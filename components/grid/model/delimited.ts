import Papa from "papaparse";

/**
 * Delimited text as spreadsheets write it, for the clipboard (tab-separated)
 * and for CSV files, read by papaparse's parser (docs/bulk-editing.md#csv):
 * a cell that starts with `"` is quoted, `""` inside it is one quote, and it
 * may hold the separator and line breaks. Lines end with CRLF, LF or a lone
 * CR (papaparse takes the one the text uses outside quotes). What papaparse
 * leaves to us: one line break at the very end ends the last row rather than
 * starting an empty one, and an empty text is one empty cell.
 */

export interface DelimitedParse {
  rows: string[][];
  /** A quoted cell never closed: papaparse reads it to the end of the text. */
  unterminated: boolean;
  /**
   * The first row (0-based) where a quoted cell's closing quote is followed
   * by more text: papaparse reads on to the next quote that does close a
   * cell, so later rows may have been read into that cell.
   */
  misquotedRow: number | null;
}

const endsWithLineBreak = (text: string) => text.endsWith("\n") || text.endsWith("\r");

export function parseDelimited(text: string, separator: string): DelimitedParse {
  if (text === "") return { rows: [[""]], unterminated: false, misquotedRow: null };
  const { data, errors } = Papa.parse<string[]>(text, { delimiter: separator, skipEmptyLines: false });
  const last = data.at(-1);
  if (data.length > 1 && last?.length === 1 && last[0] === "" && endsWithLineBreak(text)) data.pop();
  return {
    rows: data,
    unterminated: errors.some((e) => e.code === "MissingQuotes"),
    misquotedRow: errors.find((e) => e.code === "InvalidQuotes")?.row ?? null,
  };
}

/**
 * Text whose quotes are not a spreadsheet's (a quote never closed, text after
 * a closing quote) read as it stands: quotes are text, every line break ends
 * a row, every separator a cell, and one line break at the end ends the last
 * row.
 */
export function splitDelimited(text: string, separator: string): string[][] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 1 && endsWithLineBreak(text)) lines.pop();
  return lines.map((line) => line.split(separator));
}
