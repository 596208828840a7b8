import {
  type CellValue,
  columnDef,
  type ColumnId,
  type GridContext,
  type GridItem,
  hasColumn,
  originalValue,
  sameValue,
} from "../columns";

/**
 * The grid's edits over the loaded rows, with undo and redo
 * (docs/bulk-editing.md#the-grid). Immutable: every change answers a new
 * state (or the same one when nothing changed), so React can hold it in
 * useState or useReducer. A cell holds an edit only while its value differs
 * from the product's as loaded, or while what was typed does not parse.
 */

export interface CellEdit {
  key: string;
  column: ColumnId;
  /** The parsed value; the original value while `error` is set. */
  value: CellValue;
  /** As typed or pasted (for a value set directly: as the column formats it). */
  text: string;
  /** Why `text` cannot be saved, in one sentence; null when it can. */
  error: string | null;
}

export interface CellChangeRequest {
  key: string;
  column: ColumnId;
  /** As typed or pasted. */
  text: string;
}

export interface CellValueChange {
  key: string;
  column: ColumnId;
  value: CellValue;
}

/** One cell of an undo step: its edit before and after (undefined: no edit). */
export interface BatchChange {
  id: string;
  before: CellEdit | undefined;
  after: CellEdit | undefined;
}

/** One undo step. */
export interface Batch {
  label: string;
  changes: BatchChange[];
}

export interface EditsState {
  cells: ReadonlyMap<string, CellEdit>;
  past: Batch[];
  future: Batch[];
}

/** Undo goes back this many steps at most. */
export const historyLimit = 100;

export function emptyEdits(): EditsState {
  return { cells: new Map(), past: [], future: [] };
}

/** The key of a cell in `cells`. Product keys are opaque; the column comes last and holds no NUL. */
export function cellId(key: string, column: ColumnId): string {
  return `${key}\u0000${column}`;
}

function sameEdit(a: CellEdit | undefined, b: CellEdit | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.error || b.error) return a.error === b.error && a.text === b.text && sameValue(a.value, b.value);
  // Two valid edits to one value are one state, however it was typed.
  return sameValue(a.value, b.value);
}

/** Applies the cells' new edits as one undo step; none that changes anything: the same state. */
function commit(state: EditsState, next: Map<string, CellEdit | undefined>, label: string): EditsState {
  const changes: BatchChange[] = [];
  for (const [id, after] of next) {
    const before = state.cells.get(id);
    if (!sameEdit(before, after)) changes.push({ id, before, after });
  }
  if (!changes.length) return state;
  const cells = new Map(state.cells);
  for (const { id, after } of changes) {
    if (after) cells.set(id, after);
    else cells.delete(id);
  }
  const past = [...state.past, { label, changes }];
  if (past.length > historyLimit) past.splice(0, past.length - historyLimit);
  return { cells, past, future: [] };
}

/** The edit a value makes on a product's cell: none when it is the original value. */
function editFor(product: GridItem, column: ColumnId, value: CellValue, text: string): CellEdit | undefined {
  if (sameValue(value, originalValue(product, column))) return undefined;
  return { key: product.key, column, value, text, error: null };
}

/**
 * What was typed or pasted, as one undo step (`label`: "Paste", "Fill down").
 * Each text is parsed by its column; a value equal to the original removes
 * the cell's edit; a text that does not parse is kept with its error. Unknown
 * products and read-only cells are skipped; when a later request names the
 * same cell, it wins.
 */
export function applyChanges(
  state: EditsState,
  requests: readonly CellChangeRequest[],
  products: ReadonlyMap<string, GridItem>,
  ctx: GridContext,
  label: string,
): EditsState {
  const next = new Map<string, CellEdit | undefined>();
  for (const { key, column, text } of requests) {
    const product = products.get(key);
    const def = hasColumn(column) ? columnDef(column) : undefined;
    if (!product || !def || def.readOnly?.(product)) continue;
    const parsed = def.parse(text, ctx, product);
    next.set(
      cellId(key, column),
      parsed.ok
        ? editFor(product, column, parsed.value, text)
        : { key, column, value: originalValue(product, column), text, error: parsed.error },
    );
  }
  return commit(state, next, label);
}

/** Values already parsed (a reorder, "take theirs"), as one undo step; otherwise as applyChanges. */
export function setValues(
  state: EditsState,
  changes: readonly CellValueChange[],
  products: ReadonlyMap<string, GridItem>,
  ctx: GridContext,
  label: string,
): EditsState {
  const next = new Map<string, CellEdit | undefined>();
  for (const { key, column, value } of changes) {
    const product = products.get(key);
    const def = hasColumn(column) ? columnDef(column) : undefined;
    if (!product || !def || def.readOnly?.(product)) continue;
    next.set(cellId(key, column), editFor(product, column, value, def.format(value, ctx)));
  }
  return commit(state, next, label);
}

function replay(cells: ReadonlyMap<string, CellEdit>, batch: Batch, side: "before" | "after"): Map<string, CellEdit> {
  const next = new Map(cells);
  for (const change of batch.changes) {
    const edit = change[side];
    if (edit) next.set(change.id, edit);
    else next.delete(change.id);
  }
  return next;
}

export function undo(state: EditsState): EditsState {
  const batch = state.past.at(-1);
  if (!batch) return state;
  return {
    cells: replay(state.cells, batch, "before"),
    past: state.past.slice(0, -1),
    future: [...state.future, batch],
  };
}

export function redo(state: EditsState): EditsState {
  const batch = state.future.at(-1);
  if (!batch) return state;
  return {
    cells: replay(state.cells, batch, "after"),
    past: [...state.past, batch],
    future: state.future.slice(0, -1),
  };
}

export const canUndo = (state: EditsState): boolean => state.past.length > 0;
export const canRedo = (state: EditsState): boolean => state.future.length > 0;
export const undoLabel = (state: EditsState): string | null => state.past.at(-1)?.label ?? null;
export const redoLabel = (state: EditsState): string | null => state.future.at(-1)?.label ?? null;

export function editOf(state: EditsState, key: string, column: ColumnId): CellEdit | undefined {
  return state.cells.get(cellId(key, column));
}

/** The cell's value as the grid has it: the edited value, or the product's. */
export function currentValue(state: EditsState, product: GridItem, column: ColumnId): CellValue {
  const edit = state.cells.get(cellId(product.key, column));
  return edit ? edit.value : originalValue(product, column);
}

/**
 * The state with every edit, in the cells and in the undo history, passed
 * through `map` (undefined: no edit). History steps that no longer change
 * anything go. The same state when `map` changed nothing.
 */
function mapEdits(state: EditsState, map: (edit: CellEdit) => CellEdit | undefined): EditsState {
  let changed = false;
  const cells = new Map<string, CellEdit>();
  for (const [id, edit] of state.cells) {
    const next = map(edit);
    if (next !== edit) changed = true;
    if (next) cells.set(id, next);
  }
  const history = (batches: readonly Batch[]) =>
    batches.flatMap((batch): Batch[] => {
      let touched = false;
      const mapped = (edit: CellEdit | undefined) => {
        if (!edit) return undefined;
        const next = map(edit);
        if (next !== edit) touched = true;
        return next;
      };
      const changes: BatchChange[] = [];
      for (const change of batch.changes) {
        const next = { id: change.id, before: mapped(change.before), after: mapped(change.after) };
        if (!sameEdit(next.before, next.after)) changes.push(next);
      }
      if (!touched) return [batch];
      changed = true;
      return changes.length ? [{ label: batch.label, changes }] : [];
    });
  const past = history(state.past);
  const future = history(state.future);
  return changed ? { cells, past, future } : state;
}

/**
 * After a save of these products (or "take theirs"): their edits go (only
 * those of `columns`, when given), from the cells and from the undo history,
 * so that no undo brings back a value the store already holds.
 */
export function dropEdits(state: EditsState, keys: Iterable<string>, columns?: readonly ColumnId[]): EditsState {
  const keySet = new Set(keys);
  if (!keySet.size) return state;
  const columnSet = columns ? new Set(columns) : null;
  return mapEdits(state, (edit) =>
    keySet.has(edit.key) && (!columnSet || columnSet.has(edit.column)) ? undefined : edit,
  );
}

/**
 * After products were read again (`products`: the loaded products as now
 * held): an edit to the value a product now has goes, in the cells and in
 * the undo history; a cell in error keeps its text, over the new value.
 * Products not in `products` keep their edits as they are.
 */
export function rebase(state: EditsState, products: ReadonlyMap<string, GridItem>): EditsState {
  return lockEdits(
    mapEdits(state, (edit) => {
      const product = products.get(edit.key);
      if (!product) return edit;
      const original = originalValue(product, edit.column);
      if (!edit.error) return sameValue(edit.value, original) ? undefined : edit;
      return sameValue(edit.value, original) ? edit : { ...edit, value: original };
    }),
    products,
  );
}

/**
 * Edits of cells their product no longer takes (a quantity, once the product
 * has options in the store: docs/contract.md#catalogue-and-settings) become errors with the
 * column's reason, so that the product is held back and the person sees why,
 * rather than the change being left out of the save without a word. The same
 * state when there are none.
 */
export function lockEdits(state: EditsState, products: ReadonlyMap<string, GridItem>): EditsState {
  return mapEdits(state, (edit) => {
    const product = products.get(edit.key);
    const reason = product ? columnDef(edit.column).readOnly?.(product) : null;
    if (!product || !reason || edit.error === reason) return edit;
    return { ...edit, value: originalValue(product, edit.column), error: reason };
  });
}

/**
 * The edits of these cells taken back (the products' own values shown
 * again), as one undo step: how a cell the product no longer takes loses its
 * change, since it cannot be typed over.
 */
export function discardEdits(
  state: EditsState,
  cells: readonly { key: string; column: ColumnId }[],
  label: string,
): EditsState {
  const next = new Map<string, CellEdit | undefined>();
  for (const { key, column } of cells) {
    const id = cellId(key, column);
    if (state.cells.has(id)) next.set(id, undefined);
  }
  return commit(state, next, label);
}

interface Summary {
  errors: number;
  keys: string[];
}

const summaries = new WeakMap<ReadonlyMap<string, CellEdit>, Summary>();

function summary(state: EditsState): Summary {
  let s = summaries.get(state.cells);
  if (!s) {
    const keys = new Set<string>();
    let errors = 0;
    for (const edit of state.cells.values()) {
      keys.add(edit.key);
      if (edit.error) errors += 1;
    }
    s = { errors, keys: [...keys] };
    summaries.set(state.cells, s);
  }
  return s;
}

/** How many cells hold a text that cannot be saved. */
export function errorCount(state: EditsState): number {
  return summary(state).errors;
}

/** The keys of the products with at least one edit (in error or not), each once. */
export function editedKeys(state: EditsState): string[] {
  return [...summary(state).keys];
}

/** Every edit of each product, by key (for reviews, save plans, conflict checks). */
export function editsByKey(state: EditsState): Map<string, CellEdit[]> {
  const byKey = new Map<string, CellEdit[]>();
  for (const edit of state.cells.values()) {
    const list = byKey.get(edit.key);
    if (list) list.push(edit);
    else byKey.set(edit.key, [edit]);
  }
  return byKey;
}

/** What the cell shows: the text in error as typed, else its current value as the column formats it. */
export function cellText(state: EditsState, product: GridItem, column: ColumnId, ctx: GridContext): string {
  const edit = state.cells.get(cellId(product.key, column));
  if (edit?.error) return edit.text;
  return columnDef(column).format(edit ? edit.value : originalValue(product, column), ctx);
}
