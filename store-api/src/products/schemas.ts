import { z } from "zod";
import { formBoolean, formBody, formString, jsonField, wrongTypeIssue } from "../api/input.js";
import { moneyField } from "../money/schema.js";
import { shippingGroup } from "../shipping/schemas.js";
import { taxGroup } from "../tax/schemas.js";

export const PRODUCT_STATUSES = ["available", "on sale", "hidden", "sold out", "coming soon"] as const;
export const PRODUCT_TYPES = ["physical", "digital"] as const;
export const OPTION_STYLES = ["single", "separate"] as const;
export const FORM_FIELD_TYPES = ["checkbox", "paragraph", "text", "date"] as const;

/** Paging of the products list (docs/contract.md#lists). */
export const PAGE_SIZE = { default: 20, max: 250 } as const;

/**
 * A whole number in [min, max] (a form string or a JSON number); another
 * string or number is a 422 with `message`, a value of another type (a list,
 * a dictionary, a boolean) a 400 (docs/contract.md#errors: a wrong type).
 */
export const intString = (min: number, max: number, what: string) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value === "boolean" || (typeof value === "object" && value !== null)) {
      ctx.addIssue(wrongTypeIssue(`must be ${what}`, value));
      return z.NEVER;
    }
    const n = typeof value === "string" && /^\s*-?\d{1,16}\s*$/.test(value) ? Number(value) : value;
    if (typeof n === "number" && Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: "custom", message: `must be ${what}`, input: value });
    return z.NEVER;
  });

export const numberString = (what: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: `must be ${what}` })
      .min(0, { error: `must be ${what}` })
      .max(1e9, { error: `must be ${what}` }),
  );

export const productListQuery = z.object({
  page: intString(0, 1_000_000, "a whole number from 0")
    .optional()
    .meta({ description: "Zero-based page index; default 0." }),
  count: intString(1, PAGE_SIZE.max, `a whole number from 1 to ${PAGE_SIZE.max}`)
    .optional()
    .meta({ description: `Page size; default ${PAGE_SIZE.default}, at most ${PAGE_SIZE.max}.` }),
});

export const productParams = z.object({
  key: z.string().meta({ description: "The product's key or slug." }),
});

/** "" or null clears a nullable field (docs/contract.md#catalogue-and-settings); anything else goes through `inner`. */
function clearable<T extends z.ZodType>(inner: T) {
  return z.unknown().transform((value, ctx): z.output<T> | null => {
    if (value === "" || value === null) return null;
    const result = inner.safeParse(value, { reportInput: true });
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
}

const name = formString.min(1, { error: "must not be empty" }).max(255, { error: "must be at most 255 characters" });
const text = (max: number) => formString.max(max, { error: `must be at most ${max} characters` });
const metadataDict = z.record(z.string(), z.unknown(), { error: "must be a JSON dictionary" });

export const productForm = z.object(
  {
    name: z.string({ error: "must have a name" }).trim().max(255, { error: "name must be at most 255 characters" }),
    fields: z
      .array(
        z.object(
          {
            label: z.string({ error: "fields need a label" }).trim().min(1, { error: "fields need a label" }),
            placeholder: z.string({ error: "placeholders must be strings" }).default(""),
            type: z.enum(FORM_FIELD_TYPES, { error: `field types are ${FORM_FIELD_TYPES.join(", ")}` }),
            required: z.boolean({ error: "required must be true or false" }).default(false),
          },
          { error: "fields must be dictionaries" },
        ),
        { error: "must have a list of fields" },
      )
      .min(1, { error: "must have at least one field" })
      .max(100, { error: "may have at most 100 fields" }),
  },
  { error: "must be a JSON dictionary or delete" },
);

/** `form`: a JSON dictionary, or the value `delete` (→ null) that removes the form. */
const formField = z
  .preprocess((v) => (v === "delete" ? null : v), jsonField(productForm.nullable()))
  .meta({
    description: `JSON string {"name", "fields": [{label, placeholder, type (${FORM_FIELD_TYPES.join(", ")}), required}]}, at least one field; PUT replaces every field; the value delete removes the form.`,
  });

/** An option or extra as written (docs/contract.md: keys are written as `id`). */
export function itemInput(currency: string) {
  return z.object(
    {
      id: z.string({ error: "ids must be strings" }).optional(),
      metadata: metadataDict
        .refine((m) => Object.keys(m).length > 0, { error: "metadata needs at least one pair" })
        .optional(),
      quantity: intString(-1, 2_147_483_647, "a whole number, -1 for unlimited").optional(),
      surcharge: moneyField(currency, { allowNegative: true }).optional(),
      cost: moneyField(currency).optional(),
      weight: numberString("a number from 0").optional(),
    },
    { error: "each item must be a dictionary" },
  );
}

/** metadata, quantity and surcharge are required on write: a missing one is a 422 naming the list. */
export function requireItemFields<T extends { metadata?: unknown; quantity?: unknown; surcharge?: unknown }>(
  item: T,
  ctx: z.RefinementCtx,
) {
  for (const key of ["metadata", "quantity", "surcharge"] as const) {
    if (item[key] === undefined) ctx.addIssue({ code: "custom", message: `every item needs ${key}`, input: item });
  }
}

export function optionInput(currency: string) {
  return itemInput(currency).extend({
    fetch_sku: z
      .string({ error: "fetch_sku must be a string" })
      .max(255, { error: "fetch_sku must be at most 255 characters" })
      .optional(),
  });
}

export type ItemInput = {
  metadata?: Record<string, unknown> | undefined;
  quantity?: number | undefined;
  surcharge?: number | undefined;
  id?: string | undefined;
  cost?: number | undefined;
  weight?: number | undefined;
  fetch_sku?: string | undefined;
};

const readOnly = z
  .unknown()
  .refine(() => false, { error: "is read-only" })
  .meta({ description: "Read-only (a 422)." });

/** Fields the API shows but never takes: a 422 naming them rather than silence. */
const READ_ONLY = [
  "key",
  "slug",
  "url",
  "currency",
  "price_raw",
  "regular_price",
  "regular_price_raw",
  "sale_price_raw",
  "cost_raw",
  "digital_samples",
] as const;

/** The writable fields PUT and POST share. */
function productFields(currency: string) {
  return {
    ...Object.fromEntries(READ_ONLY.map((f) => [f, readOnly.optional()])),
    name_short: text(255).optional(),
    description: text(100_000).optional(),
    description_short: text(10_000).optional(),
    sku: text(255).optional(),
    fetch_sku: text(255)
      .optional()
      .meta({ description: "Stored on the default option; ignored when the product has several options." }),
    type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(", ")}` }).optional(),
    status: z.enum(PRODUCT_STATUSES, { error: `must be one of ${PRODUCT_STATUSES.join(", ")}` }).optional(),
    quantity: intString(-1, 2_147_483_647, "a whole number, -1 for unlimited")
      .optional()
      .meta({ description: "-1 is unlimited. A 422 on a product with options (their sum is read)." }),
    price: moneyField(currency).optional(),
    sale_price: clearable(moneyField(currency))
      .optional()
      .meta({ description: "The sale price; empty takes the product off sale." }),
    cost: moneyField(currency).optional(),
    weight: numberString("a number from 0").optional(),
    order: intString(1, 2_147_483_647, "a whole number from 1")
      .optional()
      .meta({ description: "Position in the listing; the other products shift to make room." }),
    option_style: z.enum(OPTION_STYLES, { error: `must be one of ${OPTION_STYLES.join(", ")}` }).optional(),
    form: formField.optional(),
    shipping_group: clearable(intString(1, 2_147_483_647, "a shipping group id"))
      .optional()
      .meta({ description: "The shipping group's id; empty for none." }),
    tax_group: clearable(intString(1, 2_147_483_647, "a tax group id"))
      .optional()
      .meta({ description: "The tax group's id; empty for none." }),
    product_metadata: jsonField(metadataDict)
      .optional()
      .meta({ description: "JSON dictionary stored on the product (replaces what is stored); never read back." }),
    default_option_metadata: jsonField(metadataDict).optional().meta({
      description: "JSON dictionary of hidden columns of the default option (replaces them); never read back.",
    }),
  };
}

export const categoryNames = z
  .preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const t = v.trim();
      if (t.startsWith("[")) {
        try {
          return JSON.parse(t) as unknown;
        } catch {
          return v;
        }
      }
      return t === "" ? [] : t.split(",");
    },
    z
      .array(
        z
          .string({ error: "must be names" })
          .trim()
          .min(1, { error: "must not hold an empty name" })
          .max(255, { error: "names must be at most 255 characters" }),
        { error: "must be a list of names" },
      )
      .max(100, { error: "may hold at most 100 categories" }),
  )
  .meta({ description: 'Category names: comma-separated, or a JSON list (["Mugs", "Gifts"]).' });

/** `images` and `videos` on POST: a JSON list of URLs (docs/contract.md#uploads). */
const urlList = (max: number) =>
  jsonField(
    z
      .array(
        z
          .string({ error: "must list URLs as strings" })
          .trim()
          .min(1, { error: "must not hold an empty entry" })
          .max(2000, { error: "entries must be at most 2000 characters" }),
        { error: "must be a JSON list of URLs" },
      )
      .max(max, { error: `may hold at most ${max} entries` }),
  );

export function createProductBody(currency: string) {
  return formBody({
    name,
    ...productFields(currency),
    categories: categoryNames.optional(),
    options: jsonField(
      z
        .array(optionInput(currency).superRefine(requireItemFields), { error: "must be a JSON list" })
        .max(500, { error: "may hold at most 500 options" }),
    )
      .optional()
      .meta({ description: "JSON list of options: metadata, quantity and surcharge required; no id on create." }),
    extras: jsonField(
      z
        .array(itemInput(currency).superRefine(requireItemFields), { error: "must be a JSON list" })
        .max(500, { error: "may hold at most 500 extras" }),
    )
      .optional()
      .meta({ description: "JSON list of extras: metadata, quantity and surcharge required; no id on create." }),
    images: urlList(100)
      .optional()
      .meta({
        description:
          "JSON list of http(s) URLs and paths inside the store's import folder: imported in the background, " +
          "each image joining the product's images when done.",
      }),
    videos: urlList(50).optional().meta({ description: "JSON list of YouTube or Vimeo URLs." }),
    reorder_products: formBoolean
      .optional()
      .meta({ description: "Default true; false leaves the other products' order as it is." }),
  });
}

const postOnly = (message: string) =>
  z
    .unknown()
    .refine(() => false, { error: message })
    .meta({ description: "POST only (a 422 here)." });

export function updateProductBody(currency: string) {
  return formBody({
    name: name.optional(),
    ...productFields(currency),
    categories: postOnly(
      "can only be given when the product is created; change them through /products/{key}/categories",
    ).optional(),
    options: postOnly(
      "can only be given when the product is created; change them through /products/{key}/options",
    ).optional(),
    extras: postOnly(
      "can only be given when the product is created; change them through /products/{key}/extras",
    ).optional(),
    images: postOnly(
      "can only be given when the product is created; change them through /products/{key}/images",
    ).optional(),
    videos: postOnly(
      "can only be given when the product is created; change them through /products/{key}/videos",
    ).optional(),
    reorder_products: postOnly("only applies when a product is created").optional(),
  });
}

/** `PUT /products_multi`: `products` maps product keys to the properties to write (src/products/multi.ts checks them). */
export const multiUpdateBody = formBody({
  products: jsonField(
    z.record(
      z.string(),
      z.record(z.string(), z.unknown(), { error: "must map each product key to a dictionary of properties" }),
      { error: "must be a JSON dictionary of product keys to dictionaries of properties" },
    ),
  ).meta({
    description:
      'JSON dictionary: product key → the properties to write, as a product PUT takes them (`{"k1": {"price": "9.50"}, "k2": {"price": "12"}}`). Every product carries the same properties.',
  }),
});

export type CreateProductInput = z.output<ReturnType<typeof createProductBody>>;
export type UpdateProductInput = z.output<ReturnType<typeof updateProductBody>>;

const moneyOut = z.string().meta({ description: "Formatted in the store currency." });
const rawOut = z.number();

export const productOption = z.object({
  key: z.string(),
  default: z.boolean(),
  metadata: z.record(z.string(), z.unknown()),
  quantity: z.number().int(),
  surcharge: moneyOut,
  surcharge_raw: rawOut,
  cost: moneyOut,
  cost_raw: rawOut,
  weight: z.number(),
  fetch_sku: z.string(),
  order: z.number().int(),
  currency: z.string(),
});

export const productExtra = productOption.omit({ default: true, fetch_sku: true });

export const imageSizes = z.object({
  tiny: z.string(),
  small: z.string(),
  medium: z.string(),
  large: z.string(),
  huge: z.string(),
});

export const product = z
  .object({
    key: z.string(),
    slug: z.string(),
    url: z.string(),
    created: z.number().int().meta({ description: "UNIX time in seconds." }),
    modified: z.number().int().meta({ description: "UNIX time in seconds." }),
    name: z.string(),
    name_short: z.string(),
    description: z.string(),
    description_short: z.string(),
    sku: z.string(),
    fetch_sku: z.string(),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(PRODUCT_STATUSES),
    quantity: z.number().int().meta({ description: "-1 is unlimited; with options, their sum." }),
    price: moneyOut,
    price_raw: rawOut,
    regular_price: moneyOut.nullable().meta({ description: "The price while on sale; else null." }),
    regular_price_raw: rawOut.nullable(),
    sale_price: moneyOut.nullable(),
    sale_price_raw: rawOut.nullable(),
    cost: moneyOut,
    cost_raw: rawOut,
    currency: z.string(),
    weight: z.number(),
    order: z.number().int(),
    categories: z.array(z.string()),
    options: z.array(productOption),
    extras: z.array(productExtra),
    option_style: z.enum(OPTION_STYLES),
    images: z.array(imageSizes),
    videos: z.array(imageSizes),
    digital_samples: z.array(z.object({ title: z.string(), uri: z.string() })),
    form: productForm.nullable(),
    shipping_group: shippingGroup
      .nullable()
      .meta({ description: "The shipping group, as GET /shipping_groups/{id} shows it; null when none." }),
    tax_group: taxGroup
      .nullable()
      .meta({ description: "The tax group, as GET /tax_groups/{id} shows it; null when none." }),
  })
  .meta({ description: "A product." });

export const productList = z.array(product).meta({ description: "Products by order, then newest first." });
export const productUpdated = z.array(product).meta({ description: "A list holding the product." });
export const productsChanged = z.array(product).meta({
  description: "The products whose stored values changed, in the request's order, as a single PUT answers them.",
});
