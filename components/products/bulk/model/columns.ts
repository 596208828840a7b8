import type { BulkProduct, WireValue } from "../../../../lib/store/products/model-bulk";
import { moneyText, parseMoneyText } from "../../../../lib/money";
import { parseWeightText } from "../../../../lib/store/products/edit";
import {
  productStatusLabel,
  productStatusLabels,
  productStatuses,
  productTypes,
} from "../../../../lib/store/products/model";
import { quantityText, readQuantity } from "../../../../lib/store/products/model-inventory";
import {
  type CellValue,
  type Choice,
  type ColumnDef,
  type ColumnSpec,
  counted,
  defineColumns,
  gridColumn,
  type Parsed,
  parseFailure,
  parsedValue,
  parseFixedChoice,
  textFormat,
} from "../../../grid";
import { formatGroup, type GroupChoice, groupChoices, parseGroup } from "./groups";

/**
 * The bulk grid's columns (docs/bulk-editing.md#the-grid): what each shows,
 * what it accepts when a person types or pastes, and what it writes through
 * `products_multi` (docs/contract.md#products_multi). Columns as the grid
 * engine takes them (components/grid/columns.ts), over BulkProducts, with
 * `toWire` beside. Plain TypeScript: no React, no DOM, no server imports.
 *
 * Every `parse` accepts what `format` produced for the same product (copy a
 * cell and paste it back: nothing changes), so the grid, the clipboard and
 * the CSV export all round-trip.
 */

export type ColumnId =
  | "name"
  | "nameShort"
  | "sku"
  | "status"
  | "price"
  | "salePrice"
  | "cost"
  | "quantity"
  | "weight"
  | "type"
  | "shippingGroup"
  | "taxGroup"
  | "order";

/** What the bulk grid's columns read beside the product. */
export interface GridContext {
  /** The store's currency: every amount is in its minor units. */
  currency: string;
  /** Empty when the store would not list them: the column then takes and shows ids. */
  shippingGroups: GroupChoice[];
  taxGroups: GroupChoice[];
}

/** A column of the bulk grid: the engine's, and the value as products_multi takes it. */
export type BulkColumnDef = ColumnDef<BulkProduct, GridContext> & {
  id: ColumnId;
  /** The products_multi / product PUT property. */
  field: string;
  toWire: (value: CellValue, ctx: GridContext) => WireValue;
};

/** The longest text the store takes for a name, a short name or a SKU. */
export const maxTextLength = 255;

export const quantityReadOnlyReason = "Quantity is the sum of this product's options: edit them on the product's page.";

const ok = parsedValue;
const fail = parseFailure;

const controlCharacter = /[\u0000-\u001f\u007f]/;

/* ---------- text ---------- */

function parseText(what: string, required: boolean) {
  return (text: string): Parsed => {
    const t = text.trim();
    if (required && t === "") return fail(`Enter ${what}.`);
    if (controlCharacter.test(t)) return fail("Keep it on one line, without tabs.");
    if (t.length > maxTextLength) return fail(`Use at most ${maxTextLength} characters (this has ${t.length}).`);
    return ok(t);
  };
}

/* ---------- choices ---------- */

const typeLabels: Record<string, string> = { physical: "Physical", digital: "Digital" };

export function productTypeLabel(type: string): string {
  return typeLabels[type] ?? type;
}

const statusChoices: Choice[] = productStatuses.map((value) => ({ value, label: productStatusLabels[value] }));
const typeChoices: Choice[] = productTypes.map((value) => ({ value, label: productTypeLabel(value) }));

/* ---------- money ---------- */

/** parseMoneyText's reason as a sentence a clerk understands. */
function moneySentence(reason: string, currency: string): string {
  if (reason.startsWith("must be an amount")) return `Enter an amount such as ${moneyText(1250, currency)}.`;
  if (reason.startsWith("must have at most")) return `Use at most ${reason.replace(/\D+/g, "")} decimals.`;
  if (reason.startsWith("must be a whole amount")) return "Enter a whole amount: this currency has no decimals.";
  if (reason === "is too large") return "Enter a smaller amount.";
  if (reason === "must not be negative") return "Enter an amount of 0 or more.";
  return `The amount ${reason}.`;
}

function parseMoney(text: string, currency: string): Parsed {
  const parsed = parseMoneyText(text, currency);
  return parsed.ok ? ok(parsed.minor) : fail(moneySentence(parsed.error, currency));
}

const formatMoneyCell = (value: CellValue, ctx: GridContext) =>
  typeof value === "number" ? moneyText(value, ctx.currency) : "";

/**
 * Why a price deserves a second look before saving: cut to less than half of
 * what it was (a slip of a digit, 25.00 typed as 2.50, reaches customers).
 */
function priceCut(before: unknown, after: unknown): string | null {
  if (typeof before === "number" && typeof after === "number" && before > 0 && after * 2 < before) {
    return `Cut by ${Math.round((1 - after / before) * 100)} %: check that it is meant.`;
  }
  return null;
}

/* ---------- numbers ---------- */

function formatWeight(value: CellValue): string {
  if (typeof value !== "number") return "";
  // Six decimals at most, as typed: 0.30000000000000004 reads "0.3".
  return String(Number(value.toFixed(6)));
}

function parseWeight(text: string, product: BulkProduct): Parsed {
  // Empty: no weight, which the store keeps as 0 (null stays null: nothing changes).
  if (text.trim() === "") return ok(product.weight === null ? null : 0);
  const n = parseWeightText(text);
  return n === null ? fail("Enter a weight of 0 or more, such as 1.25.") : ok(n);
}

function parseOrder(text: string): Parsed {
  const t = text.trim();
  const n = /^\d{1,10}$/.test(t) ? Number(t) : NaN;
  return n >= 1 && n <= 2_147_483_647 ? ok(n) : fail("Enter a position: a whole number from 1.");
}

/* ---------- the columns ---------- */

/** A column of the bulk grid: only BulkProducts reach its read, readOnly and href. */
const column = (spec: ColumnSpec<BulkProduct, GridContext, Pick<BulkColumnDef, "id" | "toWire">>): BulkColumnDef =>
  gridColumn(spec);

const textWire = (value: CellValue): WireValue => (value === null ? "" : String(value));

/** The bulk grid's columns, in their order: known to the grid engine by id as the products'. */
export const columns: readonly BulkColumnDef[] = defineColumns("products", [
  column({
    id: "name",
    label: "Name",
    field: "name",
    kind: "text",
    width: 280,
    align: "start",
    format: textFormat,
    read: parseText("a name", true),
    trims: true,
    toWire: textWire,
  }),
  column({
    id: "nameShort",
    label: "Short name",
    field: "name_short",
    kind: "text",
    width: 180,
    align: "start",
    format: textFormat,
    read: parseText("a short name", false),
    trims: true,
    toWire: textWire,
  }),
  column({
    id: "sku",
    label: "SKU",
    field: "sku",
    kind: "text",
    width: 150,
    align: "start",
    format: textFormat,
    read: parseText("a SKU", false),
    trims: true,
    toWire: textWire,
  }),
  column({
    id: "status",
    label: "Status",
    field: "status",
    kind: "choice",
    width: 130,
    align: "start",
    choices: () => statusChoices,
    format: (value) => (value === null ? "" : productStatusLabel(String(value))),
    read: parseFixedChoice(statusChoices, "status"),
    toWire: textWire,
  }),
  column({
    id: "price",
    label: "Price",
    field: "price",
    kind: "money",
    width: 110,
    align: "end",
    format: formatMoneyCell,
    read: (text, ctx) => (text.trim() === "" ? fail("Enter a price.") : parseMoney(text, ctx.currency)),
    warning: priceCut,
    warningNotice: (cuts) => ({
      title: "Check these prices before saving",
      text: `${cuts === 1 ? "One price is" : `${counted(cuts)} prices are`} cut by more than half (marked below). Customers see a new price as soon as it is saved.`,
    }),
    toWire: (value, ctx) => (typeof value === "number" ? moneyText(value, ctx.currency) : null),
  }),
  column({
    id: "salePrice",
    label: "Sale price",
    field: "sale_price",
    kind: "money",
    width: 110,
    align: "end",
    format: formatMoneyCell,
    // Empty takes the product off sale (docs/contract.md#catalogue-and-settings).
    read: (text, ctx) => (text.trim() === "" ? ok(null) : parseMoney(text, ctx.currency)),
    toWire: (value, ctx) => (typeof value === "number" ? moneyText(value, ctx.currency) : null),
  }),
  column({
    id: "cost",
    label: "Cost",
    field: "cost",
    kind: "money",
    width: 110,
    align: "end",
    format: formatMoneyCell,
    // The store has no empty cost: empty is 0 (and a cost the store never sent stays unsent).
    read: (text, ctx, product) =>
      text.trim() === "" ? ok(product.cost === null ? null : 0) : parseMoney(text, ctx.currency),
    toWire: (value, ctx) => moneyText(typeof value === "number" ? value : 0, ctx.currency),
  }),
  column({
    id: "quantity",
    label: "Quantity",
    field: "quantity",
    kind: "quantity",
    width: 110,
    align: "end",
    format: quantityText,
    read: readQuantity,
    readOnly: (product) => (product.hasOptions ? quantityReadOnlyReason : null),
    toWire: (value) => (typeof value === "number" ? value : null),
  }),
  column({
    id: "weight",
    label: "Weight",
    field: "weight",
    kind: "number",
    width: 100,
    align: "end",
    format: formatWeight,
    read: (text, _ctx, product) => parseWeight(text, product),
    toWire: (value) => (typeof value === "number" ? value : 0),
  }),
  column({
    id: "type",
    label: "Type",
    field: "type",
    kind: "choice",
    width: 110,
    align: "start",
    choices: () => typeChoices,
    format: (value) => (value === null ? "" : productTypeLabel(String(value))),
    read: parseFixedChoice(typeChoices, "type"),
    toWire: textWire,
  }),
  column({
    id: "shippingGroup",
    label: "Shipping group",
    field: "shipping_group",
    kind: "choice",
    width: 170,
    align: "start",
    choices: (ctx) => groupChoices(ctx.shippingGroups),
    format: (value, ctx) => formatGroup(value, ctx.shippingGroups),
    read: (text, ctx) => parseGroup(text, ctx.shippingGroups, "shipping group"),
    toWire: (value) => (value === null || value === "" ? null : String(value)),
  }),
  column({
    id: "taxGroup",
    label: "Tax group",
    field: "tax_group",
    kind: "choice",
    width: 170,
    align: "start",
    choices: (ctx) => groupChoices(ctx.taxGroups),
    format: (value, ctx) => formatGroup(value, ctx.taxGroups),
    read: (text, ctx) => parseGroup(text, ctx.taxGroups, "tax group"),
    toWire: (value) => (value === null || value === "" ? null : String(value)),
  }),
  column({
    id: "order",
    label: "Order",
    field: "order",
    kind: "number",
    width: 90,
    align: "end",
    format: textFormat,
    read: parseOrder,
    toWire: (value) => (typeof value === "number" ? value : null),
  }),
]);

export const columnById = Object.fromEntries(columns.map((c) => [c.id, c])) as Record<ColumnId, BulkColumnDef>;

export const columnIds: readonly ColumnId[] = columns.map((c) => c.id);

/** A column of the bulk grid (a CSV's header, a column to show). */
export function isColumnId(value: string): value is ColumnId {
  return columnIds.includes(value as ColumnId);
}
