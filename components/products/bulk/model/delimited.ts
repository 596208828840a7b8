/**
 * Delimited text as spreadsheets write it, for the clipboard (tab-separated)
 * and for CSV files: a cell that starts with `"` is quoted, `""` inside it is
 * one quote, and it may hold the separator and line breaks. Lines end with
 * CRLF, LF or a lone CR; one line break at the very end ends the last row
 * rather than starting an empty one.
 */

export interface DelimitedParse {
  rows: string[][];
  /** A quoted cell never closed: it was read as it stands, opening quote included. */
  unterminated: boolean;
}

export function parseDelimited(text: string, separator: string): DelimitedParse {
  const rows: string[][] = [];
  let row: string[] = [];
  let unterminated = false;
  const n = text.length;
  let i = 0;
  for (;;) {
    let cell = "";
    let quoted = false;
    if (text[i] === '"') {
      // A quoted cell runs to the quote that is not doubled.
      let j = i + 1;
      const parts: string[] = [];
      let from = j;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q === -1) {
          j = -1;
          break;
        }
        if (text[q + 1] === '"') {
          parts.push(text.slice(from, q + 1));
          j = q + 2;
          from = j;
          continue;
        }
        parts.push(text.slice(from, q));
        j = q + 1;
        break;
      }
      if (j === -1) unterminated = true;
      else {
        cell = parts.join("");
        i = j;
        quoted = true;
      }
    }
    // The unquoted cell, or what follows a closing quote up to the separator (kept as it is).
    let end = i;
    while (end < n) {
      const c = text[end];
      if (c === separator || c === "\n" || c === "\r") break;
      end += 1;
    }
    cell = quoted ? cell + text.slice(i, end) : text.slice(i, end);
    i = end;
    row.push(cell);
    if (i >= n) {
      rows.push(row);
      break;
    }
    const c = text[i];
    if (c === separator) {
      i += 1;
      continue;
    }
    // A line break.
    i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return { rows, unterminated };
}
