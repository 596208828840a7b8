import * as z from "zod/mini";
import { parseMoneyText } from "../../money";
import { type ItemsDraft, type ProductDraft, parseQuantityText, parseWeightText, type SavePart } from "./edit";
import { formFieldTypes, productStatuses, productTypes } from "./model";

/**
 * What a person may send about a product: the editor's draft, checked where
 * it is typed (react-hook-form's resolver), and the payloads of the server
 * actions (lib/actions/products.ts), checked again on the server.
 * zod/mini keeps the editor's JavaScript small.
 */

export interface DraftIssue {
  /** The draft field, dotted: "price", "options.rows.2.quantity". */
  path: string;
  message: string;
}

/**
 * The key–value editor's rule (components/ui/key-value-editor.tsx), here too:
 * that module is a client component, which a server action cannot call into.
 */
function pairIssues(pairs: readonly { key: string; value: string }[]): (string | undefined)[] {
  const keys = pairs.map((p) => p.key.trim());
  return pairs.map((pair, index) => {
    const key = keys[index] ?? "";
    if (!key) return pair.value.trim() ? "Enter a key for this value, or clear the row." : undefined;
    return keys.indexOf(key) !== index ? `Another row already has the key “${key}”.` : undefined;
  });
}

const money = (text: string, currency: string, what: string, negative = false): string | null => {
  const parsed = parseMoneyText(text, currency, { negative });
  return parsed.ok ? null : `The ${what} ${parsed.error}.`;
};

function tableIssues(kind: "options" | "extras", items: ItemsDraft, currency: string): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const one = kind === "options" ? "option" : "extra";
  const names = items.columns.map((c) => c.name.trim());
  items.columns.forEach((column, index) => {
    const name = names[index] ?? "";
    const path = `${kind}.columns.${index}.name`;
    if (!name) issues.push({ path, message: "Name this column, or remove it." });
    else if (names.indexOf(name) !== index)
      issues.push({ path, message: `Another column is already named “${name}”.` });
  });
  items.rows.forEach((row, index) => {
    const at = `${kind}.rows.${index}`;
    const filled = items.columns.some((c, i) => c.name.trim() && (row.values[i] ?? "").trim());
    if (!filled) {
      issues.push({
        path: `${at}.values`,
        message: items.columns.length
          ? `Give this ${one} a value in at least one column.`
          : `Add a column first: each ${one} needs a name in at least one column.`,
      });
    }
    if (!row.unlimited && parseQuantityText(row.quantity) === null)
      issues.push({ path: `${at}.quantity`, message: "Enter a whole number from 0, or tick Unlimited." });
    const surcharge = money(row.surcharge || "0", currency, "surcharge", true);
    if (surcharge) issues.push({ path: `${at}.surcharge`, message: surcharge });
    const cost = money(row.cost || "0", currency, "cost");
    if (cost) issues.push({ path: `${at}.cost`, message: cost });
    if (parseWeightText(row.weight) === null)
      issues.push({ path: `${at}.weight`, message: "Enter a weight such as 0.5, or leave it empty." });
    if (row.fetchSku.length > 255) issues.push({ path: `${at}.fetchSku`, message: "Use at most 255 characters." });
  });
  return issues;
}

/** Every problem of a draft, each under its field, in words a person can act on. */
export function productDraftIssues(draft: ProductDraft, currency: string): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const add = (path: string, message: string | null) => {
    if (message) issues.push({ path, message });
  };
  if (!draft.name.trim()) add("name", "Enter a name: shoppers see it everywhere.");
  else if (draft.name.trim().length > 255) add("name", "Use at most 255 characters.");
  if (draft.nameShort.length > 255) add("nameShort", "Use at most 255 characters.");
  if (draft.sku.length > 255) add("sku", "Use at most 255 characters.");
  if (draft.fetchSku.length > 255) add("fetchSku", "Use at most 255 characters.");
  if (draft.descriptionShort.length > 10_000) add("descriptionShort", "Use at most 10,000 characters.");
  if (draft.description.length > 100_000) add("description", "Use at most 100,000 characters.");

  if (!draft.price.trim()) add("price", "Enter a price, such as 12.50 (0 for free).");
  else add("price", money(draft.price, currency, "price"));
  if (draft.salePrice.trim()) add("salePrice", money(draft.salePrice, currency, "sale price"));
  if (draft.cost.trim()) add("cost", money(draft.cost, currency, "cost"));

  if (!draft.options.rows.length && !draft.unlimited && parseQuantityText(draft.quantity) === null)
    add("quantity", "Enter a whole number from 0, or tick Unlimited.");
  if (parseWeightText(draft.weight) === null) add("weight", "Enter a weight such as 0.5, or leave it empty.");

  issues.push(...tableIssues("options", draft.options, currency), ...tableIssues("extras", draft.extras, currency));

  if (draft.form) {
    if (draft.form.name.length > 255) add("form.name", "Use at most 255 characters.");
    if (!draft.form.fields.length) add("form.fields", "Add a field, or remove the form.");
    draft.form.fields.forEach((field, index) => {
      if (!field.label.trim()) add(`form.fields.${index}.label`, "Give this field a label shoppers will read.");
    });
  }
  pairIssues(draft.productMetadata).forEach((error, index) => add(`productMetadata.${index}.key`, error ?? null));
  pairIssues(draft.defaultOptionMetadata).forEach((error, index) =>
    add(`defaultOptionMetadata.${index}.key`, error ?? null),
  );
  return issues;
}

/** The editor's form schema: the draft as it is, with every problem under its field. */
export function productDraftInput(currency: string) {
  return z
    .custom<ProductDraft>((value) => typeof value === "object" && value !== null)
    .check(
      z.superRefine((draft, ctx) => {
        for (const issue of productDraftIssues(draft, currency)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split("."), input: draft });
        }
      }),
    );
}

/* ---------- the server actions' payloads ---------- */

/** The product fields this editor writes (docs/contract.md#catalogue-and-settings). */
export const writableProductFields = [
  "name",
  "name_short",
  "description",
  "description_short",
  "sku",
  "fetch_sku",
  "type",
  "status",
  "quantity",
  "price",
  "sale_price",
  "cost",
  "weight",
  "option_style",
  "shipping_group",
  "tax_group",
  "form",
  "product_metadata",
  "default_option_metadata",
  // POST only:
  "categories",
  "options",
  "extras",
] as const;

const postOnlyFields = new Set<string>(["categories", "options", "extras"]);

/**
 * A product key as the dashboard sends it back to the store: the one schema
 * every products action takes (a key is opaque, docs/contract.md#catalogue-and-settings,
 * but it goes into a path, and the bulk save uses it as a dictionary key).
 */
export const productKey = z.string().check(
  z.minLength(1),
  z.maxLength(255),
  z.regex(/^[^/?#]+$/, "Not a product key."),
  z.refine((key) => key !== "__proto__", "Not a product key."),
);

const fieldValue = z.union([z.string().check(z.maxLength(200_000)), z.number(), z.null()]);

function productFields({ create }: { create: boolean }) {
  return z.record(z.string(), fieldValue).check(
    z.superRefine((fields, ctx) => {
      for (const name of Object.keys(fields)) {
        const known = (writableProductFields as readonly string[]).includes(name);
        if (!known || (!create && postOnlyFields.has(name)))
          ctx.addIssue({ code: "custom", message: "Store Admin does not send this field.", path: [name], input: name });
      }
      if (create && !(typeof fields.name === "string" && fields.name.trim()))
        ctx.addIssue({ code: "custom", message: "Enter a name.", path: ["name"], input: fields.name });
    }),
  );
}

const decimal = z.string().check(z.regex(/^-?\d{1,16}(\.\d{1,4})?$/));

const itemWrite = z.object({
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  metadata: z.record(z.string().check(z.minLength(1), z.maxLength(255)), z.string().check(z.maxLength(10_000))),
  quantity: z.number().check(z.int(), z.gte(-1)),
  surcharge: decimal,
  cost: decimal,
  weight: z.number().check(z.gte(0)),
  fetch_sku: z.optional(z.string().check(z.maxLength(255))),
});

const items = z.array(itemWrite).check(z.maxLength(500));

export const savePartNames = ["product", "options", "extras", "categories"] as const satisfies readonly SavePart[];

export const createProductInput = z.object({ fields: productFields({ create: true }) });
export type CreateProductInput = z.input<typeof createProductInput>;

export const saveProductInput = z.object({
  key: productKey,
  product: z.optional(productFields({ create: false })),
  options: z.optional(items),
  extras: z.optional(items),
  categories: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(255), z.regex(/^[^,]*$/))).check(z.maxLength(100)),
  ),
  order: z.array(z.enum(savePartNames)).check(z.minLength(1), z.maxLength(4)),
});
export type SaveProductInput = z.input<typeof saveProductInput>;

export const productKeyInput = z.object({ key: productKey });

/** For the selects: the values a form may hold. */
export const productChoice = { statuses: productStatuses, types: productTypes, formFieldTypes } as const;
