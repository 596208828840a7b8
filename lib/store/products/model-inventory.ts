import { parseQuantityText } from "./edit";
import { type ProductOption, unlimitedQuantity } from "./model";

/**
 * The inventory page's data (docs/bulk-editing.md#inventory): one row per
 * option (the default one of a product without options included) and per
 * extra, over the whole catalogue. The rows are made in the browser from the
 * bulk grid's catalogue stream read with `?with=stock`, whose products then
 * carry their `stock` items. Browser-safe: no server imports.
 */

export type StockKind = "option" | "extra";

/** An option or an extra as a catalogue line carries it: what the inventory shows and writes. */
export interface StockItem {
  kind: StockKind;
  key: string;
  /** The implicit single option of a product without options. */
  isDefault: boolean;
  /** The column values, in the store's order ("M", "White"); an extra's name and value. */
  values: string[];
  /** -1: unlimited. */
  quantity: number;
  /** An option's `fetch_sku` (the only SKU an option carries); the default option's is the product's SKU. */
  sku: string;
}

/** Whether `unlimited` is on: a choice column's value (CellValue holds no booleans). */
export type YesNo = "yes" | "no";

/**
 * One row of the inventory grid. The grid reads a cell's value from the
 * field named as its column (components/products/inventory/columns.ts):
 * `product`, `values`, `itemSku`, `stock`, `unlimited`.
 */
export interface InventoryRow {
  /** `option:<product key>/<option key>`, each part URI-encoded: unique, and no NUL (edit ids use one). */
  key: string;
  /** "Crew Tee (M, White)", as an order line names it: the review and the notices use it. */
  name: string;
  /** The product's `modified` (UNIX seconds): the conflict check compares it. */
  modified: number | null;
  productKey: string;
  productSlug: string;
  kind: StockKind;
  itemKey: string;
  /** The product's name. */
  product: string;
  /** The option's values ("M, White"), "Extra: Gift wrap", or "No options". */
  values: string;
  itemSku: string;
  /** The count; -1 when unlimited. */
  stock: number;
  unlimited: YesNo;
  categories: string[];
}

export const inventoryRowKey = (kind: StockKind, productKey: string, itemKey: string) =>
  `${kind}:${encodeURIComponent(productKey)}/${encodeURIComponent(itemKey)}`;

/** What a product gives its rows from: a catalogue line of the inventory stream. */
export interface StockProduct {
  key: string;
  slug: string;
  name: string;
  sku: string;
  modified: number | null;
  categories: string[];
  stock?: StockItem[];
}

/** What an option or extra gives its stock item: a whole Product's, or the inventory stream's reading. */
export type StockSource = Pick<ProductOption, "key" | "metadata" | "quantity"> &
  Partial<Pick<ProductOption, "isDefault" | "fetchSku">>;

/** A product's options and extras as stock items (the stream's lines, and the conflict check's fresh read). */
export function stockOf(product: { options: readonly StockSource[]; extras: readonly StockSource[] }): StockItem[] {
  const item = (kind: StockKind, i: StockSource): StockItem => ({
    kind,
    key: i.key,
    isDefault: i.isDefault ?? false,
    // An extra's name and value ("Gift wrap: Yes"); a name that only says "Extra" is left out, as the row
    // says so itself ("Extra: Gift wrap", not "Extra: Extra: Gift wrap").
    values: Object.entries(i.metadata).map(([name, value]) =>
      kind !== "extra" ? value : /^\s*extras?\s*$/i.test(name) ? value : `${name}: ${value}`,
    ),
    quantity: i.quantity,
    sku: i.fetchSku ?? "",
  });
  return [
    ...product.options.filter((o) => o.key).map((o) => item("option", o)),
    ...product.extras.filter((e) => e.key).map((e) => item("extra", e)),
  ];
}

function valuesText(item: StockItem): string {
  if (item.kind === "extra") return `Extra: ${item.values.join(", ") || item.key}`;
  if (item.isDefault) return "No options";
  return item.values.join(", ") || item.key;
}

const rowsOf = new WeakMap<StockProduct, InventoryRow[]>();

/**
 * A product's inventory rows: its options in order (its default option when
 * it has none of its own), then its extras. Cached per product object: pages
 * arrive one after the other, and rows are made again only for products that
 * changed (the catalogue replaces a product's object when it does).
 */
export function inventoryRows(product: StockProduct): InventoryRow[] {
  const cached = rowsOf.get(product);
  if (cached) return cached;
  const items = product.stock ?? [];
  const ownOptions = items.some((item) => item.kind === "option" && !item.isDefault);
  const rows = items
    .filter((item) => item.kind === "extra" || item.isDefault !== ownOptions)
    .map((item): InventoryRow => {
      const values = valuesText(item);
      return {
        key: inventoryRowKey(item.kind, product.key, item.key),
        name: item.kind === "option" && item.isDefault ? product.name : `${product.name} (${values})`,
        modified: product.modified,
        productKey: product.key,
        productSlug: product.slug,
        kind: item.kind,
        itemKey: item.key,
        product: product.name,
        values,
        itemSku: item.kind === "option" && item.isDefault ? product.sku : item.sku,
        stock: item.quantity,
        unlimited: item.quantity === unlimitedQuantity ? "yes" : "no",
        categories: product.categories,
      };
    });
  rowsOf.set(product, rows);
  return rows;
}

/* ---------- a quantity in a grid's cell ---------- */

/** A quantity as a grid's cell shows it (the bulk editor's quantity, the inventory's stock): -1 as "Unlimited". */
export function quantityText(value: unknown): string {
  if (value === unlimitedQuantity) return "Unlimited";
  return value === null ? "" : String(value);
}

const unlimitedWords = new Set(["unlimited", "∞", "-1"]);

/** A quantity as typed or pasted into such a cell: a whole number from 0 (a spreadsheet's "1,250" too), or Unlimited. */
export function readQuantity(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const t = text.trim();
  if (t === "") return { ok: false, error: "Enter a quantity, or Unlimited." };
  if (unlimitedWords.has(t.toLowerCase())) return { ok: true, value: unlimitedQuantity };
  // A spreadsheet may group thousands: "1,250".
  const plain = /^\d{1,3}(,\d{3})+$/.test(t) ? t.replaceAll(",", "") : t;
  const n = parseQuantityText(plain);
  return n === null ? { ok: false, error: "Enter a whole number from 0, or Unlimited." } : { ok: true, value: n };
}

/** One stock write of a save (saveStockAction): `PUT /products/{product}/options|extras/{item}` with `quantity`. */
export interface StockWrite {
  /** The row's key, to put the answer back on its row. */
  row: string;
  product: string;
  kind: StockKind;
  item: string;
  quantity: number;
}

/** The store's answer to one StockWrite: the quantity it now holds, or its refusal in one sentence. */
export type StockWriteResult =
  { row: string; ok: true; quantity: number } | { row: string; ok: false; status: number; error: string };

/** At most this many writes in one saveStockAction call; the store is written `stockWriteConcurrency` at a time. */
export const stockSaveLimits = { writes: 40, keyLength: 255 } as const;
export const stockWriteConcurrency = 4;

/** The inventory stream: the bulk grid's, with each product's options and extras (app/api/products/bulk/route.ts). */
export const INVENTORY_CATALOGUE_URL = "/api/products/bulk?with=stock";
