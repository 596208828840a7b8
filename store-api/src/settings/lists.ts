import { z } from "zod";
import { formString, jsonField, jsonFields } from "../api/input.js";

/**
 * The JSON list fields of the shipping and tax groups (`options`, `rules`)
 * and what their items share. A bad item makes the request a 400 or 422 whose
 * `fields` name the list field, with one sentence that says which item and
 * what is wrong: `{"options": "option 2: price_range_rates, range 3: range_max
 * must be above the previous range's (10)"}` (docs/contract.md#errors).
 */

/**
 * The kind of issue api/input.ts reads as malformed (a 400) whatever its
 * code: the item lists report a wrong type deep inside an item as one such
 * issue on the list field, with their own sentence.
 */
const MALFORMED = { kind: "malformed" } as const;

/** How the items of nested lists are called in messages ("price_range_rates, range 3"). */
const NESTED_NOUNS: Record<string, string> = {
  price_range_rates: "range",
  quantity_range_rates: "range",
  weight_range_rates: "range",
  destinations: "destination",
};

function typeName(expected: unknown): string {
  if (expected === "array") return "a list";
  if (expected === "object") return "a dictionary";
  if (expected === "boolean") return "true or false";
  return `a ${String(expected)}`;
}

function isMalformed(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "custom") return issue.params?.kind === MALFORMED.kind;
  return issue.code === "invalid_type" && issue.input !== undefined;
}

/** What one issue inside an item says: "option 2: price_range_rates, range 3: range_max must be …". */
function describe(issue: z.core.$ZodIssue, noun: string): string {
  let message = issue.message;
  if (issue.code === "invalid_type") {
    message =
      issue.input === undefined
        ? "is required"
        : message.startsWith("Invalid input")
          ? `must be ${typeName(issue.expected)}`
          : message;
  } else if (issue.code === "unrecognized_keys") {
    const names = issue.keys.map((k) => `"${k.slice(0, 50)}"`).join(", ");
    message = `${issue.keys.length > 1 ? "have unknown fields" : "has an unknown field"} ${names}`;
  }
  const [index, ...rest] = issue.path;
  if (typeof index !== "number") return message;
  const places = [`${noun} ${index + 1}`];
  let leaf = "";
  for (let i = 0; i < rest.length; i++) {
    const segment = rest[i];
    const next = rest[i + 1];
    if (typeof segment === "string" && typeof next === "number") {
      places.push(`${segment}, ${NESTED_NOUNS[segment] ?? "item"} ${next + 1}`);
      i++;
    } else if (typeof segment === "string" && i === rest.length - 1) {
      leaf = segment;
    } else {
      places.push(String(segment));
    }
  }
  // "option 2: name must not be empty"; of the item itself, a sentence: "option 2 has an unknown field …".
  return leaf ? `${places.join(": ")}: ${leaf} ${message}` : `${places.join(": ")} ${message}`;
}

/** The JSON Schema of `schema` as the reference shows a request (for an item list's documentation). */
function documentation(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json;
}

/**
 * A list field of items (`options`, `rules`): a JSON list, as a string in
 * forms or the list itself in a JSON body; empty (or null) is the empty list.
 * Not JSON, not a list, or a wrong type inside an item is a 400; any other bad
 * item a 422; both name the field, and the sentence names the item (`noun n`).
 */
export function itemList<T extends z.ZodType>(item: T, opts: { noun: string; max: number }) {
  const list = z
    .array(item, { error: "must be a JSON list" })
    .max(opts.max, { error: `may hold at most ${opts.max} ${opts.noun}s` });
  const checked = z
    .unknown()
    .transform((value, ctx): z.output<typeof list> => {
      const result = list.safeParse(value, { reportInput: true });
      if (result.success) return result.data;
      const issues = result.error.issues;
      const malformed = issues.find(isMalformed);
      const first = malformed ?? issues[0]!;
      const more = issues.length - 1;
      const message =
        describe(first, opts.noun) + (more > 0 ? ` (and ${more} more ${more === 1 ? "problem" : "problems"})` : "");
      ctx.addIssue({ code: "custom", message, input: value, ...(malformed ? { params: MALFORMED } : {}) });
      return z.NEVER;
    })
    .meta(documentation(list));
  const field = z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? [] : v),
    jsonField(checked),
  );
  // Documented as the JSON string it travels as (docs/json-schema.ts).
  jsonFields.add(field);
  return field;
}

/** A nested list inside an item (ranges, destinations): a list, or a string of JSON; empty or null is none. */
export function nestedList<T extends z.ZodType>(item: T, opts: { noun: string; max: number }) {
  return z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? [] : v),
    jsonField(
      z.array(item, { error: "must be a list" }).max(opts.max, { error: `may hold at most ${opts.max} ${opts.noun}s` }),
    ),
  );
}

/** An item's `id`: a whole number (or its digits as text) naming one of the parent's items. */
export const itemId = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== "number" && typeof value !== "string") {
      ctx.addIssue({ code: "invalid_type", expected: "number", input: value, message: "must be a whole number" });
      return z.NEVER;
    }
    const n = typeof value === "string" && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value;
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647) return n;
    ctx.addIssue({ code: "custom", message: "must be the whole-number id of an existing item", input: value });
    return z.NEVER;
  })
  .meta({ type: ["integer", "string"], description: "The id of an existing item, to keep and update it." });

/** A field the API shows but never takes: a 422 naming it. */
export function readOnlyField(message: string) {
  return z
    .unknown()
    .refine(() => false, { error: message })
    .meta({ description: "Not writable: a 422 naming it." });
}

/** A shipping or tax group's name. */
export const groupName = formString
  .min(1, { error: "must not be empty" })
  .max(255, { error: "must be at most 255 characters" });
