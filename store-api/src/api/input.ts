import { z } from "zod";
import { type ApiError, InvalidRequestError, ValidationError } from "./errors.js";

/**
 * Request fields arrive as form fields (URL-encoded or multipart), where lists
 * and dictionaries are JSON strings; JSON bodies are tolerated too. The helpers
 * here accept both. Mapping to the error model (docs/contract.md#errors):
 *   - malformed input (a JSON field that is not JSON, a wrong type) → 400 invalid_request
 *   - well-formed but invalid values, missing required fields       → 422 validation_failed
 */

const MALFORMED = "malformed";

/** Marks the schemas of fields that hold JSON, so the reference can say they are JSON strings. */
export const jsonFields = new WeakSet<z.core.$ZodType>();

/**
 * The most a JSON value the API takes may hold (docs/contract.md#encoding):
 * levels of nesting, keys of one dictionary or items of one list, and entries
 * (keys and items) in all. Within the body limit, a value past them is work
 * nobody needs (a product's metadata 5,000 levels deep) and would overflow the
 * stack of the code that writes it to a JSON column.
 */
export const JSON_LIMITS = { depth: 32, width: 10_000, entries: 200_000 } as const;

/** Why a parsed JSON value is past JSON_LIMITS (a sentence completing "<field> …"), or null. Iterative: any depth. */
export function jsonShapeProblem(value: unknown): string | null {
  let entries = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length) {
    const { value: at, depth } = stack.pop()!;
    if (typeof at !== "object" || at === null) continue;
    if (depth > JSON_LIMITS.depth)
      return `must not nest lists and dictionaries more than ${JSON_LIMITS.depth} levels deep`;
    const children = Array.isArray(at) ? at : Object.values(at);
    if (children.length > JSON_LIMITS.width) {
      return `must not hold more than ${JSON_LIMITS.width.toLocaleString("en-US")} ${Array.isArray(at) ? "items in one list" : "keys in one dictionary"}`;
    }
    entries += children.length;
    if (entries > JSON_LIMITS.entries) {
      return `must not hold more than ${JSON_LIMITS.entries.toLocaleString("en-US")} keys and items in all`;
    }
    for (const child of children)
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: depth + 1 });
  }
  return null;
}

/**
 * A field holding JSON (a string in forms, or the value itself in a JSON
 * body): malformed JSON is a 400, a value past JSON_LIMITS a 422.
 */
export function jsonField<T extends z.ZodType>(inner: T) {
  const field = z.preprocess((value, ctx) => {
    let parsed = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be valid JSON", params: { kind: MALFORMED }, input: value });
        return z.NEVER;
      }
    }
    const problem = jsonShapeProblem(parsed);
    if (problem) {
      // Not the value itself as the issue's input: nothing downstream needs to walk it again.
      ctx.addIssue({ code: "custom", message: problem, input: "(a JSON value)" });
      return z.NEVER;
    }
    return parsed;
  }, inner);
  jsonFields.add(field);
  return field;
}

/** A boolean form field: true/false/1/0 (any case); real booleans in JSON bodies. */
export const formBoolean = z
  .preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const v = value.trim().toLowerCase();
      if (v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      return value;
    },
    z.boolean({ error: "must be true or false" }),
  )
  .meta({ description: "true or false (1 and 0 work too)" });

/** A trimmed string field; an empty string counts as absent when optional. */
export const formString = z.string({ error: "must be a string" }).trim();

/**
 * A form parameter taken as sent: a string, or a list when the field is repeated.
 * For the OAuth endpoints and the HTML forms, whose handlers answer a missing or
 * repeated parameter with their own page or RFC 6749 error.
 */
export const formParam = z.union([z.string(), z.array(z.string())]);

function isFields(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

/** Empty form fields count as absent (an HTML form sends every input). */
function withoutEmpty(body: unknown): unknown {
  if (!isFields(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== undefined));
}

/**
 * The body of an API write: form fields, or a JSON object. No body counts as no
 * fields; anything else that is not a set of fields is a 400 (see inputError).
 */
export function formBody<Shape extends z.ZodRawShape>(shape: Shape, opts: { emptyIsAbsent?: boolean } = {}) {
  return z.preprocess((body) => {
    const input = body == null || body === "" ? {} : body;
    return opts.emptyIsAbsent ? withoutEmpty(input) : input;
  }, z.object(shape));
}

/**
 * formBody for a schema built by hand (an object with a catchall, or a
 * transform of the whole body): no body counts as no fields, and empty form
 * values as absent.
 */
export function formBodyOf<T extends z.ZodType>(schema: T) {
  return z.preprocess((body) => withoutEmpty(body == null || body === "" ? {} : body), schema);
}

/**
 * An issue that makes the request malformed (a 400, like a field that is not
 * JSON), for a rule about the shape of a whole body: `line_N_` fields with a
 * gap in their numbers (docs/contract.md#errors).
 */
export function malformedIssue(field: string, message: string, input: unknown): z.core.$ZodRawIssue {
  return { code: "custom", message, params: { kind: MALFORMED }, input, path: [field] };
}

/**
 * The same for a single value of the wrong type (a JSON list or dictionary
 * where a number or text goes: docs/contract.md#errors), raised inside the
 * value's own schema: the issue takes the value's path.
 */
export function wrongTypeIssue(message: string, input: unknown): z.core.$ZodRawIssue {
  return { code: "custom", message, params: { kind: MALFORMED }, input };
}

/**
 * Parameters checked by their handler, not here (see formParam): every field
 * optional, unknown ones kept, and a body that is not a set of fields read as none.
 */
export function looseFields<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess((body) => (isFields(body) ? body : {}), z.looseObject(shape));
}

function fieldName(path: PropertyKey[]): string {
  return path.length ? String(path[0]) : "_";
}

function describeIssue(issue: z.core.$ZodIssue): { message: string; malformed: boolean } {
  if (issue.code === "custom" && issue.params?.kind === MALFORMED) {
    return { message: issue.message, malformed: true };
  }
  if (issue.code === "invalid_type") {
    const missing = issue.input === undefined;
    if (missing && issue.path.length <= 1) return { message: "is required", malformed: false };
    return {
      message: `must be ${issue.expected === "array" ? "a list" : issue.expected === "object" ? "a dictionary" : `a ${issue.expected}`}`,
      malformed: true,
    };
  }
  return { message: issue.message, malformed: false };
}

/**
 * The API error for failed input: 400 invalid_request when anything is malformed,
 * else 422 validation_failed; `fields` names each bad field once. The issues must
 * carry their input (parse with reportInput) to tell a missing field from a wrong type.
 */
export function inputError(issues: readonly z.core.$ZodIssue[]): ApiError {
  if (issues.some((i) => i.path.length === 0 && i.code === "invalid_type")) {
    return new InvalidRequestError("The request body must be form fields.");
  }
  const fields: Record<string, string> = {};
  let malformed = false;
  for (const issue of issues) {
    const name = fieldName(issue.path);
    const d = describeIssue(issue);
    malformed ||= d.malformed;
    fields[name] ??= d.message;
  }
  if (malformed) {
    const [name, message] = Object.entries(fields)[0] ?? ["body", "is malformed"];
    return new InvalidRequestError(`${name} ${message}`, fields);
  }
  return new ValidationError(fields);
}

/** Parses a request body with a schema, throwing the API's 400/422 errors (for input a route schema does not cover). */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const input = body == null || body === "" ? {} : body;
  if (!isFields(input)) throw new InvalidRequestError("The request body must be form fields.");
  // reportInput: zod 4 leaves `input` off issues unless asked, and inputError
  // needs it to tell a missing field (422) from one of the wrong type (400).
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw inputError(result.error.issues);
}
