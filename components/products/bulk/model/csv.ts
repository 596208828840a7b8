import type { BulkProduct } from "../../../../lib/store/products/model-bulk";
import { csvRows, unguardFormula } from "../../../../lib/csv";
import {
  type CellChangeRequest,
  cellId,
  cellText,
  currentValue,
  emptyEdits,
  type EditsState,
  looseKey,
  parseDelimited,
  sameValue,
} from "../../../grid";
import { type ColumnId, columnById, columns, type GridContext } from "./columns";

/**
 * The bulk grid as CSV (docs/bulk-editing.md#csv): the export writes the
 * rows and columns the grid shows, with their key first; the import reads
 * such a file back as edits, a dry run the person reviews before saving.
 *
 * RFC 4180: comma-separated, CRLF line ends; written by lib/csv.ts on
 * papaparse (a cell is quoted when it holds a separator, a quote or a line
 * break; a cell that a spreadsheet would run as a formula gets a leading `'`,
 * which the import takes off again; negative numbers stay as they are), and
 * read by papaparse's parser (./delimited.ts).
 */

/**
 * The rows as CSV: a header of "Key" and the columns' labels, then one line
 * per product with its current values as the grid formats them (a text in
 * error is not a value: the cell holds the value it would keep). Every line
 * ends with CRLF. No byte-order mark: the caller adds it for Excel.
 */
export function toCsv(
  rows: readonly BulkProduct[],
  cols: readonly ColumnId[],
  state: EditsState,
  ctx: GridContext,
): string {
  const defs = cols.map((id) => columnById[id]);
  return csvRows([
    ["Key", ...defs.map((d) => d.label)],
    ...rows.map((product) => [
      product.key,
      ...defs.map((def) => def.format(currentValue(state, product, def.id), ctx)),
    ]),
  ]);
}

export interface CsvImport {
  /** For applyChanges: only cells whose value differs from the grid's. */
  requests: CellChangeRequest[];
  /** How many products (rows of the file) the requests change. */
  rows: number;
  /** Keys of the file that name no loaded product (each once). */
  unknownKeys: string[];
  /** Headers of the file that name no bulk-editable column (each once). */
  unknownColumns: string[];
  /** Sentences about what was left out or could not be read. */
  problems: string[];
}

/** Header text → column: by label ("Sale price"), API field ("sale_price") or id ("salePrice"), any case. */
const headerColumns = new Map<string, ColumnId>();
for (const c of columns) for (const name of [c.label, c.field, c.id]) headerColumns.set(looseKey(name), c.id);

/** A cell as the file wrote it: the formula guard taken off, and Excel's `="00123"` (text kept as typed) unwrapped. */
function cellValue(raw: string): string {
  const excelText = /^="(.*)"$/s.exec(raw);
  return excelText ? excelText[1]!.replaceAll('""', '"') : unguardFormula(raw);
}

/** The separator: a comma, or what the header line shows (Excel writes ";" where "," is the decimal mark). */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  for (const separator of [",", ";", "\t"]) {
    const header = parseDelimited(firstLine, separator).rows[0] ?? [];
    if (header.some((h) => looseKey(cellValue(h)) === "key")) return separator;
  }
  return ",";
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * A CSV file as edits of the loaded products. The header names the columns
 * (a Key column is required); a cell produces a request only when it
 * differs from the cell's current value (`state`'s edits included, when
 * given) — a text that does not parse does, and shows its error in the
 * review. Read-only cells, unknown keys and unknown columns are left out
 * and reported. Handles a byte-order mark, CRLF or LF, quoted cells with
 * line breaks, and ";" as separator.
 */
export function importCsv(
  text: string,
  products: ReadonlyMap<string, BulkProduct>,
  ctx: GridContext,
  state: EditsState = emptyEdits(),
): CsvImport {
  const result: CsvImport = { requests: [], rows: 0, unknownKeys: [], unknownColumns: [], problems: [] };
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") {
    result.problems.push("The file is empty.");
    return result;
  }
  const { rows, unterminated, misquotedRow } = parseDelimited(body, separatorOf(body));
  const header = (rows[0] ?? []).map((h) => looseKey(cellValue(h)));
  const keyIndex = header.indexOf("key");
  if (keyIndex === -1) {
    result.problems.push("The file has no Key column: export a CSV from this page to see the columns it needs.");
    return result;
  }

  const mapped: { index: number; column: ColumnId }[] = [];
  const seenColumns = new Set<ColumnId>();
  const unknownColumns = new Set<string>();
  (rows[0] ?? []).forEach((raw, index) => {
    if (index === keyIndex) return;
    const name = cellValue(raw).trim();
    const column = headerColumns.get(header[index]!);
    if (!column) {
      if (name && header[index] !== "key") unknownColumns.add(name);
      return;
    }
    if (seenColumns.has(column)) {
      result.problems.push(`The column ${columnById[column].label} appears twice: only the first one was read.`);
      return;
    }
    seenColumns.add(column);
    mapped.push({ index, column });
  });
  result.unknownColumns = [...unknownColumns];

  const unknownKeys = new Set<string>();
  const seenKeys = new Set<string>();
  const repeated = new Set<string>();
  // By cell: a later row of the same product wins, an unchanged cell included.
  const requests = new Map<string, CellChangeRequest>();
  let withoutKey = 0;
  let readOnly = 0;
  for (const row of rows.slice(1)) {
    if (row.every((cell) => cell.trim() === "")) continue;
    const key = cellValue(row[keyIndex] ?? "").trim();
    if (!key) {
      withoutKey += 1;
      continue;
    }
    const product = products.get(key);
    if (!product) {
      unknownKeys.add(key);
      continue;
    }
    if (seenKeys.has(key)) repeated.add(key);
    seenKeys.add(key);
    for (const { index, column } of mapped) {
      const raw = row[index];
      // A short row leaves its missing cells alone.
      if (raw === undefined) continue;
      const value = cellValue(raw);
      const def = columnById[column];
      const id = cellId(key, column);
      requests.delete(id);
      if (value === cellText(state, product, column, ctx)) continue;
      const parsed = def.parse(value, ctx, product);
      if (parsed.ok && sameValue(parsed.value, currentValue(state, product, column))) continue;
      if (def.readOnly?.(product)) readOnly += 1;
      else requests.set(id, { key, column, text: value });
    }
  }
  result.requests = [...requests.values()];
  result.rows = new Set(result.requests.map((r) => r.key)).size;
  result.unknownKeys = [...unknownKeys];

  if (withoutKey) {
    result.problems.push(
      `${plural(withoutKey, "row has", "rows have")} no key and ${withoutKey === 1 ? "was" : "were"} left out.`,
    );
  }
  if (repeated.size) {
    const names = [...repeated].slice(0, 5).join(", ") + (repeated.size > 5 ? ", …" : "");
    result.problems.push(
      `${plural(repeated.size, "product has", "products have")} more than one row (${names}): the last row counts.`,
    );
  }
  if (readOnly) {
    result.problems.push(
      `${plural(readOnly, "quantity was", "quantities were")} left out: on a product with options it is the sum of theirs.`,
    );
  }
  if (misquotedRow !== null) {
    result.problems.push(
      `Row ${misquotedRow + 1} has text after a quoted cell's closing quote: check it and the rows after it, which may have been read into that cell.`,
    );
  }
  if (unterminated) result.problems.push("A quoted cell is never closed: check the file's last rows.");
  return result;
}
