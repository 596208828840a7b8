/**
 * The grid engine (docs/bulk-editing.md#the-grid-engine): a spreadsheet-like
 * editor of rows, which the bulk editor (components/products/bulk) and the
 * inventory (components/products/inventory) compose with their own columns,
 * rows and saver. This is its one public entry: features import from
 * here, never from its files; and nothing here imports a feature.
 */

// The columns API: what a column is, and how a feature's columns are made known by id.
export {
  type CellValue,
  type Choice,
  type ColumnDef,
  columnDef,
  type ColumnId,
  type ColumnKind,
  columnOrder,
  defineColumns,
  type GridContext,
  type GridItem,
  hasColumn,
  originalValue,
  type Parsed,
  sameValue,
  UNLIMITED,
} from "./columns";
export {
  type ColumnSpec,
  gridColumn,
  listInWords,
  looseKey,
  parsedValue,
  parseFailure,
  parseFixedChoice,
  textFormat,
} from "./cells";

// The pure model: edits and undo, selection, paste and fill, review, conflicts, sort.
export {
  applyChanges,
  type Batch,
  type BatchChange,
  canRedo,
  canUndo,
  type CellChangeRequest,
  type CellEdit,
  cellId,
  cellText,
  type CellValueChange,
  currentValue,
  discardEdits,
  dropEdits,
  editedKeys,
  editOf,
  editsByKey,
  type EditsState,
  emptyEdits,
  errorCount,
  historyLimit,
  lockEdits,
  rebase,
  redo,
  redoLabel,
  setValues,
  undo,
  undoLabel,
} from "./model/edits";
export {
  type Bounds,
  type CellPos,
  clampPos,
  clampSelection,
  collapse,
  extendTo,
  followRows,
  inRange,
  moveBy,
  type PinnedSelection,
  pinSelection,
  type Range,
  rangeOf,
  rangeSize,
  selectAll,
  type Selection,
} from "./model/selection";
export { copyCells, parseTsv, type PasteResult, pasteRequests, toTsv } from "./model/clipboard";
export { type DelimitedParse, parseDelimited, splitDelimited } from "./model/delimited";
export { fillDownRequests, setAllRequests } from "./model/fill";
export { changeWarning, editsInColumnOrder, type ReviewChange, reviewChanges } from "./model/review";
export { type Conflict, type FieldConflict, findConflicts } from "./model/conflicts";
export { categoriesOf, eachInBackground, type GridSort, prepareSort, searchText, sortRows, words } from "./model/sort";
export { moveKeys } from "./grid-moves";
export { counted, plural } from "./words";

// The state and its reducer, and the hooks that run them.
export {
  activeCellLine,
  changeSummary,
  editsLine,
  type GridAction,
  gridReducer,
  type GridState,
  initialGridState,
  type Noun,
  nextSort,
  pinnedSelection,
  selectedRowCount,
  setValueRequests,
  withEdits,
} from "./grid-state";
export {
  type GridEditorApi,
  type GridStateHandle,
  type GridView,
  useGridEditor,
  useGridState,
} from "./use-grid-editor";

// The save: a feature's saver, run by the review and save dialog.
export type { GridSaver, SaveOutcome, SaveRun } from "./saver";

// The catalogue the grids are made of: streamed in, read again by key.
export { CATALOGUE_URL } from "./catalogue-url";
export {
  type CatalogueReader,
  type CatalogueState,
  ndjsonLines,
  readCatalogueOnce,
  readProductsNow,
  useCatalogue,
} from "./use-catalogue";

// The components: the virtualised grid, and the editor's page around it.
export { Grid, type GridProblem, type GridProps } from "./grid";
export { GridEditor, type GridEditorProps } from "./grid-editor";
export { EditBar, type EditBarProps } from "./edit-bar";
export { GridFooter } from "./grid-footer";
export { narrowOrder, useColumnsForWidth } from "./narrow-order";
export { LoadNotices, SaveProblemsNotice } from "./notices";
export { SaveDialog, type SaveDialogProps } from "./save-dialog";
export { SetValueDialog, type SetValueDialogProps } from "./set-value-dialog";
