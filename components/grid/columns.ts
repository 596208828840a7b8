/**
 * The grid's columns API (docs/bulk-editing.md#the-grid): what a column is
 * to the engine, and where the engine finds one by its id. A feature defines
 * its own columns (the bulk editor's products, the inventory's options) with
 * `defineColumns`; the engine's pure functions (edits, paste, fill, review,
 * conflicts, sort) then take column ids, as the cells hold them. Plain
 * TypeScript: no React, no DOM, nothing of the products.
 *
 * Every `parse` accepts what `format` produced for the same row (copy a cell
 * and paste it back: nothing changes), so the grid, the clipboard and a CSV
 * round-trip; `gridColumn` builds that rule in.
 */

/** A column's id: the row's field the cell shows and edits. Unique across every grid's columns. */
export type ColumnId = string;

/**
 * A row the grid edits (a product, an option). A cell's stored value is the
 * row's field named as its column.
 */
export interface GridItem {
  key: string;
  /** The row's name in sentences ("Crew Tee", "Crew Tee (M, White)"). */
  name: string;
  /** UNIX seconds, when the store sends it: the conflict check compares it. */
  modified: number | null;
}

export type CellValue = string | number | null;

/**
 * What a grid's columns read beside the row (the bulk editor's: the currency
 * and the groups). The engine hands it to the columns and never reads it.
 */
export type GridContext = object;

export interface Choice {
  value: string;
  label: string;
}

export type Parsed = { ok: true; value: CellValue } | { ok: false; error: string };

/**
 * How the engine treats a cell: "choice" sorts by its label and suggests its
 * values; "quantity" is a count where UNLIMITED sorts after every count.
 */
export type ColumnKind = "text" | "money" | "quantity" | "number" | "choice";

/** A quantity column's "unlimited" (docs/contract.md#catalogue-and-settings: -1). */
export const UNLIMITED = -1;

/**
 * A column of a grid whose rows are R and whose context is C. (Methods, not
 * function properties: a feature's column takes its own rows and context, and
 * is still a ColumnDef to the engine, which passes it only those.)
 */
export interface ColumnDef<R extends GridItem = GridItem, C = GridContext> {
  id: ColumnId;
  /** The header text. */
  label: string;
  /** The store's name for the field (a CSV header may use it). */
  field: string;
  kind: ColumnKind;
  /** Default width in px. */
  width: number;
  align: "start" | "end";
  /** The values a choice column offers. */
  choices?(ctx: C): Choice[];
  /** What the cell shows, copy writes and a CSV export writes; null as "". */
  format(value: CellValue, ctx: C): string;
  /** What a person typed or pasted into this row's cell. */
  parse(text: string, ctx: C, row: R): Parsed;
  /** Why the cell cannot be changed on this row, or null. */
  readOnly?(row: R): string | null;
  /** A page the cell's text links to, or null. */
  href?(row: R): string | null;
  /**
   * A word shown beside the cell's value, marked, when the value deserves a glance ("Sold out" by a
   * stock of 0), or null. Not part of the value: copy and CSV write the value alone.
   */
  mark?(value: CellValue): string | null;
  /** Why a valid change deserves a second look before saving (the review marks it), or null. */
  warning?(before: unknown, after: unknown): string | null;
  /** The notice above the review when `count` of this column's changes carry a warning. */
  warningNotice?(count: number): { title: string; text: string };
}

/* ---------- where the engine finds a column ---------- */

interface Registered {
  def: ColumnDef;
  /** Its place in its grid's list: the column order of reviews, conflicts and save plans. */
  index: number;
  grid: string;
}

const registry = new Map<ColumnId, Registered>();

/**
 * A grid's columns, in their order, made known to the engine by id. `grid`
 * names the feature: an id another grid already uses is refused (the cells
 * hold ids only), while the same grid defining its columns again (a module
 * reloaded in development) replaces them.
 */
export function defineColumns<D extends ColumnDef>(grid: string, list: readonly D[]): readonly D[] {
  for (const [index, def] of list.entries()) {
    const known = registry.get(def.id);
    if (known && known.grid !== grid) {
      throw new Error(`The column id "${def.id}" of the ${grid} grid is the ${known.grid} grid's already.`);
    }
    registry.set(def.id, { def, index, grid });
  }
  return list;
}

/** Whether some grid defined a column with this id. */
export function hasColumn(id: ColumnId): boolean {
  return registry.has(id);
}

/** The column with this id; a column nobody defined is a programming error. */
export function columnDef(id: ColumnId): ColumnDef {
  const known = registry.get(id);
  if (!known) throw new Error(`No grid defines the column "${id}" (defineColumns).`);
  return known.def;
}

/** Where the column sits in its grid's list. */
export function columnOrder(id: ColumnId): number {
  return registry.get(id)?.index ?? Number.MAX_SAFE_INTEGER;
}

/* ---------- values ---------- */

export function originalValue(row: GridItem, column: ColumnId): CellValue {
  return (row as unknown as Record<ColumnId, CellValue>)[column]!;
}

export function sameValue(a: CellValue, b: CellValue): boolean {
  return a === b;
}
