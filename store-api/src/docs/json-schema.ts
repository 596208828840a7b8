import type { z } from "zod";
import { jsonFields } from "../api/input.js";

type JsonSchema = z.core.JSONSchema.BaseSchema;

function isJsonField(schema: z.core.$ZodType | undefined): boolean {
  for (let s = schema; s; s = s._zod.parent) if (jsonFields.has(s)) return true;
  return false;
}

/**
 * How the reference shows a schema. A field holding JSON (api/input.ts
 * jsonField) travels as a string in forms, so it is documented as a string of
 * JSON whose content follows the field's schema, not as the list or dictionary
 * it becomes. As in the type provider's own override (which this one replaces),
 * union branches without a JSON Schema are dropped and "no body" is null.
 */
export function overrideJsonSchema(ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  const json = ctx.jsonSchema;
  // No body at all (api/schemas.ts noBody): "null" tells the reference to show no content.
  if (ctx.zodSchema._zod.def.type === "undefined") json.type = "null";
  // z.number().int() bounds itself to safe integers: true, and noise in a reference.
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (Array.isArray(json.anyOf)) json.anyOf = json.anyOf.filter((branch) => Object.keys(branch).length > 0);
  if (!isJsonField(ctx.zodSchema) || json.contentMediaType) return;
  // The description and vendor keys describe the field; the rest describes its JSON.
  const annotations = Object.entries(json).filter(([key]) => key === "description" || key.startsWith("x-"));
  const content = Object.fromEntries(
    Object.entries(json).filter(([key]) => key !== "description" && !key.startsWith("x-")),
  );
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, {
    type: "string",
    ...Object.fromEntries(annotations),
    contentMediaType: "application/json",
    contentSchema: content,
  });
}
