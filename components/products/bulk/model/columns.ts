import type { BulkProduct, WireValue } from "../../../../lib/store/products/model-bulk";
import type { InventoryRow } from "../../../../lib/store/products/model-inventory";
import { moneyText, parseMoneyText } from "../../../../lib/money";
import { parseQuantityText, parseWeightText } from "../../../../lib/store/products/edit";
import {
  productStatusLabel,
  productStatusLabels,
  productStatuses,
  productTypes,
  unlimitedQuantity,
} from "../../../../lib/store/products/model";

/**
 * The bulk grid's columns (docs/bulk-editing.md#the-grid): what each shows,
 * what it accepts when a person types or pastes, and what it writes through
 * `products_multi` (docs/contract.md#products_multi). Plain TypeScript: no
 * React, no DOM, no server imports.
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
  | "order"
  // The inventory's (docs/bulk-editing.md#inventory): an InventoryRow's fields.
  | "product"
  | "values"
  | "itemSku"
  | "stock"
  | "unlimited";

/**
 * A row the grid edits: a product (the bulk grid), or an option or extra
 * (the inventory page). A cell's stored value is the row's field named as
 * its column.
 */
export interface GridItem {
  key: string;
  /** The row's name in sentences ("Crew Tee", "Crew Tee (M, White)"). */
  name: string;
  /** UNIX seconds, when the store sends it: the conflict check compares it. */
  modified: number | null;
}

export type CellValue = string | number | null;

export interface GroupChoice {
  id: string;
  name: string;
}

export interface GridContext {
  /** The store's currency: every amount is in its minor units. */
  currency: string;
  /** Empty when the store would not list them: the column then takes and shows ids. */
  shippingGroups: GroupChoice[];
  taxGroups: GroupChoice[];
}

export interface Choice {
  value: string;
  label: string;
}

export type Parsed = { ok: true; value: CellValue } | { ok: false; error: string };

export interface ColumnDef {
  id: ColumnId;
  /** The header text. */
  label: string;
  /** The products_multi / product PUT property. */
  field: string;
  kind: "text" | "money" | "quantity" | "number" | "choice";
  /** Default width in px. */
  width: number;
  align: "start" | "end";
  /** The values a choice column offers (the group columns start with "None"). */
  choices?: (ctx: GridContext) => Choice[];
  /** What the cell shows, copy writes and the CSV export writes: money without a symbol, -1 as "Unlimited", a choice as its label, null as "". */
  format: (value: CellValue, ctx: GridContext) => string;
  /**
   * What a person typed or pasted into this row's cell. (Methods, not function properties: a
   * column of one grid takes that grid's rows, BulkProduct or InventoryRow, as its GridItem.)
   */
  parse(text: string, ctx: GridContext, product: GridItem): Parsed;
  /** Why the cell cannot be changed on this row, or null. */
  readOnly?(product: GridItem): string | null;
  /** A page the cell's text links to (the inventory's product), or null. */
  href?(product: GridItem): string | null;
  /** The value as products_multi takes it. */
  toWire: (value: CellValue, ctx: GridContext) => WireValue;
}

/** The longest text the store takes for a name, a short name or a SKU. */
export const maxTextLength = 255;

export const quantityReadOnlyReason = "Quantity is the sum of this product's options: edit them on the product's page.";

export function originalValue(product: GridItem, column: ColumnId): CellValue {
  return (product as unknown as Record<ColumnId, CellValue>)[column];
}

export function sameValue(a: CellValue, b: CellValue): boolean {
  return a === b;
}

const ok = (value: CellValue): Parsed => ({ ok: true, value });
const fail = (error: string): Parsed => ({ ok: false, error });

/** For matching choices and CSV headers: case, spacing, "_" and "-" do not matter ("ON_SALE" is "on sale"). */
export const looseKey = (text: string) =>
  text
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** For matching group names: case and runs of spaces do not matter. */
const nameKey = (text: string) => text.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " ");

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

function listInWords(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}

function parseFixedChoice(choices: readonly Choice[], what: string) {
  const byKey = new Map<string, string>();
  for (const choice of choices) {
    byKey.set(looseKey(choice.value), choice.value);
    byKey.set(looseKey(choice.label), choice.value);
  }
  const error = `Choose a ${what}: ${listInWords(choices.map((c) => c.label))}.`;
  return (text: string): Parsed => {
    const value = byKey.get(looseKey(text));
    return value === undefined ? fail(error) : ok(value);
  };
}

/* ---------- groups ---------- */

interface GroupTable {
  choices: Choice[];
  /** id → label */
  labels: Map<string, string>;
  /** label (nameKey) → id */
  byLabel: Map<string, string>;
  /** name (nameKey) → ids */
  byName: Map<string, string[]>;
  ids: Set<string>;
}

const groupTables = new WeakMap<readonly GroupChoice[], GroupTable>();

/**
 * The groups as choices. A name two groups share, or "None", is labelled with
 * the id too ("Europe (4)"), so that every label names one group.
 */
function groupTable(groups: readonly GroupChoice[]): GroupTable {
  let table = groupTables.get(groups);
  if (table) return table;
  const byName = new Map<string, string[]>();
  for (const group of groups) {
    const key = nameKey(group.name);
    byName.set(key, [...(byName.get(key) ?? []), group.id]);
  }
  const labels = new Map<string, string>();
  const byLabel = new Map<string, string>();
  const choices: Choice[] = [{ value: "", label: "None" }];
  for (const group of groups) {
    const key = nameKey(group.name);
    const plain = group.name.trim();
    const label =
      plain === "" || key === "none" || byName.get(key)!.length > 1 ? `${plain} (${group.id})`.trim() : plain;
    labels.set(group.id, label);
    byLabel.set(nameKey(label), group.id);
    choices.push({ value: group.id, label });
  }
  table = { choices, labels, byLabel, byName, ids: new Set(groups.map((g) => g.id)) };
  groupTables.set(groups, table);
  return table;
}

/** The choices of a group column: "None" (value "") first, then the groups. */
export function groupChoices(groups: readonly GroupChoice[]): Choice[] {
  return groupTable(groups).choices;
}

function formatGroup(value: CellValue, groups: readonly GroupChoice[]): string {
  if (value === null || value === "") return "";
  const id = String(value);
  return groupTable(groups).labels.get(id) ?? id;
}

function parseGroup(text: string, groups: readonly GroupChoice[], what: string): Parsed {
  const t = text.trim();
  const key = nameKey(t);
  if (key === "" || key === "none") return ok(null);
  const table = groupTable(groups);
  const byLabel = table.byLabel.get(key);
  if (byLabel !== undefined) return ok(byLabel);
  const byName = table.byName.get(key);
  if (byName?.length === 1) return ok(byName[0]!);
  if (byName && byName.length > 1) return fail(`Several ${what}s have this name: choose one from the list.`);
  if (table.ids.has(t)) return ok(t);
  // The store would not list its groups: take an id as typed.
  if (groups.length === 0) return /^\d{1,10}$/.test(t) ? ok(t) : fail(`Enter the ${what}'s id, a number.`);
  return fail(`Choose a ${what} from the list, or None.`);
}

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

/* ---------- numbers ---------- */

const unlimitedWords = new Set(["unlimited", "∞", "-1"]);

function parseQuantity(text: string): Parsed {
  const t = text.trim();
  if (t === "") return fail("Enter a quantity, or Unlimited.");
  if (unlimitedWords.has(t.toLowerCase())) return ok(unlimitedQuantity);
  // A spreadsheet may group thousands: "1,250".
  const plain = /^\d{1,3}(,\d{3})+$/.test(t) ? t.replaceAll(",", "") : t;
  const n = parseQuantityText(plain);
  return n === null ? fail("Enter a whole number from 0, or Unlimited.") : ok(n);
}

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

type Spec<R extends GridItem> = Omit<ColumnDef, "parse" | "readOnly" | "href"> & {
  /** The parse proper: `parse` first takes back what `format` showed for this row. */
  read: (text: string, ctx: GridContext, product: R) => Parsed;
  readOnly?: (product: R) => string | null;
  href?: (product: R) => string | null;
  /** Text columns: surrounding spaces do not make a change. */
  trims?: boolean;
};

/** A column of the grid whose rows are R: only R rows ever reach its read, readOnly and href. */
function column<R extends GridItem = BulkProduct>({ read, trims, ...spec }: Spec<R>): ColumnDef {
  return {
    ...(spec as Omit<ColumnDef, "parse">),
    parse(text, ctx, item) {
      const product = item as R;
      const original = originalValue(product, spec.id);
      const shown = spec.format(original, ctx);
      // The round trip: what this cell showed (a store value this grid would
      // not accept when typed, too) is that value, unchanged.
      if (text === shown || (trims && text.trim() === shown.trim())) return ok(original);
      return read(text, ctx, product);
    },
  };
}

const textFormat = (value: CellValue) => (value === null ? "" : String(value));
const textWire = (value: CellValue): WireValue => (value === null ? "" : String(value));

export const columns: readonly ColumnDef[] = [
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
    format: (value) => (value === unlimitedQuantity ? "Unlimited" : textFormat(value)),
    read: parseQuantity,
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
];

/* ---------- the inventory's columns ---------- */

const itemReadOnly = "The product, the option's values and its SKU are changed on the product's page.";
const yesNoChoices: Choice[] = [
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
];

/**
 * The inventory page's columns (docs/bulk-editing.md#inventory): an option's
 * or extra's product (linking to its page), values and SKU, shown; its stock
 * and "unlimited", edited. Both write the item's `quantity` (-1: unlimited;
 * components/products/inventory/model.ts, stockWrites).
 */
export const inventoryColumns: readonly ColumnDef[] = [
  column<InventoryRow>({
    id: "product",
    label: "Product",
    field: "product",
    kind: "text",
    width: 240,
    align: "start",
    format: textFormat,
    read: () => fail(itemReadOnly),
    readOnly: () => itemReadOnly,
    href: (row) => `/products/${encodeURIComponent(row.productKey)}`,
    toWire: textWire,
  }),
  column<InventoryRow>({
    id: "values",
    label: "Option",
    field: "values",
    kind: "text",
    width: 200,
    align: "start",
    format: textFormat,
    read: () => fail(itemReadOnly),
    readOnly: () => itemReadOnly,
    toWire: textWire,
  }),
  column<InventoryRow>({
    id: "itemSku",
    label: "SKU",
    field: "fetch_sku",
    kind: "text",
    width: 150,
    align: "start",
    format: textFormat,
    read: () => fail(itemReadOnly),
    readOnly: () => itemReadOnly,
    toWire: textWire,
  }),
  column<InventoryRow>({
    id: "stock",
    label: "Stock",
    field: "quantity",
    kind: "quantity",
    width: 110,
    align: "end",
    format: (value) => (value === unlimitedQuantity ? "Unlimited" : textFormat(value)),
    read: parseQuantity,
    toWire: (value) => (typeof value === "number" ? value : null),
  }),
  column<InventoryRow>({
    id: "unlimited",
    label: "Unlimited",
    field: "unlimited",
    kind: "choice",
    width: 110,
    align: "start",
    choices: () => yesNoChoices,
    format: (value) => (value === "yes" ? "Yes" : value === "no" ? "No" : ""),
    read: parseFixedChoice(yesNoChoices, "value"),
    toWire: (value) => (value === null ? null : String(value)),
  }),
];

export const columnById = Object.fromEntries([...columns, ...inventoryColumns].map((c) => [c.id, c])) as Record<
  ColumnId,
  ColumnDef
>;

export const columnIds: readonly ColumnId[] = columns.map((c) => c.id);

/** Where each column sits in its grid's list (the column order of reviews and save plans). */
export const columnIndex = Object.fromEntries([
  ...columns.map((c, i) => [c.id, i]),
  ...inventoryColumns.map((c, i) => [c.id, i]),
] as [ColumnId, number][]) as Record<ColumnId, number>;

/** A column of the bulk grid (a CSV's header, a column to show). */
export function isColumnId(value: string): value is ColumnId {
  return columnIds.includes(value as ColumnId);
}
