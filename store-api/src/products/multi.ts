import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { type ApiError, InvalidRequestError, ValidationError } from "../api/errors.js";
import { inputError } from "../api/input.js";
import type { Queryable } from "../db/index.js";
import { productOptions, products } from "../db/schema/index.js";
import { existingShippingGroupIds } from "../shipping/shipping-groups.js";
import { existingTaxGroupIds } from "../tax/tax-groups.js";
import type { OptionRow, ProductRow } from "./products.js";
import { updateProductBody, type UpdateProductInput } from "./schemas.js";

/**
 * `PUT /api/v1/products_multi` (docs/contract.md#products_multi): many
 * products changed in one request.
 *
 * The whole request is checked before anything is written (every product's
 * values, one set of properties for all, known keys, the quantity rule), then
 * applied in the caller's one transaction with a statement per table and
 * chunk of rows, not one per product. `order` is set as given: unlike a single
 * PUT, the other products do not shift (a store-wide reorder sends them all).
 * Only products whose stored values change are written and answered.
 */

type Input = UpdateProductInput;

/** How a property is stored: its table's column, how it is read from a row, and its SQL type. */
interface Column<Row> {
  column: PgColumn;
  read: (row: Row) => unknown;
  type: "text" | "bigint" | "integer" | "double precision" | "jsonb";
}

const PRODUCT_COLUMNS = {
  name: { column: products.name, read: (r) => r.name, type: "text" },
  name_short: { column: products.nameShort, read: (r) => r.nameShort, type: "text" },
  description: { column: products.description, read: (r) => r.description, type: "text" },
  description_short: { column: products.descriptionShort, read: (r) => r.descriptionShort, type: "text" },
  type: { column: products.type, read: (r) => r.type, type: "text" },
  status: { column: products.status, read: (r) => r.status, type: "text" },
  price: { column: products.price, read: (r) => r.price, type: "bigint" },
  sale_price: { column: products.salePrice, read: (r) => r.salePrice, type: "bigint" },
  cost: { column: products.cost, read: (r) => r.cost, type: "bigint" },
  weight: { column: products.weight, read: (r) => r.weight, type: "double precision" },
  order: { column: products.order, read: (r) => r.order, type: "integer" },
  option_style: { column: products.optionStyle, read: (r) => r.optionStyle, type: "text" },
  form: { column: products.form, read: (r) => r.form, type: "jsonb" },
  product_metadata: { column: products.metadata, read: (r) => r.metadata, type: "jsonb" },
  shipping_group: { column: products.shippingGroupId, read: (r) => r.shippingGroupId, type: "integer" },
  tax_group: { column: products.taxGroupId, read: (r) => r.taxGroupId, type: "integer" },
} satisfies Record<string, Column<ProductRow>>;

/** The properties kept on the product's default option. */
const OPTION_COLUMNS = {
  sku: { column: productOptions.sku, read: (r) => r.sku, type: "text" },
  fetch_sku: { column: productOptions.fetchSku, read: (r) => r.fetchSku, type: "text" },
  quantity: { column: productOptions.quantity, read: (r) => r.quantity, type: "integer" },
  default_option_metadata: { column: productOptions.metadata, read: (r) => r.metadata, type: "jsonb" },
} satisfies Record<string, Column<OptionRow>>;

type ProductProperty = keyof typeof PRODUCT_COLUMNS;
type OptionProperty = keyof typeof OPTION_COLUMNS;

/** Every property a single product PUT writes, and so every property products_multi takes. */
export const MULTI_WRITABLE = [...Object.keys(PRODUCT_COLUMNS), ...Object.keys(OPTION_COLUMNS)] as (
  ProductProperty | OptionProperty
)[];

/** At most this many products in one request (the body limit comes first for long values). */
export const MULTI_MAX_PRODUCTS = 10_000;

/** Rows per UPDATE statement: PostgreSQL takes at most 65,535 parameters in one. */
const ROWS_PER_STATEMENT = 1000;

/** One product's change, checked. */
export interface MultiChange {
  /** The key or slug as the request named it. */
  ref: string;
  input: Input;
}

const refLabel = (ref: string) => `"${ref.slice(0, 100)}"`;

/**
 * Checks the `products` dictionary: at least one product, one set of
 * properties shared by all, only PUT-writable properties, and every value as
 * a single PUT would take it. Throws the API's 400 (a malformed value) or 422,
 * with `fields.products` saying what is wrong and `products.<key>.<property>`
 * naming each bad value.
 */
export function checkMultiInput(products: Record<string, Record<string, unknown>>, currency: string): MultiChange[] {
  const refs = Object.keys(products);
  if (refs.length === 0) throw new ValidationError({ products: "must name at least one product" });
  if (refs.length > MULTI_MAX_PRODUCTS) {
    throw new ValidationError({ products: `may name at most ${MULTI_MAX_PRODUCTS} products in one request` });
  }

  const first = refs[0]!;
  const shared = Object.keys(products[first]!).sort();
  if (shared.length === 0) throw new ValidationError({ products: `${refLabel(first)} names no property to change` });
  const writable = new Set<string>(MULTI_WRITABLE);
  const notWritable = shared.filter((p) => !writable.has(p));
  if (notWritable.length) {
    throw new ValidationError({
      products: `cannot change ${notWritable.join(", ")}: products_multi takes only what a product's PUT writes (${MULTI_WRITABLE.join(", ")})`,
    });
  }
  for (const ref of refs) {
    const own = Object.keys(products[ref]!).sort();
    if (own.length !== shared.length || own.some((p, i) => p !== shared[i])) {
      throw new ValidationError({
        products: `every product must carry the same properties: ${refLabel(first)} has ${shared.join(", ")}, but ${refLabel(ref)} has ${own.join(", ") || "none"}`,
      });
    }
  }

  const schema = updateProductBody(currency);
  const changes: MultiChange[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (const ref of refs) {
    const result = schema.safeParse(products[ref], { reportInput: true });
    if (result.success) changes.push({ ref, input: result.data });
    else {
      // Named `products.<key>.<property>`: the API's error names the first path element.
      for (const issue of result.error.issues) {
        issues.push({ ...issue, path: [`products.${ref}.${String(issue.path[0] ?? "")}`, ...issue.path.slice(1)] });
      }
    }
  }
  if (issues.length) throw withSummary(inputError(issues));
  return changes;
}

/** `fields.products` (the form field that holds them all) says what the first bad value is and how many products have one. */
function withSummary(error: ApiError): ApiError {
  const fields = error.fields ?? {};
  const [field, message] = Object.entries(fields)[0] ?? ["products", "are invalid"];
  const products = new Set(Object.keys(fields).map((f) => f.split(".")[1])).size;
  const more = products > 1 ? ` (and ${products - 1} more ${products === 2 ? "product" : "products"})` : "";
  const summary = `${field.replace(/^products\./, "")} ${message}${more}`;
  const all = { products: summary, ...fields };
  return error.status === 400
    ? new InvalidRequestError(`products: ${summary}`, all)
    : new ValidationError(all, `products: ${summary}`);
}

/** Stable JSON, for comparing dictionaries whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);

/** A value as an SQL parameter of its column's type. */
function param(value: unknown, type: Column<unknown>["type"]): SQL {
  const v = value === undefined ? null : type === "jsonb" && value !== null ? JSON.stringify(value) : value;
  return sql`${v}::${sql.raw(type)}`;
}

/**
 * Sets, for each row, its columns to its values: one `UPDATE … FROM (VALUES …)`
 * per chunk of rows rather than one statement per row.
 */
async function updateRows(
  q: Queryable,
  table: typeof products | typeof productOptions,
  columns: Pick<Column<unknown>, "column" | "type">[],
  rows: { id: number; values: unknown[] }[],
  extra: SQL | null,
) {
  const names = columns.map((c) => sql.identifier(c.column.name));
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
    const values = sql.join(
      chunk.map(
        (row) =>
          sql`(${sql.join([sql`${row.id}::integer`, ...row.values.map((v, i) => param(v, columns[i]!.type))], sql`, `)})`,
      ),
      sql`, `,
    );
    const sets = sql.join([...names.map((n) => sql`${n} = v.${n}`), ...(extra ? [extra] : [])], sql`, `);
    await q.execute(
      sql`update ${table} as t set ${sets} from (values ${values}) as v(${sql.join([sql.identifier("id"), ...names], sql`, `)}) where t.${sql.identifier("id")} = v.${sql.identifier("id")}`,
    );
  }
}

/**
 * Applies checked changes inside the caller's transaction. Throws a 422 (and
 * writes nothing) for a key or slug that names no product, a product named
 * twice, or a quantity on a product with options. Answers the products whose
 * stored values changed, in the request's order, as they are now.
 */
export async function applyMultiChanges(q: Queryable, changes: MultiChange[]): Promise<ProductRow[]> {
  const refs = changes.map((c) => c.ref);
  const found = await q
    .select()
    .from(products)
    .where(or(inArray(products.key, refs), inArray(products.slug, refs)));
  const byKey = new Map(found.map((p) => [p.key, p]));
  const bySlug = new Map(found.map((p) => [p.slug, p]));
  const targets = changes.map((c) => ({ ...c, row: byKey.get(c.ref) ?? bySlug.get(c.ref) }));

  const unknown = targets.filter((t) => !t.row).map((t) => refLabel(t.ref));
  if (unknown.length) {
    throw new ValidationError({
      products: `names no product with the key or slug ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? ` (and ${unknown.length - 10} more)` : ""}`,
    });
  }
  const seen = new Map<number, string>();
  for (const t of targets) {
    const earlier = seen.get(t.row!.id);
    if (earlier !== undefined) {
      throw new ValidationError({
        products: `names one product twice: ${refLabel(earlier)} and ${refLabel(t.ref)} are the same product`,
      });
    }
    seen.set(t.row!.id, t.ref);
  }

  const properties = Object.keys(changes[0]!.input).filter(
    (p) => (changes[0]!.input as Record<string, unknown>)[p] !== undefined,
  );
  const productProps = properties.filter((p): p is ProductProperty => p in PRODUCT_COLUMNS);
  const optionProps = properties.filter((p): p is OptionProperty => p in OPTION_COLUMNS);
  const ids = targets.map((t) => t.row!.id);

  // Group ids must name groups: every id checked at once, one query per kind (src/shipping, src/tax).
  const groupFields: Record<string, string> = {};
  for (const [group, existing] of [
    ["shipping_group", existingShippingGroupIds],
    ["tax_group", existingTaxGroupIds],
  ] as const) {
    if (!productProps.includes(group)) continue;
    const named = targets.flatMap((t) => t.input[group] ?? []);
    const found = await existing(q, named);
    for (const t of targets) {
      const id = t.input[group];
      if (id != null && !found.has(id)) {
        groupFields[`products.${t.ref}.${group}`] =
          `names no ${group.replace("_", " ")} (there is none with the id ${id})`;
      }
    }
  }
  if (Object.keys(groupFields).length) {
    const [field, message] = Object.entries(groupFields)[0]!;
    throw new ValidationError({ products: `${field.replace(/^products\./, "")} ${message}`, ...groupFields });
  }

  const defaults = new Map<number, OptionRow>();
  if (optionProps.length) {
    const rows = await q
      .select()
      .from(productOptions)
      .where(and(inArray(productOptions.productId, ids), eq(productOptions.isDefault, true)));
    for (const r of rows) defaults.set(r.productId, r);
  }
  // The products with options of their own: their quantity is a 422, their fetch_sku is ignored.
  const withOptions = new Set<number>();
  if (optionProps.includes("quantity") || optionProps.includes("fetch_sku")) {
    const rows = await q
      .selectDistinct({ id: productOptions.productId })
      .from(productOptions)
      .where(and(inArray(productOptions.productId, ids), eq(productOptions.isDefault, false)));
    for (const r of rows) withOptions.add(r.id);
  }
  if (optionProps.includes("quantity")) {
    const refused = targets.filter((t) => withOptions.has(t.row!.id));
    if (refused.length) {
      const fields = Object.fromEntries(
        refused.map((t) => [
          `products.${t.ref}.quantity`,
          "cannot be written on a product with options: it is the sum of theirs",
        ]),
      );
      throw new ValidationError({
        products: `${refLabel(refused[0]!.ref)}: quantity cannot be written on a product with options`,
        ...fields,
      });
    }
  }

  const productCols = productProps.map((p) => PRODUCT_COLUMNS[p]);
  const optionCols = optionProps.map((p) => OPTION_COLUMNS[p]);
  const productUpdates: { id: number; values: unknown[] }[] = [];
  const optionUpdates: { id: number; values: unknown[] }[] = [];
  const changed = new Set<number>();
  for (const { input, row } of targets) {
    const product = row!;
    const values = input as Record<string, unknown>;
    if (productProps.some((p) => !same(values[p], PRODUCT_COLUMNS[p].read(product)))) {
      productUpdates.push({ id: product.id, values: productProps.map((p) => values[p]) });
      changed.add(product.id);
    }
    const option = defaults.get(product.id);
    // fetch_sku is "ignored when the product has several options" (spec, Product): its stored value stays.
    const optionValue = (p: OptionProperty) =>
      p === "fetch_sku" && option && withOptions.has(product.id) ? OPTION_COLUMNS.fetch_sku.read(option) : values[p];
    if (option && optionProps.some((p) => !same(optionValue(p), OPTION_COLUMNS[p].read(option)))) {
      optionUpdates.push({ id: option.id, values: optionProps.map(optionValue) });
      changed.add(product.id);
    }
  }
  if (changed.size === 0) return [];

  // `modified` moves for every changed product, whichever table held the change.
  if (productUpdates.length)
    await updateRows(q, products, productCols, productUpdates, sql`${sql.identifier(products.updatedAt.name)} = now()`);
  const touchedOnlyOption = [...changed].filter((id) => !productUpdates.some((u) => u.id === id));
  if (touchedOnlyOption.length) {
    await q.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, touchedOnlyOption));
  }
  if (optionUpdates.length) await updateRows(q, productOptions, optionCols, optionUpdates, null);

  const fresh = await q
    .select()
    .from(products)
    .where(inArray(products.id, [...changed]));
  const freshById = new Map(fresh.map((p) => [p.id, p]));
  return targets.flatMap((t) => freshById.get(t.row!.id) ?? []);
}
