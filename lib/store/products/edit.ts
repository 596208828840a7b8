import { formatMoney, moneyText, parseMoneyText } from "../../money";
import {
  type FormFieldType,
  type GroupRef,
  formFieldTypes,
  type Product,
  type ProductExtra,
  type ProductOption,
  type ProductStatus,
  type ProductType,
  unlimitedQuantity,
} from "./model";

/**
 * The product editor's pure half: the draft a form edits, built from a
 * product; what changed between two drafts; and the payload of each write,
 * each part for its own endpoint (docs/contract.md#catalogue-and-settings):
 *
 * - product fields: `PUT /products/{key}` (create: `POST /products` with everything);
 * - options, extras: replace-all `POST /products/{key}/options|extras`, a JSON
 *   list where rows that exist carry their key as `id`;
 * - categories: replace-all `POST /products/{key}/categories`, comma-separated.
 *
 * Plain TypeScript, no zod: the form (a client component) and the server
 * action both use it.
 */

/** Minor units as the store takes them on write: a plain decimal ("12.50"). */
export function moneyWrite(minor: number, currency: string): string {
  return moneyText(minor, currency);
}

/** The margin at a selling price: what is left after the cost, and its share of the price. */
export function margin(
  sellingMinor: number | null,
  costMinor: number | null,
  currency: string,
): { amount: string; percent: string | null; negative: boolean } | null {
  if (sellingMinor === null || costMinor === null) return null;
  const left = sellingMinor - costMinor;
  const percent =
    sellingMinor > 0
      ? new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 }).format(left / sellingMinor)
      : null;
  return { amount: formatMoney(left, currency), percent, negative: left < 0 };
}

/* ---------- numbers as typed ---------- */

/** A whole quantity from 0, typed. */
export function parseQuantityText(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n <= 2_147_483_647 ? n : null;
}

/** A weight from 0, typed ("1.25"); blank is 0. */
export function parseWeightText(text: string): number | null {
  const t = text.trim();
  if (t === "") return 0;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(t)) return null;
  return Number(t);
}

const weightText = (weight: number | null) => (weight ? String(weight) : "");

/** The shipping or tax groups a picker lists, or why it cannot list them. */
export type GroupChoices =
  { status: "ok"; groups: GroupRef[] } | { status: "forbidden" | "missing" | "failed"; groups: GroupRef[] };

/* ---------- the draft ---------- */

export interface ItemColumn {
  /** Stable within the page, for React keys; never sent. */
  id: string;
  name: string;
}

export interface ItemRow {
  /** Stable within the page, for React keys; never sent. */
  id: string;
  /** The store's key of a row that exists; "" for a new row. Sent as `id`. */
  key: string;
  /** One value per column, in the columns' order. */
  values: string[];
  quantity: string;
  unlimited: boolean;
  surcharge: string;
  cost: string;
  weight: string;
  /** Options only. */
  fetchSku: string;
}

/** The options or extras table: one column per metadata column. */
export interface ItemsDraft {
  columns: ItemColumn[];
  rows: ItemRow[];
}

export interface FormFieldDraft {
  id: string;
  label: string;
  placeholder: string;
  type: FormFieldType;
  required: boolean;
}

export interface FormDraft {
  name: string;
  fields: FormFieldDraft[];
}

export interface PairDraft {
  key: string;
  value: string;
}

/** Everything the editor's form holds; text where a person types. */
export interface ProductDraft {
  name: string;
  nameShort: string;
  description: string;
  descriptionShort: string;
  sku: string;
  fetchSku: string;
  type: ProductType | string;
  status: ProductStatus | string;
  price: string;
  salePrice: string;
  cost: string;
  unlimited: boolean;
  quantity: string;
  weight: string;
  /** A group id, or "" for none. */
  shippingGroup: string;
  taxGroup: string;
  optionStyle: "single" | "separate";
  options: ItemsDraft;
  extras: ItemsDraft;
  categories: string[];
  /** null: the product has no form (or it is to be removed). */
  form: FormDraft | null;
  /** Write-only (never read back): always start empty. */
  productMetadata: PairDraft[];
  defaultOptionMetadata: PairDraft[];
}

let lastId = 0;
/** A fresh id for a row, column or form field, unique in this page. */
export function newDraftId(prefix = "n"): string {
  lastId += 1;
  return `${prefix}${lastId}`;
}

/** The columns of a table: every metadata name, in the order the rows first use them. */
export function columnsOf(items: readonly { metadata: Record<string, string> }[]): string[] {
  const names: string[] = [];
  for (const item of items) for (const name of Object.keys(item.metadata)) if (!names.includes(name)) names.push(name);
  return names;
}

function itemsDraft(items: readonly (ProductOption | ProductExtra)[], currency: string): ItemsDraft {
  const names = columnsOf(items);
  return {
    columns: names.map((name) => ({ id: newDraftId("c"), name })),
    rows: items.map((item) => ({
      id: newDraftId("r"),
      key: item.key,
      values: names.map((name) => item.metadata[name] ?? ""),
      quantity: item.quantity === unlimitedQuantity ? "" : String(Math.max(0, item.quantity)),
      unlimited: item.quantity === unlimitedQuantity,
      surcharge: moneyText(item.surcharge, currency),
      cost: item.cost ? moneyText(item.cost, currency) : "",
      weight: weightText(item.weight),
      fetchSku: "fetchSku" in item ? (item.fetchSku ?? "") : "",
    })),
  };
}

/** A product as the editor's draft. */
export function draftFromProduct(product: Product): ProductDraft {
  const c = product.currency;
  const own = product.options.filter((o) => !o.isDefault);
  return {
    name: product.name,
    nameShort: product.nameShort,
    description: product.description,
    descriptionShort: product.descriptionShort,
    sku: product.sku,
    fetchSku: product.fetchSku,
    type: product.type,
    status: product.status,
    price: moneyText(product.price, c),
    salePrice: product.salePrice === null ? "" : moneyText(product.salePrice, c),
    cost: product.cost ? moneyText(product.cost, c) : "",
    unlimited: product.quantity === unlimitedQuantity,
    quantity: product.quantity === unlimitedQuantity ? "" : String(Math.max(0, product.quantity)),
    weight: weightText(product.weight),
    shippingGroup: product.shippingGroup?.id ?? "",
    taxGroup: product.taxGroup?.id ?? "",
    optionStyle: product.optionStyle,
    options: itemsDraft(own, c),
    extras: itemsDraft(product.extras, c),
    categories: [...product.categories],
    form: product.form
      ? {
          name: product.form.name,
          fields: product.form.fields.map((f) => ({
            id: newDraftId("f"),
            label: f.label,
            placeholder: f.placeholder,
            type: (formFieldTypes as readonly string[]).includes(f.type) ? (f.type as FormFieldType) : "text",
            required: f.required,
          })),
        }
      : null,
    productMetadata: [],
    defaultOptionMetadata: [],
  };
}

/** The draft of a new product. */
export function emptyDraft(): ProductDraft {
  return {
    name: "",
    nameShort: "",
    description: "",
    descriptionShort: "",
    sku: "",
    fetchSku: "",
    type: "physical",
    status: "available",
    price: "",
    salePrice: "",
    cost: "",
    unlimited: true,
    quantity: "",
    weight: "",
    shippingGroup: "",
    taxGroup: "",
    optionStyle: "single",
    options: { columns: [], rows: [] },
    extras: { columns: [], rows: [] },
    categories: [],
    form: null,
    productMetadata: [],
    defaultOptionMetadata: [],
  };
}

/** A new row for a table: blank values, unlimited, no surcharge. */
export function newItemRow(columnCount: number): ItemRow {
  return {
    id: newDraftId("r"),
    key: "",
    values: Array.from({ length: columnCount }, () => ""),
    quantity: "",
    unlimited: true,
    surcharge: "0",
    cost: "",
    weight: "",
    fetchSku: "",
  };
}

/* ---------- what the store is sent ---------- */

/** An option or extra as written: the key as `id` (docs/contract.md#catalogue-and-settings). */
export interface ItemWrite {
  id?: string;
  metadata: Record<string, string>;
  quantity: number;
  surcharge: string;
  cost: string;
  weight: number;
  fetch_sku?: string;
}

/** The form fields of a product write (PUT or POST): values as the store takes them. */
export type ProductFields = Record<string, string | number | null>;

export type SavePart = "product" | "options" | "extras" | "categories";

export const savePartLabels: Record<SavePart, string> = {
  product: "product details",
  options: "options",
  extras: "extras",
  categories: "categories",
};

/** One save: each changed part with its payload, in the order to send them. */
export interface SavePlan {
  product?: ProductFields;
  options?: ItemWrite[];
  extras?: ItemWrite[];
  categories?: string[];
  order: SavePart[];
}

/** Thrown when a draft that failed validation is turned into a payload (the form validates first). */
export class DraftError extends Error {
  constructor(readonly field: string) {
    super(`the draft's ${field} is not valid`);
    this.name = "DraftError";
  }
}

function money(text: string, currency: string, field: string, negative = false): number {
  const parsed = parseMoneyText(text, currency, { negative });
  if (!parsed.ok) throw new DraftError(field);
  return parsed.minor;
}

/** The metadata of a row: column name → value, blank cells and unnamed columns left out. */
export function rowMetadata(columns: readonly ItemColumn[], row: ItemRow): Record<string, string> {
  const metadata: Record<string, string> = {};
  columns.forEach((column, index) => {
    const name = column.name.trim();
    const value = (row.values[index] ?? "").trim();
    if (name && value) metadata[name] = value;
  });
  return metadata;
}

/** A table as the replace-all list: existing rows carry their key as `id`. */
export function itemsPayload(
  items: ItemsDraft,
  currency: string,
  kind: "options" | "extras",
  { withIds = true } = {},
): ItemWrite[] {
  return items.rows.map((row, index) => {
    const field = `${kind}.rows.${index}`;
    let quantity: number = unlimitedQuantity;
    if (!row.unlimited) {
      const parsed = parseQuantityText(row.quantity);
      if (parsed === null) throw new DraftError(`${field}.quantity`);
      quantity = parsed;
    }
    const weight = parseWeightText(row.weight);
    if (weight === null) throw new DraftError(`${field}.weight`);
    const write: ItemWrite = {
      ...(withIds && row.key ? { id: row.key } : {}),
      metadata: rowMetadata(items.columns, row),
      quantity,
      surcharge: moneyWrite(money(row.surcharge || "0", currency, `${field}.surcharge`, true), currency),
      cost: moneyWrite(money(row.cost || "0", currency, `${field}.cost`), currency),
      weight,
    };
    if (kind === "options") write.fetch_sku = row.fetchSku.trim();
    return write;
  });
}

/** The form as the store takes it, or null for none. */
export function formPayload(form: FormDraft | null): { name: string; fields: object[] } | null {
  if (!form) return null;
  return {
    name: form.name.trim(),
    fields: form.fields.map((f) => ({
      label: f.label.trim(),
      placeholder: f.placeholder,
      type: f.type,
      required: f.required,
    })),
  };
}

/** Key–value rows as a dictionary, blank rows left out; undefined when there is none. */
export function metadataPayload(pairs: readonly PairDraft[]): Record<string, string> | undefined {
  const entries = pairs.filter((p) => p.key.trim() || p.value.trim()).map((p) => [p.key.trim(), p.value] as const);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** The quantity to write: -1 for unlimited. */
function quantityOf(draft: ProductDraft): number {
  if (draft.unlimited) return unlimitedQuantity;
  const parsed = parseQuantityText(draft.quantity);
  if (parsed === null) throw new DraftError("quantity");
  return parsed;
}

/** Each product field's value as the store takes it, from a draft (none of the sub-resources). */
function productValues(draft: ProductDraft, currency: string): ProductFields {
  const weight = parseWeightText(draft.weight);
  if (weight === null) throw new DraftError("weight");
  const values: ProductFields = {
    name: draft.name.trim(),
    name_short: draft.nameShort,
    description: draft.description,
    description_short: draft.descriptionShort,
    sku: draft.sku,
    type: draft.type,
    status: draft.status,
    price: moneyWrite(money(draft.price || "0", currency, "price"), currency),
    // An empty sale price takes the product off sale (docs/contract.md#encoding).
    sale_price: draft.salePrice.trim() ? moneyWrite(money(draft.salePrice, currency, "salePrice"), currency) : null,
    cost: moneyWrite(money(draft.cost || "0", currency, "cost"), currency),
    weight,
    option_style: draft.optionStyle,
    shipping_group: draft.shippingGroup || null,
    tax_group: draft.taxGroup || null,
  };
  // fetch_sku lives on the default option; a product with options ignores it.
  if (!draft.options.rows.length) {
    values.fetch_sku = draft.fetchSku;
    // On a product with options the quantity is their sum, and not writable.
    values.quantity = quantityOf(draft);
  }
  return values;
}

/** Which draft field holds each product field (for the store's 422 field errors). */
export const draftFieldOf: Record<string, keyof ProductDraft> = {
  name: "name",
  name_short: "nameShort",
  description: "description",
  description_short: "descriptionShort",
  sku: "sku",
  fetch_sku: "fetchSku",
  type: "type",
  status: "status",
  price: "price",
  sale_price: "salePrice",
  cost: "cost",
  quantity: "quantity",
  weight: "weight",
  option_style: "optionStyle",
  shipping_group: "shippingGroup",
  tax_group: "taxGroup",
  form: "form",
  categories: "categories",
  options: "options",
  extras: "extras",
  product_metadata: "productMetadata",
  default_option_metadata: "defaultOptionMetadata",
};

/** The store's field errors, keyed by the draft's fields. */
export function draftFieldErrors(fieldErrors: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrors ?? {})) {
    const draftField = Object.hasOwn(draftFieldOf, field) ? draftFieldOf[field] : undefined;
    if (draftField) out[draftField] ??= message;
  }
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const sameCategories = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * What a save sends: only the parts that changed between `saved` (the draft
 * of what the store holds) and `draft`, each with its payload. Options go
 * before the product when the product's quantity is written and the product
 * loses its options in the same save (a product with options refuses a
 * quantity).
 */
export function savePlan(saved: ProductDraft, draft: ProductDraft, currency: string): SavePlan {
  const plan: SavePlan = { order: [] };

  const before = productValues(saved, currency);
  const after = productValues(draft, currency);
  const product: ProductFields = {};
  for (const [field, value] of Object.entries(after)) {
    if (!Object.hasOwn(before, field) || before[field] !== value) product[field] = value;
  }
  const beforeForm = formPayload(saved.form);
  const afterForm = formPayload(draft.form);
  if (!sameJson(beforeForm, afterForm)) product.form = afterForm ? JSON.stringify(afterForm) : "delete";
  const productMetadata = metadataPayload(draft.productMetadata);
  if (productMetadata) product.product_metadata = JSON.stringify(productMetadata);
  const defaultOptionMetadata = metadataPayload(draft.defaultOptionMetadata);
  if (defaultOptionMetadata) product.default_option_metadata = JSON.stringify(defaultOptionMetadata);
  if (Object.keys(product).length) plan.product = product;

  const options = itemsPayload(draft.options, currency, "options");
  if (!sameJson(itemsPayload(saved.options, currency, "options"), options)) plan.options = options;
  const extras = itemsPayload(draft.extras, currency, "extras");
  if (!sameJson(itemsPayload(saved.extras, currency, "extras"), extras)) plan.extras = extras;
  if (!sameCategories(saved.categories, draft.categories)) plan.categories = [...draft.categories];

  const optionsFirst = plan.options !== undefined && plan.product?.quantity !== undefined;
  if (optionsFirst) plan.order.push("options");
  if (plan.product) plan.order.push("product");
  if (plan.options && !optionsFirst) plan.order.push("options");
  if (plan.extras) plan.order.push("extras");
  if (plan.categories) plan.order.push("categories");
  return plan;
}

/** Whether the draft differs from what the store holds (for the save bar and the leave guard). */
export function hasChanges(saved: ProductDraft, draft: ProductDraft, currency: string): boolean {
  try {
    return savePlan(saved, draft, currency).order.length > 0;
  } catch {
    // A half-typed value that does not parse yet is a change.
    return true;
  }
}

/** `POST /products`: every field at once, options, extras and categories included. */
export function createPayload(draft: ProductDraft, currency: string): ProductFields {
  const values = productValues(draft, currency);
  const fields: ProductFields = {};
  for (const [field, value] of Object.entries(values)) {
    // A new product has nothing to clear: leave out what is empty.
    if (value === null || value === "") continue;
    fields[field] = value;
  }
  const form = formPayload(draft.form);
  if (form) fields.form = JSON.stringify(form);
  if (draft.options.rows.length)
    fields.options = JSON.stringify(itemsPayload(draft.options, currency, "options", { withIds: false }));
  if (draft.extras.rows.length)
    fields.extras = JSON.stringify(itemsPayload(draft.extras, currency, "extras", { withIds: false }));
  if (draft.categories.length) fields.categories = draft.categories.join(",");
  const productMetadata = metadataPayload(draft.productMetadata);
  if (productMetadata) fields.product_metadata = JSON.stringify(productMetadata);
  const defaultOptionMetadata = metadataPayload(draft.defaultOptionMetadata);
  if (defaultOptionMetadata) fields.default_option_metadata = JSON.stringify(defaultOptionMetadata);
  return fields;
}

/**
 * After a save: every part comes from what the store now holds (`fresh`),
 * except the `unsaved` ones (refused, or not sent after a refusal), which
 * keep the person's edits. Parts the save did not touch come from the store
 * too: another client may have changed them meanwhile.
 */
export function mergeAfterSave(fresh: ProductDraft, draft: ProductDraft, unsaved: readonly SavePart[]): ProductDraft {
  const from = (part: SavePart) => (unsaved.includes(part) ? draft : fresh);
  // A kept row whose key the store no longer has (another client removed it)
  // becomes a new row: sending the stale key again would only be refused.
  const known = (items: ItemsDraft, stored: ItemsDraft): ItemsDraft => {
    const keys = new Set(stored.rows.map((row) => row.key));
    return { ...items, rows: items.rows.map((row) => (row.key && !keys.has(row.key) ? { ...row, key: "" } : row)) };
  };
  return {
    // The write-only metadata comes back empty once sent (it is never read back).
    ...from("product"),
    options: unsaved.includes("options") ? known(draft.options, fresh.options) : fresh.options,
    extras: unsaved.includes("extras") ? known(draft.extras, fresh.extras) : fresh.extras,
    categories: from("categories").categories,
  };
}

/* ---------- what a shopper sees ---------- */

export interface PreviewSelect {
  label: string;
  choices: string[];
}

/**
 * The dropdowns a shopper sees for the options: `single` is one list of
 * every option ("M / Red (+$2.00)"); `separate` one list per column of its
 * distinct values.
 */
export function optionPreview(items: ItemsDraft, style: "single" | "separate", currency: string): PreviewSelect[] {
  const columns = items.columns.map((c, i) => ({ name: c.name.trim(), i })).filter((c) => c.name);
  const rows = items.rows.filter((row) => columns.some((c) => (row.values[c.i] ?? "").trim()));
  if (!rows.length) return [];
  if (style === "separate") {
    return columns
      .map(({ name, i }) => ({
        label: name,
        choices: [...new Set(rows.map((row) => (row.values[i] ?? "").trim()).filter(Boolean))],
      }))
      .filter((select) => select.choices.length);
  }
  return [
    {
      label: columns.map((c) => c.name).join(" / "),
      choices: rows.map((row) => {
        const name = columns
          .map((c) => (row.values[c.i] ?? "").trim())
          .filter(Boolean)
          .join(" / ");
        const surcharge = parseMoneyText(row.surcharge || "0", currency, { negative: true });
        const extra =
          surcharge.ok && surcharge.minor !== 0
            ? ` (${surcharge.minor > 0 ? "+" : "−"}${formatMoney(Math.abs(surcharge.minor), currency)})`
            : "";
        return name + extra;
      }),
    },
  ];
}
