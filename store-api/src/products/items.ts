import { z } from "zod";
import { ValidationError } from "../api/errors.js";
import { formString, jsonField, jsonFields } from "../api/input.js";
import { moneyField } from "../money/schema.js";
import { intString, type ItemInput, numberString, requireItemFields } from "./schemas.js";

/**
 * What options and extras share (docs/contract.md#catalogue-and-settings): the
 * replace-all list, the id rules, and the single PUT that takes only the
 * fields of its row.
 */

export type ItemKind = "option" | "extra";

/**
 * The replace-all list field: a JSON list of item dictionaries (metadata,
 * quantity and surcharge required); an empty value is the empty list. Not JSON
 * is a 400 naming the field.
 */
export function replaceAllList<T extends z.ZodObject>(item: T, field: "options" | "extras") {
  const list = jsonField(
    z
      .array(item.superRefine(requireItemFields), { error: "must be a JSON list" })
      .max(500, { error: `may hold at most 500 ${field}` }),
  );
  const emptyIsNone = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? "[]" : v), list);
  // Documented as the JSON string it travels as (docs/json-schema.ts).
  jsonFields.add(emptyIsNone);
  return emptyIsNone;
}

/**
 * The ids of a replace-all: each must name one of this product's items, once.
 * An id of another product's item, or of none, is a 422 naming the list field.
 * `reserved` is the default option's key: it is never written (it comes back
 * when the options are emptied).
 */
export function checkItemIds(items: ItemInput[], own: Set<string>, kind: ItemKind, reserved?: string) {
  const field = kind === "option" ? "options" : "extras";
  const seen = new Set<string>();
  for (const { id } of items) {
    if (id === undefined) continue;
    let problem: string | undefined;
    if (id === reserved) {
      problem = `hold the id "${id}" of the default option, which is not written: leave it out (a product without options gets it back)`;
    } else if (!own.has(id)) {
      problem = `hold the id "${id}", which names no ${kind} of this product (leave id out to add a new one)`;
    } else if (seen.has(id)) {
      problem = `hold the id "${id}" twice`;
    }
    if (problem) throw new ValidationError({ [field]: problem });
    seen.add(id);
  }
}

/** The row values a replace-all writes for an item at `order` (cost, weight, fetch_sku only when given). */
export function writtenValues(item: ItemInput, order: number) {
  return {
    // Required by the schema (requireItemFields).
    metadata: item.metadata ?? {},
    quantity: item.quantity ?? -1,
    surcharge: item.surcharge ?? 0,
    cost: item.cost,
    weight: item.weight,
    order,
  };
}

/**
 * The body of a single option or extra PUT: only the fields of its row in the
 * contract; any other field is a 422 naming it (metadata and order change
 * through the replace-all POST).
 */
function singleItemBody<Shape extends z.ZodRawShape>(kind: ItemKind, fields: string, shape: Shape) {
  const notHere = z
    .unknown()
    .refine(() => false, {
      error: `cannot be changed here: only ${fields} (send every ${kind} to POST /products/{key}/${kind}s to change the rest)`,
    })
    // In the reference: no other property is allowed (`not: {}` matches nothing).
    .meta({ not: {}, description: "Any other field is a 422 naming it." });
  return z.preprocess((body) => (body == null || body === "" ? {} : body), z.object(shape).catchall(notHere));
}

function singleItemFields(currency: string) {
  return {
    surcharge: moneyField(currency, { allowNegative: true })
      .optional()
      .meta({ description: "Added to the product's price; may be negative." }),
    quantity: intString(-1, 2_147_483_647, "a whole number, -1 for unlimited")
      .optional()
      .meta({ description: "-1 is unlimited." }),
    cost: moneyField(currency).optional(),
    weight: numberString("a number from 0").optional(),
  };
}

export function singleOptionBody(currency: string) {
  return singleItemBody("option", "surcharge, quantity, cost, weight and fetch_sku", {
    ...singleItemFields(currency),
    fetch_sku: formString.max(255, { error: "must be at most 255 characters" }).optional(),
  });
}

export function singleExtraBody(currency: string) {
  return singleItemBody("extra", "surcharge, quantity, cost and weight", singleItemFields(currency));
}

export type SingleItemInput = {
  surcharge?: number | undefined;
  quantity?: number | undefined;
  cost?: number | undefined;
  weight?: number | undefined;
  fetch_sku?: string | undefined;
};
