import {
  type CellValue,
  type Choice,
  type ColumnDef,
  type GridContext,
  type GridItem,
  originalValue,
  type Parsed,
} from "./columns";

/**
 * What the features' columns are built from (columns.ts is what a column is):
 * the round trip of `gridColumn`, choices read loosely, and plain text.
 */

export const parsedValue = (value: CellValue): Parsed => ({ ok: true, value });
export const parseFailure = (error: string): Parsed => ({ ok: false, error });

/** For matching choices and CSV headers: case, spacing, "_" and "-" do not matter ("ON_SALE" is "on sale"). */
export const looseKey = (text: string) =>
  text
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** "A, B or C". */
export function listInWords(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

/** A choice among fixed ones, by value or label, loosely; else "Choose a <what>: A, B or C." */
export function parseFixedChoice(choices: readonly Choice[], what: string) {
  const byKey = new Map<string, string>();
  for (const choice of choices) {
    byKey.set(looseKey(choice.value), choice.value);
    byKey.set(looseKey(choice.label), choice.value);
  }
  const error = `Choose a ${what}: ${listInWords(choices.map((c) => c.label))}.`;
  return (text: string): Parsed => {
    const value = byKey.get(looseKey(text));
    return value === undefined ? parseFailure(error) : parsedValue(value);
  };
}

/** A text cell as shown: null as "". */
export const textFormat = (value: CellValue) => (value === null ? "" : String(value));

/** A column as a feature writes it: `read` is the parse proper, and `parse` takes back what `format` showed first. */
export type ColumnSpec<R extends GridItem, C, X extends object = object> = Omit<ColumnDef<R, C>, "parse"> &
  X & {
    read: (text: string, ctx: C, row: R) => Parsed;
    /** Text columns: surrounding spaces do not make a change. */
    trims?: boolean;
  };

/**
 * A column of the grid whose rows are R: only R rows and C contexts ever reach it. Its `parse` takes
 * what the cell showed (a stored value this column would not accept when typed, too) as that value,
 * unchanged, and reads anything else with `read`. `X`: what a feature's columns carry besides (the
 * bulk editor's `toWire`).
 */
export function gridColumn<R extends GridItem, C = GridContext, X extends object = object>({
  read,
  trims,
  ...spec
}: ColumnSpec<R, C, X>): ColumnDef<R, C> & X {
  const def = spec as unknown as ColumnDef<R, C> & X;
  return {
    ...def,
    parse(text: string, ctx: C, row: R) {
      const original = originalValue(row, spec.id);
      const shown = spec.format(original, ctx);
      if (text === shown || (trims && text.trim() === shown.trim())) return parsedValue(original);
      return read(text, ctx, row);
    },
  };
}
