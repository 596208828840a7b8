import { z } from "zod";

/** The contract's request encodings: form fields, URL-encoded or multipart; JSON tolerated. */
export const FORM_ENCODINGS = ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"];

/** Every failed API request (docs/contract.md#errors). */
export const apiError = z
  .object({
    error: z
      .string()
      .meta({ description: "A code: invalid_request, invalid_token, insufficient_scope, forbidden, not_found, …" }),
    error_description: z.string().meta({ description: "One sentence for a person." }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "What is wrong with each bad field (400 and 422 only)." }),
  })
  .meta({ description: "The request failed: {error, error_description, fields?}." });

/** The error responses every API route may give. */
export const apiErrors = { "4xx": apiError } as const;

/** A path id: a positive 32-bit integer; anything else names no resource (404). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647)
    .meta({ description: "A positive integer id." }),
});

/** What DELETE answers everywhere. */
export const deleted = z.literal(true).meta({ description: "Deleted." });

/** A response without a body (a redirect, an empty 200), for a route's response schema. */
export function noBody(description: string) {
  return z.undefined().meta({ description });
}
