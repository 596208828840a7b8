import { z } from "zod";
import { InvalidRequestError, ValidationError } from "../errors.js";

/**
 * Request fields arrive as form fields (URL-encoded or multipart), where lists
 * and dictionaries are JSON strings; JSON bodies are tolerated too. Schemas here
 * accept both. Mapping to the error model (decisions.md):
 *   - malformed input (a JSON field that is not JSON, a wrong type) → 400 invalid_request
 *   - well-formed but invalid values, missing required fields       → 422 validation_failed
 */

const MALFORMED = "malformed";

/** A field holding JSON (a string in forms, or the value itself in a JSON body). */
export function jsonField<T extends z.ZodType>(inner: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be valid JSON", params: { kind: MALFORMED }, input: value });
      return z.NEVER;
    }
  }, inner);
}

/** A boolean form field: true/false/1/0 (any case); real booleans in JSON bodies. */
export const formBoolean = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const v = value.trim().toLowerCase();
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
    return value;
  },
  z.boolean({ error: "must be true or false" }),
);

/** A trimmed string field; an empty string counts as absent when optional. */
export const formString = z.string({ error: "must be a string" }).trim();

function fieldName(path: PropertyKey[]): string {
  return path.length ? String(path[0]) : "_";
}

function describeIssue(issue: z.core.$ZodIssue): { message: string; malformed: boolean } {
  if (issue.code === "custom" && (issue.params as { kind?: string } | undefined)?.kind === MALFORMED) {
    return { message: issue.message, malformed: true };
  }
  if (issue.code === "invalid_type") {
    const missing = (issue as { input?: unknown }).input === undefined;
    if (missing && issue.path.length <= 1) return { message: "is required", malformed: false };
    return {
      message: `must be ${issue.expected === "array" ? "a list" : issue.expected === "object" ? "a dictionary" : `a ${issue.expected}`}`,
      malformed: true,
    };
  }
  return { message: issue.message, malformed: false };
}

/** Parses a request body with a schema, throwing the API's 400/422 errors. */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const input = body == null || body === "" ? {} : body;
  if (typeof input !== "object" || Array.isArray(input)) {
    throw new InvalidRequestError("The request body must be form fields.");
  }
  // reportInput: zod 4 leaves `input` off issues unless asked, and describeIssue
  // needs it to tell a missing field (422) from one of the wrong type (400).
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  let malformed = false;
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path);
    const d = describeIssue(issue);
    malformed ||= d.malformed;
    fields[name] ??= d.message;
  }
  if (malformed) {
    const [name, message] = Object.entries(fields)[0] ?? ["body", "is malformed"];
    throw new InvalidRequestError(`${name} ${message}`, fields);
  }
  throw new ValidationError(fields);
}
